import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t.close());

const ROLES = '/api/user/rest/v1/roles';

async function itemIds(patterns: string[]): Promise<number[]> {
  const r = await t.database.pool.query('SELECT id FROM permission_items WHERE auth_pattern = ANY($1) ORDER BY id', [patterns]);
  return r.rows.map((x) => x.id);
}

/** A staff user holding exactly the given patterns through a role of its own. */
async function userWith(loginName: string, patterns: string[]): Promise<string> {
  const { pool } = t.database;
  const hash = (await pool.query(`SELECT password_hash FROM users WHERE login_name = 'pm'`)).rows[0].password_hash;
  const u = await pool.query(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type) VALUES (1, $1, $1, $2, 1) RETURNING id`,
    [loginName, hash],
  );
  const r = await pool.query(`INSERT INTO roles (account_id, name) VALUES (1, $1) RETURNING id`, [`role of ${loginName}`]);
  await pool.query(`INSERT INTO user_roles VALUES ($1, $2)`, [u.rows[0].id, r.rows[0].id]);
  await pool.query(`INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern = ANY($2)`, [
    r.rows[0].id,
    patterns,
  ]);
  return t.login(loginName);
}

describe('GET user/rest/v1/roles', () => {
  it('pages, sorts and searches the roles of the account', async () => {
    const res = await t.call('GET', ROLES, { token: admin, query: { pageSize: '3', sortField: 'name' } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.list).toHaveLength(3);
    expect(d.total).toBeGreaterThanOrEqual(9);
    expect(d).toMatchObject({ pageNum: 1, pageSize: 3 });
    const names = d.list.map((r: { name: string }) => r.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const search = (await t.call('GET', ROLES, { token: admin, query: { keyword: 'PPC' } })).json().data;
    expect(search.list.map((r: { name: string }) => r.name)).toEqual(['PPC specialist']);
    expect(search.list[0].userCount).toBe(1);
  });
  it('answers 400 on a bad sort, 401 without a token, 403 without user:role:perms', async () => {
    expect((await t.call('GET', ROLES, { token: admin, query: { sortField: 'password' } })).statusCode).toBe(400);
    expect((await t.call('GET', ROLES)).statusCode).toBe(401);
    const analyst = await t.login('sales.analyst');
    const r = await t.call('GET', ROLES, { token: analyst });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toContain('user:role:perms');
  });
});

describe('GET user/rest/v1/roles/permissionTree', () => {
  it('groups pages with their buttons beneath', async () => {
    const tree = (await t.call('GET', `${ROLES}/permissionTree`, { token: admin })).json().data;
    const settings = tree.find((g: { key: string }) => g.key === 'group:settings');
    const rolePage = settings.children.find((p: { authPattern: string }) => p.authPattern === 'user:role:perms');
    expect(rolePage.type).toBe(2);
    expect(rolePage.children.map((b: { authPattern: string }) => b.authPattern).sort()).toEqual([
      'user:role:perms:create',
      'user:role:perms:delete',
      'user:role:perms:edit',
    ]);
  });
  it('offers only what the caller holds', async () => {
    const token = await userWith('tree.viewer', ['user:role:perms', 'sales:dashboard']);
    const tree = (await t.call('GET', `${ROLES}/permissionTree`, { token })).json().data;
    const patterns = JSON.stringify(tree).match(/"authPattern":"[^"]+"/g) ?? [];
    expect(patterns.sort()).toEqual(['"authPattern":"sales:dashboard"', '"authPattern":"user:role:perms"']);
  });
});

describe('POST / PUT / DELETE user/rest/v1/roles', () => {
  it('creates, reads, updates with a version, and deletes with confirmation', async () => {
    const ids = await itemIds(['sales:dashboard', 'sales:profit', 'sales:profit:export']);
    const created = await t.call('POST', ROLES, {
      token: admin,
      body: { name: 'regional lead', description: 'EU', permissionIds: ids },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const perms = (await t.call('GET', `${ROLES}/permissions/${id}`, { token: admin })).json().data;
    expect(perms.map((p: { authPattern: string }) => p.authPattern).sort()).toEqual([
      'sales:dashboard',
      'sales:profit',
      'sales:profit:export',
    ]);

    const upd = await t.call('PUT', ROLES, {
      token: admin,
      body: { id, version: 1, name: 'regional lead EU', description: '', permissionIds: ids.slice(0, 1) },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data.version).toBe(2);
    const stale = await t.call('PUT', ROLES, {
      token: admin,
      body: { id, version: 1, name: 'x', description: '', permissionIds: [] },
    });
    expect(stale.statusCode).toBe(409);

    await t.database.pool.query(`INSERT INTO user_roles SELECT id, $1 FROM users WHERE login_name = 'sales.analyst'`, [id]);
    const holders = (await t.call('GET', `/api/user/rest/v1/users/role/${id}`, { token: admin })).json().data;
    expect(holders.map((h: { loginName: string }) => h.loginName)).toEqual(['sales.analyst']);
    const ask = await t.call('DELETE', ROLES, { token: admin, query: { id: String(id) } });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().data.users[0].loginName).toBe('sales.analyst');
    const del = await t.call('DELETE', ROLES, { token: admin, query: { id: String(id), force: 'true' } });
    expect(del.statusCode).toBe(200);
    expect((await t.call('GET', `${ROLES}/permissions/${id}`, { token: admin })).statusCode).toBe(404);

    const audit = await t.database.db.execute(
      sql`SELECT action FROM audit_log WHERE entity = 'role' AND entity_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['role.create', 'role.update', 'role.delete']);
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM roles')).rows[0].n;
    expect((await t.call('POST', ROLES, { token: admin, body: { name: '', permissionIds: [] } })).statusCode).toBe(400);
    expect((await t.call('POST', ROLES, { token: admin, body: { name: 'x', permissionIds: ['a'] } })).statusCode).toBe(400);
    expect((await t.call('POST', ROLES, { token: admin, body: { name: 'x', permissionIds: [99999999] } })).statusCode).toBe(400);
    expect((await t.call('POST', ROLES, { token: admin, body: { name: 'x', permissionIds: [], accountId: 2 } })).statusCode).toBe(
      400,
    );
    expect((await t.call('POST', ROLES, { token: admin, body: { name: 'PPC specialist', permissionIds: [] } })).statusCode).toBe(
      409,
    );
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM roles')).rows[0].n).toBe(before);
  });

  it("closes privilege escalation: no granting what one lacks, no editing one's own role, not the administrator role", async () => {
    const token = await userWith('role.editor', [
      'user:role:perms',
      'user:role:perms:create',
      'user:role:perms:edit',
      'user:role:perms:delete',
      'sales:dashboard',
    ]);
    const [profit] = await itemIds(['sales:profit']);
    const grant = await t.call('POST', ROLES, { token, body: { name: 'sneaky', permissionIds: [profit] } });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().msg).toContain('sales:profit');
    const own = (await t.database.pool.query(`SELECT id, version FROM roles WHERE name = 'role of role.editor'`)).rows[0];
    const selfEdit = await t.call('PUT', ROLES, {
      token,
      body: { id: own.id, version: own.version, name: 'role of role.editor', permissionIds: [] },
    });
    expect(selfEdit.statusCode).toBe(403);
    const adminRole = (await t.database.pool.query(`SELECT id, version FROM roles WHERE builtin`)).rows[0];
    expect((await t.call('DELETE', ROLES, { token: admin, query: { id: String(adminRole.id), force: 'true' } })).statusCode).toBe(
      403,
    );
  });

  it('answers 403 to a holder of the page permission without the button permission', async () => {
    const token = await userWith('role.reader', ['user:role:perms']);
    expect((await t.call('GET', ROLES, { token })).statusCode).toBe(200);
    expect((await t.call('POST', ROLES, { token, body: { name: 'x', permissionIds: [] } })).statusCode).toBe(403);
    expect((await t.call('PUT', ROLES, { token, body: { id: 1, version: 1, name: 'x', permissionIds: [] } })).statusCode).toBe(
      403,
    );
    expect((await t.call('DELETE', ROLES, { token, query: { id: '1' } })).statusCode).toBe(403);
  });

  it('hides roles of other accounts (404)', async () => {
    const other = await t.database.pool.query(`INSERT INTO roles (account_id, name) VALUES (2, 'shop a helpers') RETURNING id`);
    const id = other.rows[0].id;
    expect((await t.call('GET', `${ROLES}/permissions/${id}`, { token: admin })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/user/rest/v1/users/role/${id}`, { token: admin })).statusCode).toBe(404);
  });
});
