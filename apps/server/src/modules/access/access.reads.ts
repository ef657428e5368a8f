/**
 * The reads the access area publishes for other areas (see catalog/catalog.reads.ts for the
 * convention): who a user is, to show beside another area's rows, and which roles they hold.
 */
import { type SQL, sql } from 'drizzle-orm';

/** One row per user, disabled ones included (logs keep their names): id, account_id, login_name, user_name. */
export const userDirectory: SQL = sql`(SELECT id, account_id, login_name, user_name FROM users)`;

/** The ids of the roles a user holds (user_id = the given id), as a subquery. */
export const rolesOfUser = (userId: number): SQL => sql`(SELECT role_id FROM user_roles WHERE user_id = ${userId})`;

/** One row per role: id, account_id, name. */
export const roleDirectory: SQL = sql`(SELECT id, account_id, name FROM roles)`;
