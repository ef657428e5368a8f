import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile();

const URL = '/api/user/rest/v1/users/mailSettings';
const body = (version: number) => ({
  senderName: 'Lumio Support',
  signature: 'Best regards,\nLumio Support',
  autoSignature: true,
  notifyOnAssignment: false,
  dailyDigest: true,
  notificationEmail: 'cs@example.com',
  version,
});

describe('user/rest/v1/users/mailSettings', () => {
  it('answers defaults until saved, then saves with a version and refuses a stale one', async () => {
    const token = await t.login('cs.lead');
    const first = (await t.call('GET', URL, { token })).json().data;
    expect(first).toMatchObject({ version: 0, autoSignature: true, notificationEmail: null });
    const saved = await t.call('PUT', URL, { token, body: body(0) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.version).toBe(1);
    expect((await t.call('GET', URL, { token })).json().data).toEqual(body(1));
    expect((await t.call('PUT', URL, { token, body: body(0) })).statusCode).toBe(409);
    const audit = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'user.mailSettings.update'`,
    );
    expect(audit.rows[0].n).toBe(1);
  });

  it('keeps settings per user', async () => {
    const lead = await t.login('cs.lead');
    const admin = await t.login('admin');
    expect((await t.call('GET', URL, { token: admin })).json().data.version).toBe(0);
    expect((await t.call('GET', URL, { token: lead })).json().data.version).toBe(1);
  });

  it('answers 400 for bad input, 401 without a token, 403 without the permissions', async () => {
    const token = await t.login('cs.lead');
    expect((await t.call('PUT', URL, { token, body: { ...body(1), notificationEmail: 'nope' } })).statusCode).toBe(400);
    expect((await t.call('PUT', URL, { token, body: { ...body(1), signature: 'x'.repeat(2001) } })).statusCode).toBe(400);
    expect((await t.call('PUT', URL, { token, body: { ...body(1), userId: 1 } })).statusCode).toBe(400);
    expect((await t.call('GET', URL)).statusCode).toBe(401);
    const analyst = await t.login('sales.analyst');
    expect((await t.call('GET', URL, { token: analyst })).statusCode).toBe(403);
  });
});
