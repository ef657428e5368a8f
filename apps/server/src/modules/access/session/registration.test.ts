import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const REG = '/api/user/rest/v1/users/register';
const good = { loginName: 'new.seller', userName: 'New Seller', email: 'seller@example.com', company: 'Seller Ltd', password: 'Seller-pass-1' };

describe('POST user/rest/v1/users/register', () => {
  it('creates a pending shop account in an account of its own that cannot sign in yet', async () => {
    const res = await t.call('POST', REG, { body: good });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe('pending');
    const login = await t.call('POST', '/api/user/rest/v2/login', { body: { loginName: 'new.seller', password: 'Seller-pass-1' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().msg).toContain('approval');
    const row = await t.database.pool.query(`SELECT account_id, user_type, enabled FROM users WHERE login_name = 'new.seller'`);
    expect(row.rows[0]).toMatchObject({ user_type: 0, enabled: false });
    expect(row.rows[0].account_id).not.toBe(1);
  });

  it('ignores accountId and userType sent in the body', async () => {
    const res = await t.call('POST', REG, { body: { ...good, loginName: 'sneaky', accountId: 1, userType: 1, enabled: true } });
    expect(res.statusCode).toBe(200);
    const row = await t.database.pool.query(`SELECT account_id, user_type, enabled FROM users WHERE login_name = 'sneaky'`);
    expect(row.rows[0].account_id).not.toBe(1);
    expect(row.rows[0].user_type).toBe(0);
    expect(row.rows[0].enabled).toBe(false);
  });

  it('refuses a taken login name with 409 and bad input with 400, writing nothing', async () => {
    const before = await t.database.pool.query('SELECT count(*)::int AS n FROM users');
    expect((await t.call('POST', REG, { body: { ...good, loginName: 'ADMIN' } })).statusCode).toBe(409);
    const bad = await t.call('POST', REG, { body: { ...good, loginName: 'x y', email: 'not-mail', password: 'short' } });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().data.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['loginName', 'email', 'password']));
    const after = await t.database.pool.query('SELECT count(*)::int AS n FROM users');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('own profile and password', () => {
  it('changes the own password, keeps this session and ends the others', async () => {
    const a = await t.login('ppc.specialist');
    const b = await t.login('ppc.specialist');
    const wrong = await t.call('PUT', '/api/user/rest/v1/users/password', { token: a, body: { oldPassword: 'nope', newPassword: 'Fresh-pass-77' } });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.call('PUT', '/api/user/rest/v1/users/password', { token: a, body: { oldPassword: 'Demo-pass-123', newPassword: 'Fresh-pass-77' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/rest/v1/login', { token: a })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/rest/v1/login', { token: b })).statusCode).toBe(401);
    expect((await t.call('PUT', '/api/user/rest/v1/users/password', { body: { oldPassword: 'x', newPassword: 'Fresh-pass-77' } })).statusCode).toBe(401);
  });

  it('updates the own profile, refusing unknown fields such as accountId', async () => {
    const token = await t.login('pm');
    const sneaky = await t.call('PUT', '/api/user/rest/v1/users/profile', {
      token,
      body: { userName: 'PM', email: null, zoneId: 'Europe/Berlin', language: 'en-US', accountId: 9 },
    });
    expect(sneaky.statusCode).toBe(400);
    const ok = await t.call('PUT', '/api/user/rest/v1/users/profile', {
      token,
      body: { userName: 'PM 项目', email: 'pm@example.com', zoneId: 'Europe/Berlin', language: 'en-US' },
    });
    expect(ok.statusCode).toBe(200);
    const me = (await t.call('GET', '/api/user/rest/v1/login', { token })).json().data;
    expect(me).toMatchObject({ userName: 'PM 项目', email: 'pm@example.com', zoneId: 'Europe/Berlin', language: 'en-US', accountId: 1 });
  });
});
