/**
 * Who holds a permission, for work done on users' behalf outside a request (a saved report's
 * recipients, docs/reports.md): users of one account, enabled and active, whose roles grant
 * the pattern, as the grants the session reads (sessions.service.ts `loadGrants`).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface UserBrief {
  id: number;
  userName: string;
  loginName: string;
  email: string | null;
}

const holds = (permission: string) => sql`EXISTS (
  SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
    JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
   WHERE ur.user_id = u.id AND pi.auth_pattern = ${permission})`;

const intArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

type Row = { id: number; user_name: string; login_name: string; email: string | null };
const toBrief = (u: Row): UserBrief => ({ id: Number(u.id), userName: u.user_name, loginName: u.login_name, email: u.email });

/** Enabled users of the account holding `permission` (at most 500, by login name); `only`: among these ids. */
export async function usersHolding(
  db: DbOrTx,
  accountId: number,
  permission: string,
  only?: readonly number[],
): Promise<UserBrief[]> {
  const res = await db.execute<Row>(sql`
    SELECT u.id, u.user_name, u.login_name, nullif(btrim(u.email), '') AS email FROM users u
     WHERE u.account_id = ${accountId} AND u.enabled AND u.state = 'active' AND ${holds(permission)}
       ${only ? sql`AND u.id = ANY(${intArray(only)}::int[])` : sql``}
     ORDER BY u.login_name LIMIT 500`);
  return res.rows.map(toBrief);
}

/** The users of these ids (whatever their state), for showing names. */
export async function usersByIds(db: DbOrTx, ids: readonly number[]): Promise<UserBrief[]> {
  if (ids.length === 0) return [];
  const res = await db.execute<Row>(sql`
    SELECT id, user_name, login_name, nullif(btrim(email), '') AS email FROM users WHERE id = ANY(${intArray(ids)}::int[])`);
  return res.rows.map(toBrief);
}

/** One enabled user of the account, with their address. */
export async function activeUser(db: DbOrTx, accountId: number, id: number): Promise<UserBrief | null> {
  const res = await db.execute<Row>(sql`
    SELECT id, user_name, login_name, nullif(btrim(email), '') AS email FROM users
     WHERE id = ${id} AND account_id = ${accountId} AND enabled AND state = 'active'`);
  const row = res.rows[0];
  return row ? toBrief(row) : null;
}
