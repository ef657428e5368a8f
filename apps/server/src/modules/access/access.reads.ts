/**
 * What the access area publishes for other areas (see catalog/catalog.reads.ts for the
 * convention): the users of an account, to show a person's name or pick one, the roles they
 * hold, and the one write another area may make on a user: which employee (organisation)
 * the user is.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * One row per user, disabled ones included (logs keep their names): id, account_id,
 * login_name, user_name, employee_id, enabled, state.
 */
export const userDirectory: SQL = sql`(SELECT id, account_id, login_name, user_name, employee_id, enabled, state FROM users)`;

/** The account's users (disabled ones too) by login name: how the demo seeds find the people they name. */
export async function usersByLogin(db: DbOrTx, accountId: number): Promise<Map<string, number>> {
  const res = await db.execute<{ id: number; login_name: string }>(
    sql`SELECT id, login_name FROM ${userDirectory} u WHERE u.account_id = ${accountId}`,
  );
  return new Map(res.rows.map((r) => [r.login_name, Number(r.id)]));
}

/** The ids of the roles a user holds (user_id = the given id), as a subquery. */
export const rolesOfUser = (userId: number): SQL => sql`(SELECT role_id FROM user_roles WHERE user_id = ${userId})`;

/** One row per role: id, account_id, name. */
export const roleDirectory: SQL = sql`(SELECT id, account_id, name FROM roles)`;

/**
 * Makes `userId` (null: nobody) the user of employee `employeeId` in the account: the user
 * previously linked to that employee is unlinked, so one employee has at most one user.
 */
export async function linkUserToEmployee(tx: DbOrTx, accountId: number, employeeId: string, userId: number | null) {
  await tx.execute(sql`
    UPDATE users SET employee_id = NULL, version = version + 1, updated_at = now()
     WHERE account_id = ${accountId} AND lower(employee_id) = lower(${employeeId})
       ${userId === null ? sql`` : sql`AND id <> ${userId}`}`);
  if (userId !== null)
    await tx.execute(sql`
      UPDATE users SET employee_id = ${employeeId}, version = version + 1, updated_at = now()
       WHERE id = ${userId} AND account_id = ${accountId} AND employee_id IS DISTINCT FROM ${employeeId}`);
}
