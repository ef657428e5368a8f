/** The history of roles and users that /role/perms and /user/child show: who of the account may read it, what it holds. */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';

const H = '/api/user/rest/v1/history';
const ROLES = '/api/user/rest/v1/roles';
const USERS = '/api/user/rest/v1/users/child';
// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely; the assertions check their shape
type Json = Record<string, any>;
const t = testAppPerFile({ admin: true });
/** A manager of roles and users in another account (shop.a's). */
let outsider: string;

const q = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as Json[];

beforeAll(async () => {
  const account = (await q(`SELECT account_id FROM users WHERE login_name = 'shop.a'`))[0]!.account_id;
  const user = (
    await q(
      `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type)
       SELECT $1, 'history.outsider', 'history.outsider', password_hash, user_type FROM users WHERE login_name = 'shop.a' RETURNING id`,
      [account],
    )
  )[0]!.id;
  const role = (await q(`INSERT INTO roles (account_id, name) VALUES ($1, 'outside managers') RETURNING id`, [account]))[0]!.id;
  await q(`INSERT INTO user_roles VALUES ($1, $2)`, [user, role]);
  await q(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern IN ('user:child', 'user:role:perms')`,
    [role],
  );
  outsider = await t.login('history.outsider');
});

describe('role and user history', () => {
  it("shows a role's creation and edit with the fields each changed, to its own account only", async () => {
    const ids = (
      await q(`SELECT id FROM permission_items WHERE auth_pattern IN ('sales:dashboard', 'sales:profit') ORDER BY id`)
    ).map((r) => r.id);
    const id = dataOf<Json>(
      await t.call('POST', ROLES, { token: t.admin, body: { name: 'history lead', permissionIds: ids } }),
    ).id;
    await t.call('PUT', ROLES, {
      token: t.admin,
      body: { id, version: 1, name: 'history lead EU', description: 'EU', permissionIds: ids.slice(0, 1) },
    });

    const res = await t.call('GET', `${H}/role/${id}`, { token: t.admin });
    expect(res.statusCode).toBe(200);
    const [update, create] = dataOf<Json>(res).list;
    expect([update.action, create.action]).toEqual(['role.update', 'role.create']);
    expect(update.changes).toEqual([
      { field: 'name', before: 'history lead', after: 'history lead EU' },
      { field: 'description', before: '', after: 'EU' },
      { field: 'permissions', before: ['sales:dashboard', 'sales:profit'], after: ['sales:dashboard'] },
    ]);
    expect(update.actor).toBe('admin');

    // Another account's manager: as if the role did not exist; no page permission: refused.
    expect((await t.call('GET', `${H}/role/${id}`, { token: outsider })).statusCode).toBe(404);
    const analyst = await t.login('sales.analyst');
    const refused = await t.call('GET', `${H}/role/${id}`, { token: analyst });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/user:role:perms/);
  });

  it("shows a user's creation and edit without the password, to its own account only", async () => {
    const created = await t.call('POST', USERS, {
      token: t.admin,
      body: { loginName: 'history.user', password: 'History-pass-1', userName: 'History', email: null, roleIds: [], shopIds: [] },
    });
    expect(created.statusCode).toBe(200);
    const id = dataOf<Json>(created).id;
    await t.call('PUT', `${USERS}/${id}`, {
      token: t.admin,
      body: { version: 1, userName: 'History user', email: 'history@example.com', cellphone: null, roleIds: [], shopIds: [] },
    });

    const res = await t.call('GET', `${H}/user/${id}`, { token: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/History-pass-1|password/i);
    const [update, create] = dataOf<Json>(res).list;
    expect([update.action, create.action]).toEqual(['user.update', 'user.create']);
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'userName', before: 'History', after: 'History user' },
        { field: 'email', before: null, after: 'history@example.com' },
      ]),
    );
    expect(create.changes.map((c: Json) => c.field)).toEqual(expect.arrayContaining(['loginName', 'userName']));

    expect((await t.call('GET', `${H}/user/${id}`, { token: outsider })).statusCode).toBe(404);
    // The outsider's own account's people are theirs to read.
    const own = (await q(`SELECT id FROM users WHERE login_name = 'shop.a'`))[0]!.id;
    expect((await t.call('GET', `${H}/user/${own}`, { token: outsider })).statusCode).toBe(200);
  });
});
