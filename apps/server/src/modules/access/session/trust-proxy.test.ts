/**
 * Issue #18 (11): X-Forwarded-For decides the client address only when the connection
 * comes from a configured proxy (TRUST_PROXY); otherwise a client could pick a fresh
 * address per request and step around every per-address throttle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { loadConfig } from '../../../config';

const LOGIN = '/api/user/rest/v2/login';
const good = { loginName: 'pm', password: 'Demo-pass-123' };

async function loginIp(t: TestApp, remote: string, forwarded: string): Promise<string> {
  const res = await t.call('POST', LOGIN, { body: good, ip: remote, headers: { 'x-forwarded-for': forwarded } });
  expect(res.statusCode).toBe(200);
  const row = await t.database.pool.query(`SELECT ip FROM audit_log WHERE action = 'session.login' ORDER BY id DESC LIMIT 1`);
  return row.rows[0].ip;
}

describe('TRUST_PROXY', () => {
  it('is off by default and takes addresses, CIDRs or a hop count', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16 ::1' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    const hops = loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY;
    expect(hops).toEqual(expect.objectContaining({ hops: 2 }));
    expect(typeof hops === 'function' && [hops('10.0.0.1', 0), hops('10.0.0.2', 1), hops('10.0.0.3', 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('ignores X-Forwarded-For, even from a loopback connection', async () => {
    expect(await loginIp(t, '127.0.0.1', '203.0.113.7')).toBe('127.0.0.1');
  });

  it('does not let a client step around the address throttle with a forged header per request', async () => {
    for (let i = 0; i < 10; i++) {
      await t.call('POST', LOGIN, {
        body: { loginName: `ghost${i}`, password: 'x' },
        ip: '127.0.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
    }
    const r = await t.call('POST', LOGIN, { body: good, ip: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.99' } });
    expect(r.statusCode).toBe(429);
  });
});

describe('with TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: ['127.0.0.1'] });
  });
  afterAll(async () => t.close());

  it('takes the client address from X-Forwarded-For sent by a configured proxy', async () => {
    expect(await loginIp(t, '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from any other address', async () => {
    expect(await loginIp(t, '10.3.3.3', '203.0.113.8')).toBe('10.3.3.3');
  });
});
