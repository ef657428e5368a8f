import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet, likeContains, pageOf } from '../../../db/sql';

export interface RoleRow extends Record<string, unknown> {
  id: number;
  name: string;
  description: string;
  builtin: boolean;
  userCount: number;
  permissionCount: number;
  version: number;
  updatedAt: string;
}

const SORT = { name: sql`lower(r.name)`, userCount: sql`"userCount"`, updatedAt: sql`r.updated_at` } as const;

export async function listRoles(
  db: DbOrTx,
  accountId: number,
  q: { keyword?: string; sortField: keyof typeof SORT; sortOrder: 'asc' | 'desc'; pageNum: number; pageSize: number },
) {
  const kw = likeContains(q.keyword);
  const dir = q.sortOrder === 'desc' ? sql`DESC` : sql`ASC`;
  return pageOf<RoleRow>(
    db,
    {
      select: sql`
    SELECT r.id, r.name, r.description, r.builtin, r.version, to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt",
           (SELECT count(*)::int FROM user_roles ur WHERE ur.role_id = r.id) AS "userCount",
           (SELECT count(*)::int FROM role_permissions rp JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
             WHERE rp.role_id = r.id) AS "permissionCount"`,
      from: sql`
      FROM roles r
     WHERE r.account_id = ${accountId}
       AND (${kw}::text IS NULL OR r.name ILIKE ${kw} OR r.description ILIKE ${kw})`,
      orderBy: sql`${SORT[q.sortField]} ${dir}, r.id`,
    },
    q,
  );
}

export async function findRole(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const res = await db.execute<{ id: number; name: string; description: string; builtin: boolean; version: number }>(sql`
    SELECT id, name, description, builtin, version FROM roles WHERE id = ${id} AND account_id = ${accountId}
    ${forUpdate ? sql`FOR UPDATE` : sql``}`);
  return res.rows[0];
}

export async function permissionsOfRole(db: DbOrTx, roleId: number) {
  const res = await db.execute<{ id: number; authPattern: string; type: number }>(sql`
    SELECT pi.id, pi.auth_pattern AS "authPattern", pi.type
      FROM role_permissions rp JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
     WHERE rp.role_id = ${roleId} ORDER BY pi.id`);
  return res.rows;
}

export async function activeItemsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  const res = await db.execute<{ id: number; authPattern: string }>(sql`
    SELECT id, auth_pattern AS "authPattern" FROM permission_items WHERE active AND id IN ${intSet(ids)}`);
  return res.rows;
}

export async function allActiveItems(db: DbOrTx) {
  const res = await db.execute<{
    id: number;
    authPattern: string;
    type: number;
    name: string;
    description: string;
    groupCode: string;
    parentPattern: string | null;
  }>(sql`
    SELECT id, auth_pattern AS "authPattern", type, name, description, group_code AS "groupCode", parent_pattern AS "parentPattern"
      FROM permission_items WHERE active ORDER BY id`);
  return res.rows;
}

export async function usersOfRole(db: DbOrTx, roleId: number) {
  const res = await db.execute<{ id: number; loginName: string; userName: string }>(sql`
    SELECT u.id, u.login_name AS "loginName", u.user_name AS "userName"
      FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE ur.role_id = ${roleId} ORDER BY u.login_name`);
  return res.rows;
}

export async function roleNameTaken(db: DbOrTx, accountId: number, name: string, exceptId?: number) {
  const res = await db.execute(sql`
    SELECT 1 FROM roles WHERE account_id = ${accountId} AND lower(name) = lower(${name})
       AND (${exceptId ?? null}::int IS NULL OR id <> ${exceptId ?? null}::int)`);
  return res.rows.length > 0;
}

export async function replaceRolePermissions(db: DbOrTx, roleId: number, permissionIds: number[]) {
  await db.execute(sql`DELETE FROM role_permissions WHERE role_id = ${roleId}`);
  if (permissionIds.length) {
    await db.execute(sql`
      INSERT INTO role_permissions (role_id, permission_id) SELECT ${roleId}, x FROM ${intSet(permissionIds)} AS t(x)
      ON CONFLICT DO NOTHING`);
  }
}

export async function actorHoldsRole(db: DbOrTx, userId: number, roleId: number) {
  const res = await db.execute(sql`SELECT 1 FROM user_roles WHERE user_id = ${userId} AND role_id = ${roleId}`);
  return res.rows.length > 0;
}
