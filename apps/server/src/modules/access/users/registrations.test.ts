import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile({ admin: true });

const REGS = '/api/user/rest/v1/users/registrations';
const PASSWORD = 'Seller-pass-1';
const one = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows[0];

async function register(loginName: string) {
  const res = await t.call('POST', '/api/user/rest/v1/users/register', {
    body: {
      loginName,
      userName: `${loginName} owner`,
      email: `${loginName}@example.com`,
      company: `${loginName} Ltd`,
      password: PASSWORD,
    },
  });
  expect(res.statusCode).toBe(200);
  return one(`SELECT id, version, account_id FROM users WHERE login_name = $1`, [loginName]);
}

type Registration = { id: number; loginName: string; company: string; email: string; version: number };
const pending = async (token = t.admin): Promise<Registration[]> => (await t.call('GET', REGS, { token })).json().data.list;

describe('pending registrations', () => {
  it('lists them for the company administrator, who approves one with a role; the seller then signs in', async () => {
    const reg = await register('seller.one');
    const listed = (await pending()).find((r) => r.loginName === 'seller.one');
    expect(listed).toMatchObject({
      id: reg.id,
      company: 'seller.one Ltd',
      email: 'seller.one@example.com',
      version: reg.version,
    });
    const role = await one(`SELECT id FROM roles WHERE name = 'external shop account'`);
    const res = await t.call('PUT', `${REGS}/${reg.id}/approve`, {
      token: t.admin,
      body: { version: reg.version, roleIds: [role.id] },
    });
    expect(res.statusCode).toBe(200);
    expect((await pending()).some((r) => r.loginName === 'seller.one')).toBe(false);
    const token = await t.login('seller.one', PASSWORD);
    const me = (await t.call('GET', '/api/user/rest/v1/login', { token })).json().data;
    expect(me).toMatchObject({ accountId: reg.account_id, userType: 0 });
    expect(me.accountId).not.toBe(1);
    const perms = (await t.call('GET', '/api/user/rest/v2/users/permissions', { token })).json().data as {
      authPattern: string;
    }[];
    expect(perms.map((p) => p.authPattern)).toContain('user:shop:auth');
    const row = await one(
      `SELECT actor_user_id, before, after FROM audit_log WHERE action = 'user.registration.approve' AND entity_id = $1`,
      [String(reg.id)],
    );
    expect(row).toMatchObject({
      actor_user_id: 1,
      before: { state: 'pending' },
      after: { state: 'active', roles: ['external shop account'] },
    });
  });

  it('rejects one: it leaves the list and can never sign in', async () => {
    const reg = await register('seller.two');
    const res = await t.call('PUT', `${REGS}/${reg.id}/reject`, {
      token: t.admin,
      body: { version: reg.version, reason: 'unknown company' },
    });
    expect(res.statusCode).toBe(200);
    expect((await pending()).some((r) => r.loginName === 'seller.two')).toBe(false);
    const login = await t.call('POST', '/api/user/rest/v2/login', { body: { loginName: 'seller.two', password: PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect(login.json().msg).toContain('not approved');
    expect(await one(`SELECT state, enabled FROM users WHERE id = $1`, [reg.id])).toEqual({ state: 'rejected', enabled: false });
    const row = await one(`SELECT after FROM audit_log WHERE action = 'user.registration.reject' AND entity_id = $1`, [
      String(reg.id),
    ]);
    expect(row.after).toMatchObject({ state: 'rejected', reason: 'unknown company' });
    // Rejected is final through this screen.
    expect(
      (await t.call('PUT', `${REGS}/${reg.id}/approve`, { token: t.admin, body: { version: reg.version + 1 } })).statusCode,
    ).toBe(404);
  });

  it('answers 409 for a stale version and 404 for a user that is not a pending registration', async () => {
    const reg = await register('seller.three');
    expect(
      (await t.call('PUT', `${REGS}/${reg.id}/approve`, { token: t.admin, body: { version: reg.version + 5 } })).statusCode,
    ).toBe(409);
    const pm = await one(`SELECT id, version FROM users WHERE login_name = 'pm'`);
    expect((await t.call('PUT', `${REGS}/${pm.id}/approve`, { token: t.admin, body: { version: pm.version } })).statusCode).toBe(
      404,
    );
    expect((await t.call('PUT', `${REGS}/${pm.id}/reject`, { token: t.admin, body: { version: pm.version } })).statusCode).toBe(
      404,
    );
  });

  it('grants no role beyond the approver, and keeps approval to the company account', async () => {
    const reg = await register('seller.four');
    const hash = (await one(`SELECT password_hash FROM users WHERE login_name = 'pm'`)).password_hash;
    const approverRole = await one(`INSERT INTO roles (account_id, name) VALUES (1, 'approver') RETURNING id`);
    await t.database.pool.query(
      `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern IN ('user:child', 'user:child:approve')`,
      [approverRole.id],
    );
    const approver = await one(
      `INSERT INTO users (account_id, login_name, user_name, password_hash) VALUES (1, 'approver', 'A', $1) RETURNING id`,
      [hash],
    );
    await t.database.pool.query(`INSERT INTO user_roles VALUES ($1, $2)`, [approver.id, approverRole.id]);
    const token = await t.login('approver');
    const shopRole = await one(`SELECT id FROM roles WHERE name = 'external shop account'`);
    const beyond = await t.call('PUT', `${REGS}/${reg.id}/approve`, {
      token,
      body: { version: reg.version, roleIds: [shopRole.id] },
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().msg).toContain('permissions you do not hold');
    // An external account holding the same permissions sees and approves nothing.
    const shopA = await one(`SELECT id FROM users WHERE login_name = 'shop.a'`);
    await t.database.pool.query(`INSERT INTO user_roles VALUES ($1, $2)`, [shopA.id, approverRole.id]);
    const external = await t.login('shop.a');
    expect((await t.call('GET', REGS, { token: external })).statusCode).toBe(403);
    expect(
      (await t.call('PUT', `${REGS}/${reg.id}/approve`, { token: external, body: { version: reg.version } })).statusCode,
    ).toBe(403);
    expect((await t.call('PUT', `${REGS}/${reg.id}/approve`, { token, body: { version: reg.version } })).statusCode).toBe(200);
  });

  it('answers 401 without a session, 403 without user:child:approve, 400 on unknown fields', async () => {
    expect((await t.call('GET', REGS)).statusCode).toBe(401);
    const manager = await t.login('sales.manager'); // holds user:child, no buttons
    expect((await t.call('GET', REGS, { token: manager })).statusCode).toBe(403);
    const reg = await register('seller.five');
    expect(
      (await t.call('PUT', `${REGS}/${reg.id}/approve`, { token: manager, body: { version: reg.version } })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('PUT', `${REGS}/${reg.id}/approve`, { token: t.admin, body: { version: reg.version, accountId: 1 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call('PUT', `${REGS}/${reg.id}/reject`, { token: t.admin, body: { version: reg.version, enabled: true } }))
        .statusCode,
    ).toBe(400);
  });
});
