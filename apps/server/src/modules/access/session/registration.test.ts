import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { compareMedians } from '../../../../test/timing';

const t = testAppPerFile();

const REG = '/api/user/rest/v1/users/register';
const good = {
  loginName: 'new.seller',
  userName: 'New Seller',
  email: 'seller@example.com',
  company: 'Seller Ltd',
  password: 'Seller-pass-1',
};

describe('POST user/rest/v1/users/register', () => {
  it('creates a pending shop account in an account of its own that cannot sign in yet', async () => {
    const res = await t.call('POST', REG, { body: good });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe('pending');
    const login = await t.call('POST', '/api/user/rest/v2/login', {
      body: { loginName: 'new.seller', password: 'Seller-pass-1' },
    });
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

  it('refuses bad input with 400, writing nothing', async () => {
    const before = await t.database.pool.query('SELECT count(*)::int AS n FROM users');
    const bad = await t.call('POST', REG, { body: { ...good, loginName: 'x y', email: 'not-mail', password: 'short' } });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().data.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['loginName', 'email', 'password']));
    const after = await t.database.pool.query('SELECT count(*)::int AS n FROM users');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('registration does not tell taken names from free ones', () => {
  it('answers a taken name as it answers a free one, creates nothing, and tells the owner', async () => {
    const count = async () => (await t.database.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n as number;
    const before = await count();
    const taken = await t.call('POST', REG, { body: { ...good, loginName: 'ADMIN', email: 'attacker@example.com' } });
    expect(await count()).toBe(before);
    const free = await t.call('POST', REG, { body: { ...good, loginName: 'fresh.seller' } });
    expect(await count()).toBe(before + 1);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual(free.json());
    expect(free.json().data).toEqual({ state: 'pending' });
    expect(t.codes.notices).toEqual([expect.objectContaining({ loginName: 'admin', kind: 'registration-attempt' })]);
    // The admin's own account is untouched.
    await t.login('admin');
  });

  it('takes as long for a taken name as for a free one', async () => {
    const m = await compareMedians(
      () => t.call('POST', REG, { body: { ...good, loginName: 'cs.agent' } }),
      (i) => t.call('POST', REG, { body: { ...good, loginName: `timing.seller.${i}` } }),
    );
    expect(m.diff, `taken ${m.a.toFixed(1)} ms, free ${m.b.toFixed(1)} ms`).toBeLessThan(40);
  });

  it('is throttled per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await t.call('POST', REG, { body: { ...good, loginName: `burst.${i}` }, ip: '10.77.0.1' })).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    const over = await t.call('POST', REG, { body: { ...good, loginName: 'burst.10' }, ip: '10.77.0.1' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await t.database.pool.query(`SELECT 1 FROM users WHERE login_name = 'burst.10'`)).rows).toEqual([]);
    expect((await t.call('POST', REG, { body: { ...good, loginName: 'burst.10' }, ip: '10.77.0.2' })).statusCode).toBe(200);
  });
});

describe('own profile and password', () => {
  it('changes the own password, keeps this session and ends the others', async () => {
    const a = await t.login('ppc.specialist');
    const b = await t.login('ppc.specialist');
    const wrong = await t.call('PUT', '/api/user/rest/v1/users/password', {
      token: a,
      body: { oldPassword: 'nope', newPassword: 'Fresh-pass-77' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.call('PUT', '/api/user/rest/v1/users/password', {
      token: a,
      body: { oldPassword: 'Demo-pass-123', newPassword: 'Fresh-pass-77' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/rest/v1/login', { token: a })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/rest/v1/login', { token: b })).statusCode).toBe(401);
    expect(
      (await t.call('PUT', '/api/user/rest/v1/users/password', { body: { oldPassword: 'x', newPassword: 'Fresh-pass-77' } }))
        .statusCode,
    ).toBe(401);
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
    expect(me).toMatchObject({
      userName: 'PM 项目',
      email: 'pm@example.com',
      zoneId: 'Europe/Berlin',
      language: 'en-US',
      accountId: 1,
    });
  });
});
