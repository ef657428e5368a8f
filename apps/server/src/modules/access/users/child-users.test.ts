import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile({ admin: true });

const CHILD = '/api/user/rest/v1/users/child';
const q1 = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows[0];

describe('user/rest/v1/users/child', () => {
  it('lists the users of the account with roles, pages and filters', async () => {
    const res = await t.call('GET', CHILD, { token: t.admin, query: { pageSize: '5' } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.list).toHaveLength(5);
    // admin, seven demo users, and the two directors of the sales demo.
    expect(d.total).toBe(10);
    expect(d.list.every((u: { loginName: string }) => !u.loginName.startsWith('shop.'))).toBe(true);
    const ppc = (await t.call('GET', CHILD, { token: t.admin, query: { keyword: 'ppc' } })).json().data.list;
    expect(ppc[0].roles[0].name).toBe('PPC specialist');
  });

  it('creates a user with roles and shops of the account, who can then sign in', async () => {
    const role = await q1(`SELECT id FROM roles WHERE name = 'sales analyst'`);
    const shop = await q1(`SELECT id FROM shops WHERE account_id = 1 ORDER BY id LIMIT 1`);
    const res = await t.call('POST', CHILD, {
      token: t.admin,
      body: {
        loginName: 'new.analyst',
        userName: 'New Analyst',
        email: 'na@example.com',
        password: 'Analyst-pass-1',
        roleIds: [role.id],
        shopIds: [shop.id],
      },
    });
    expect(res.statusCode).toBe(200);
    const token = await t.login('new.analyst', 'Analyst-pass-1');
    const me = (await t.call('GET', '/api/user/rest/v1/login', { token })).json().data;
    expect(me).toMatchObject({ accountId: 1, userType: 1, shopIds: [shop.id] });
  });

  it('offers the account roles to a user manager without the role editor, marking what they may not give', async () => {
    // sales.manager holds user:child but not user:role:perms: the pickers of /user/child
    // must not call the role editor's list (issue 19, item 8).
    const token = await t.login('sales.manager');
    expect((await t.call('GET', '/api/user/rest/v1/roles', { token })).statusCode).toBe(403);
    const res = await t.call('GET', `${CHILD}/role-options`, { token });
    expect(res.statusCode).toBe(200);
    const roles: { id: number; name: string; assignable: boolean }[] = res.json().data;
    const byName = new Map(roles.map((r) => [r.name, r]));
    expect(byName.get('sales analyst')?.assignable).toBe(true);
    expect(byName.get('PPC specialist')?.assignable).toBe(false);
    // What the list marks as not assignable, the server refuses to give.
    const ppc = byName.get('PPC specialist');
    const refused = await t.call('POST', CHILD, {
      token,
      body: { loginName: 'via.manager', userName: 'V', password: 'Viamgr-pass-1', roleIds: [ppc?.id] },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses foreign roles and shops, taken names, and mass assignment', async () => {
    const foreignShop = await q1(`SELECT id FROM shops WHERE account_id = 2 LIMIT 1`);
    const base = { loginName: 'x.user', userName: 'X', password: 'Xuser-pass-1' };
    expect((await t.call('POST', CHILD, { token: t.admin, body: { ...base, shopIds: [foreignShop.id] } })).statusCode).toBe(400);
    expect((await t.call('POST', CHILD, { token: t.admin, body: { ...base, loginName: 'PLANNER' } })).statusCode).toBe(409);
    expect((await t.call('POST', CHILD, { token: t.admin, body: { ...base, accountId: 2 } })).statusCode).toBe(400);
    expect((await t.call('POST', CHILD, { token: t.admin, body: { ...base, userType: 0 } })).statusCode).toBe(400);
    expect(await q1(`SELECT count(*)::int AS n FROM users WHERE login_name = 'x.user'`)).toEqual({ n: 0 });
  });

  it('edits with a version, disables (sessions end at once), re-enables, and sets a password', async () => {
    const u = await q1(`SELECT id, version FROM users WHERE login_name = 'cs.agent'`);
    const session = await t.login('cs.agent');
    const upd = await t.call('PUT', `${CHILD}/${u.id}`, {
      token: t.admin,
      body: { version: u.version, userName: 'Agent Smith', roleIds: [], shopIds: [] },
    });
    expect(upd.statusCode).toBe(200);
    expect(
      (
        await t.call('PUT', `${CHILD}/${u.id}`, {
          token: t.admin,
          body: { version: u.version, userName: 'Stale', roleIds: [], shopIds: [] },
        })
      ).statusCode,
    ).toBe(409);
    const v = upd.json().data.version;
    const off = await t.call('PUT', `${CHILD}/${u.id}/state`, { token: t.admin, body: { enabled: false, version: v } });
    expect(off.statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/rest/v1/login', { token: session })).statusCode).toBe(401);
    const on = await t.call('PUT', `${CHILD}/${u.id}/state`, {
      token: t.admin,
      body: { enabled: true, version: off.json().data.version },
    });
    expect(on.statusCode).toBe(200);
    expect((await t.call('PUT', `${CHILD}/${u.id}/password`, { token: t.admin, body: { password: 'weak' } })).statusCode).toBe(
      400,
    );
    expect(
      (await t.call('PUT', `${CHILD}/${u.id}/password`, { token: t.admin, body: { password: 'Agent-pass-99' } })).statusCode,
    ).toBe(200);
    await t.login('cs.agent', 'Agent-pass-99');
  });

  it('keeps registrations, which live in accounts of their own, out of the company user list', async () => {
    await t.call('POST', '/api/user/rest/v1/users/register', {
      body: { loginName: 'wannabe', userName: 'W', email: 'w@example.com', company: 'W Ltd', password: 'Wannabe-pass-1' },
    });

    const list = (await t.call('GET', CHILD, { token: t.admin, query: { state: 'pending' } })).json().data;
    expect(list.total).toBe(0);
  });

  it('closes escalation: not oneself, not the administrator, not other accounts', async () => {
    const self = await q1(`SELECT id, version FROM users WHERE login_name = 'admin'`);
    expect(
      (await t.call('PUT', `${CHILD}/${self.id}/state`, { token: t.admin, body: { enabled: false, version: self.version } }))
        .statusCode,
    ).toBe(403);
    const shopB = await q1(`SELECT id, version FROM users WHERE login_name = 'shop.b'`);
    expect(
      (await t.call('PUT', `${CHILD}/${shopB.id}/state`, { token: t.admin, body: { enabled: false, version: shopB.version } }))
        .statusCode,
    ).toBe(404);
    const manager = await t.login('sales.manager');
    const adminRole = await q1(`SELECT id FROM roles WHERE builtin`);
    const r = await t.call('POST', CHILD, {
      token: manager,
      body: { loginName: 'escalated', userName: 'E', password: 'Escalate-pass-1', roleIds: [adminRole.id] },
    });
    expect(r.statusCode).toBe(403);
  });

  it('answers 401 without a token and 403 without the permissions', async () => {
    expect((await t.call('GET', CHILD)).statusCode).toBe(401);
    const analyst = await t.login('sales.analyst');
    expect((await t.call('GET', CHILD, { token: analyst })).statusCode).toBe(403);
    const manager = await t.login('sales.manager'); // holds user:child but no buttons
    expect((await t.call('GET', CHILD, { token: manager })).statusCode).toBe(200);
  });
});

describe('GET user/rest/v1/audit-log', () => {
  it('shows administrators who did what, including god-view writes', async () => {
    const gv = (await t.call('GET', '/api/user/rest/v1/users/godView', { token: t.admin, query: { name: 'pm' } })).json().data
      .token;
    await t.call('PUT', '/api/user/rest/v1/users/profile', {
      token: gv,
      body: { userName: 'PM', email: null, zoneId: 'UTC', language: null },
    });
    const res = await t.call('GET', '/api/user/rest/v1/audit-log', { token: t.admin, query: { godViewOnly: 'true' } });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.list;
    expect(
      rows.some(
        (r: { action: string; actor: string; impersonator: string }) =>
          r.action === 'user.profile.update' && r.actor === 'pm' && r.impersonator === 'admin',
      ),
    ).toBe(true);
    expect(
      (await t.call('GET', '/api/user/rest/v1/audit-log', { token: t.admin, query: { from: 'yesterday' } })).statusCode,
    ).toBe(400);
    expect((await t.call('GET', '/api/user/rest/v1/audit-log', { token: await t.login('sales.manager') })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/user/rest/v1/audit-log')).statusCode).toBe(401);
  });
});

describe('user/rest/v1/userGroups', () => {
  it('creates, lists, updates with a version and deletes groups of the account’s users', async () => {
    const ids = (
      await t.database.pool.query(`SELECT id FROM users WHERE login_name IN ('cs.agent', 'cs.lead') ORDER BY id`)
    ).rows.map((r) => r.id);
    const created = await t.call('POST', '/api/user/rest/v1/userGroups', {
      token: t.admin,
      body: { name: 'EU shift', userIds: ids },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const list = (await t.call('GET', '/api/user/rest/v1/userGroups', { token: t.admin })).json().data;
    expect(list.find((g: { id: number }) => g.id === id).members.map((m: { loginName: string }) => m.loginName)).toEqual([
      'cs.agent',
      'cs.lead',
    ]);
    expect(
      (await t.call('POST', '/api/user/rest/v1/userGroups', { token: t.admin, body: { name: 'eu SHIFT' } })).statusCode,
    ).toBe(409);
    const foreign = (await t.database.pool.query(`SELECT id FROM users WHERE login_name = 'shop.a'`)).rows[0].id;
    expect(
      (await t.call('POST', '/api/user/rest/v1/userGroups', { token: t.admin, body: { name: 'mixed', userIds: [foreign] } }))
        .statusCode,
    ).toBe(400);
    const upd = await t.call('PUT', `/api/user/rest/v1/userGroups/${id}`, {
      token: t.admin,
      body: { version: 1, name: 'EU shift', userIds: ids.slice(0, 1) },
    });
    expect(upd.statusCode).toBe(200);
    expect(
      (await t.call('PUT', `/api/user/rest/v1/userGroups/${id}`, { token: t.admin, body: { version: 1, name: 'x' } })).statusCode,
    ).toBe(409);
    const shopA = await t.login('shop.a');
    expect((await t.call('DELETE', `/api/user/rest/v1/userGroups/${id}`, { token: shopA })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/user/rest/v1/userGroups/${id}`, { token: t.admin })).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/user/rest/v1/userGroups/${id}`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/user/rest/v1/userGroups')).statusCode).toBe(401);
  });
});
