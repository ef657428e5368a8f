import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { userProductLines, userRoles, userSubsystems, users } from './users.table';

export type UserRow = typeof users.$inferSelect;

export async function findUserByLoginName(db: DbOrTx, loginName: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.loginName}) = lower(${loginName})`).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function listUserNames(db: DbOrTx, accountId: number) {
  return db
    .select({ id: users.id, userName: users.userName, loginName: users.loginName })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.state, 'active')))
    .orderBy(users.userName);
}

/** Whether a user of the account uses the number (punctuation and spaces aside). */
export async function cellphoneExists(db: DbOrTx, accountId: number, cellphone: string): Promise<boolean> {
  const digits = cellphone.replace(/[^0-9+]/g, '');
  const res = await db.execute(sql`
    SELECT 1 FROM users WHERE account_id = ${accountId} AND regexp_replace(cellphone, '[^0-9+]', '', 'g') = ${digits} LIMIT 1`);
  return res.rows.length > 0;
}

export async function roleIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.roleId);
}

export async function subsystemIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userSubsystems.subsystemId }).from(userSubsystems).where(eq(userSubsystems.userId, userId));
  return rows.map((r) => r.id);
}

export async function productLineIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userProductLines.productLineId })
    .from(userProductLines)
    .where(eq(userProductLines.userId, userId));
  return rows.map((r) => r.id);
}

export async function usersByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}
