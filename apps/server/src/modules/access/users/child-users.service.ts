/**
 * The users of an account (/user/child). Rules: everything stays inside the caller's
 * account; accountId and userType never come from a body (userType follows the account:
 * staff in the company account, shop accounts elsewhere); nobody edits themselves or the
 * built-in administrator here; nobody changes a user holding a permission they lack
 * (roles/privilege.ts, the rule god view uses); roles given must be of the account and
 * hold nothing the caller lacks; shops given must be the account's. Disabling or a new
 * password ends the user's sessions in the same transaction.
 */
import { INTERNAL_ACCOUNT_ID, USER_TYPE } from '@bo/contract';
import type { ChildUser } from '@bo/contract/access/users';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet, likeContains, pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import { hashPassword } from '../../../platform/auth/password';
import { revokeUserSessions } from '../../../platform/auth/sessions.service';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, conflict, forbidden, notFound, staleVersion } from '../../../platform/errors';
import { assertMayActOn } from '../roles/privilege';
import { findUserByLoginName } from './users.repository';

interface ListQuery {
  keyword?: string;
  state: 'all' | 'enabled' | 'disabled' | 'pending';
  roleId?: number;
  sortField: 'loginName' | 'userName' | 'createdAt';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

const SORT = { loginName: sql`lower(u.login_name)`, userName: sql`lower(u.user_name)`, createdAt: sql`u.created_at` };

export async function list(ctx: AppContext, actor: RequestActor, q: ListQuery) {
  const kw = likeContains(q.keyword);
  const state =
    q.state === 'enabled'
      ? sql`u.enabled AND u.state = 'active'`
      : q.state === 'disabled'
        ? sql`NOT u.enabled AND u.state = 'active'`
        : q.state === 'pending'
          ? sql`u.state = 'pending'`
          : sql`true`;
  const { rows, total } = await pageOf<ChildUser>(
    ctx.db,
    {
      select: sql`
    SELECT u.id, u.login_name AS "loginName", u.user_name AS "userName", u.email, u.cellphone, u.user_type AS "userType",
           u.enabled, u.state, u.builtin, u.version,
           to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
           COALESCE((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name)
                       FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]') AS roles,
           COALESCE((SELECT array_agg(us.shop_id ORDER BY us.shop_id) FROM user_shops us WHERE us.user_id = u.id), '{}') AS "shopIds"`,
      from: sql`
      FROM users u
     WHERE u.account_id = ${actor.accountId} AND ${state}
       AND (${kw}::text IS NULL OR u.login_name ILIKE ${kw} OR u.user_name ILIKE ${kw} OR u.email ILIKE ${kw})
       AND (${q.roleId ?? null}::int IS NULL OR EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = ${q.roleId ?? null}::int))`,
      orderBy: sql`${SORT[q.sortField]} ${q.sortOrder === 'desc' ? sql`DESC` : sql`ASC`}, u.id`,
    },
    q,
  );
  return {
    list: rows.map((u) => ({ ...u, shopIds: u.shopIds.map(Number) })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** The account's roles by name, each marked whether the caller may give it (it grants nothing the caller lacks). */
export async function roleOptions(ctx: AppContext, actor: RequestActor) {
  const r = await ctx.db.execute<{ id: number; name: string; patterns: string[] }>(sql`
    SELECT r.id, r.name,
           COALESCE((SELECT array_agg(DISTINCT pi.auth_pattern) FROM role_permissions rp
                      JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
                     WHERE rp.role_id = r.id), '{}') AS patterns
      FROM roles r WHERE r.account_id = ${actor.accountId}
     ORDER BY lower(r.name), r.id`);
  return r.rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    assignable: row.patterns.every((p) => actor.permissions.has(p)),
  }));
}

/** Roles given must be of the caller's account and grant nothing the caller lacks. */
export async function checkRoles(tx: DbOrTx, actor: RequestActor, roleIds: number[]) {
  const ids = [...new Set(roleIds)];
  if (!ids.length) return { ids, names: [] as string[] };
  const roles = await tx.execute<{ id: number; name: string; builtin: boolean }>(sql`
    SELECT id, name, builtin FROM roles WHERE account_id = ${actor.accountId} AND id IN ${intSet(ids)}`);
  if (roles.rows.length !== ids.length)
    throw codedFieldError('roleIds', 'access.roleNotOfAccount', {}, { message: 'unknown roles' });
  const lacking = await tx.execute<{ auth_pattern: string }>(sql`
    SELECT DISTINCT pi.auth_pattern FROM role_permissions rp JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
     WHERE rp.role_id IN ${intSet(ids)}`);
  const notHeld = lacking.rows.map((r) => r.auth_pattern).filter((p) => !actor.permissions.has(p));
  if (notHeld.length) throw forbidden(`these roles grant permissions you do not hold: ${notHeld.slice(0, 10).join(', ')}`);
  return { ids, names: roles.rows.map((r) => r.name).sort() };
}

async function checkShops(tx: DbOrTx, actor: RequestActor, shopIds: number[]) {
  const ids = [...new Set(shopIds)];
  if (!ids.length) return ids;
  const res = await tx.execute(sql`SELECT id FROM shops WHERE account_id = ${actor.accountId} AND id IN ${intSet(ids)}`);
  if (res.rows.length !== ids.length)
    throw codedFieldError('shopIds', 'access.shopNotOfAccount', {}, { message: 'unknown shops' });
  return ids;
}

async function replaceLinks(tx: DbOrTx, userId: number, roleIds: number[], shopIds: number[]) {
  await tx.execute(sql`DELETE FROM user_roles WHERE user_id = ${userId}`);
  if (roleIds.length)
    await tx.execute(sql`INSERT INTO user_roles (user_id, role_id) SELECT ${userId}, x FROM ${intSet(roleIds)} AS t(x)`);
  await tx.execute(sql`DELETE FROM user_shops WHERE user_id = ${userId}`);
  if (shopIds.length)
    await tx.execute(sql`INSERT INTO user_shops (user_id, shop_id) SELECT ${userId}, x FROM ${intSet(shopIds)} AS t(x)`);
}

type Editable = { userName: string; email: string | null; cellphone: string | null; roleIds: number[]; shopIds: number[] };

export async function create(ctx: AppContext, actor: RequestActor, body: Editable & { loginName: string; password: string }) {
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (tx) => {
    if (await findUserByLoginName(tx, body.loginName)) throw conflict('this login name is taken');
    const roles = await checkRoles(tx, actor, body.roleIds);
    const shops = await checkShops(tx, actor, body.shopIds);
    const userType = actor.accountId === INTERNAL_ACCOUNT_ID ? USER_TYPE.STAFF : USER_TYPE.SHOP;
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO users (account_id, login_name, user_name, email, cellphone, password_hash, user_type, parent_user_id)
      VALUES (${actor.accountId}, ${body.loginName}, ${body.userName}, ${body.email}, ${body.cellphone}, ${passwordHash}, ${userType}, ${actor.userId})
      RETURNING id`);
    const id = Number(r.rows[0]?.id);
    await replaceLinks(tx, id, roles.ids, shops);
    await audit(tx, actor, {
      action: 'user.create',
      entity: 'user',
      entityId: id,
      after: { loginName: body.loginName, userName: body.userName, email: body.email, roles: roles.names, shopIds: shops },
    });
    return { id };
  });
}

async function lockTarget(tx: DbOrTx, actor: RequestActor, id: number) {
  const r = await tx.execute<{
    id: number;
    login_name: string;
    user_name: string;
    email: string | null;
    cellphone: string | null;
    builtin: boolean;
    enabled: boolean;
    state: string;
    version: number;
  }>(sql`
    SELECT id, login_name, user_name, email, cellphone, builtin, enabled, state, version FROM users
     WHERE id = ${id} AND account_id = ${actor.accountId} FOR UPDATE`);
  const u = r.rows[0];
  if (!u) throw notFound(`no user ${id}`);
  if (u.id === actor.userId) throw forbidden('you cannot change your own account here; use My profile');
  if (u.builtin) throw forbidden('the built-in administrator cannot be changed here');
  await assertMayActOn(tx, actor, [u.id]);
  return u;
}

async function linksOf(tx: DbOrTx, id: number) {
  const r = await tx.execute<{ roles: string[]; shops: number[] }>(sql`
    SELECT COALESCE((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${id}), '{}') AS roles,
           COALESCE((SELECT array_agg(shop_id ORDER BY shop_id) FROM user_shops WHERE user_id = ${id}), '{}') AS shops`);
  return r.rows[0];
}

export async function update(ctx: AppContext, actor: RequestActor, id: number, body: Editable & { version: number }) {
  return ctx.db.transaction(async (tx) => {
    const u = await lockTarget(tx, actor, id);
    if (u.version !== body.version) throw staleVersion();
    const roles = await checkRoles(tx, actor, body.roleIds);
    const shops = await checkShops(tx, actor, body.shopIds);
    const before = { userName: u.user_name, email: u.email, cellphone: u.cellphone, ...(await linksOf(tx, id)) };
    await tx.execute(sql`
      UPDATE users SET user_name = ${body.userName}, email = ${body.email}, cellphone = ${body.cellphone},
             version = version + 1, updated_at = now() WHERE id = ${id}`);
    await replaceLinks(tx, id, roles.ids, shops);
    await audit(tx, actor, {
      action: 'user.update',
      entity: 'user',
      entityId: id,
      before,
      after: { userName: body.userName, email: body.email, cellphone: body.cellphone, roles: roles.names, shops },
    });
    return { version: u.version + 1 };
  });
}

export async function setState(ctx: AppContext, actor: RequestActor, id: number, body: { enabled: boolean; version: number }) {
  return ctx.db.transaction(async (tx) => {
    const u = await lockTarget(tx, actor, id);
    if (u.version !== body.version) throw staleVersion();
    await tx.execute(sql`
      UPDATE users SET enabled = ${body.enabled}, state = CASE WHEN ${body.enabled} THEN 'active' ELSE state END,
             version = version + 1, updated_at = now() WHERE id = ${id}`);
    if (!body.enabled) await revokeUserSessions(tx, id);
    await audit(tx, actor, {
      action: body.enabled ? (u.state === 'pending' ? 'user.approve' : 'user.enable') : 'user.disable',
      entity: 'user',
      entityId: id,
      before: { enabled: u.enabled, state: u.state },
      after: { enabled: body.enabled, state: body.enabled ? 'active' : u.state },
    });
    return { version: u.version + 1 };
  });
}

export async function resetPassword(ctx: AppContext, actor: RequestActor, id: number, password: string) {
  const hash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await lockTarget(tx, actor, id);
    await tx.execute(
      sql`UPDATE users SET password_hash = ${hash}, password_changed_at = now(), version = version + 1 WHERE id = ${id}`,
    );
    await revokeUserSessions(tx, id);
    await audit(tx, actor, { action: 'user.password.set', entity: 'user', entityId: id });
  });
  return null;
}
