/**
 * Whom a caller may know by id and name: the internal account knows every user; an external
 * shop account only the users of its own account. The company's staff who acted on a shop's
 * rows (booked a cost, uploaded a report, were assigned its mail) and the users of other
 * accounts are shown to it as one neutral "—", without an id. One rule for every service
 * that names the author, assignee or agent of a row.
 */
import { type SQL, sql } from 'drizzle-orm';
import { isInternal, type RequestActor } from './actor';

/** The name a caller sees for a user it may not know. */
export const UNNAMED_USER = '—';

/** May the caller know the users of this account (the account of a row's author, assignee…)? */
export const mayKnowUsersOf = (actor: Pick<RequestActor, 'accountId'>, accountId: number | null | undefined): boolean =>
  isInternal(actor) || (accountId !== null && accountId !== undefined && Number(accountId) === actor.accountId);

/** A user's name as the caller may see it; null (no user) stays null. */
export const nameFor = (
  actor: Pick<RequestActor, 'accountId'>,
  user: { name: string | null; accountId: number | null | undefined },
): string | null => (user.name === null ? null : mayKnowUsersOf(actor, user.accountId) ? user.name : UNNAMED_USER);

/** The name of the user `id` (an SQL expression) as the caller may see it: UNNAMED_USER for another account's, null for none. */
export function userNameFor(actor: Pick<RequestActor, 'accountId'>, id: SQL): SQL {
  return sql`(SELECT CASE WHEN ${isInternal(actor)} OR u.account_id = ${actor.accountId} THEN u.user_name ELSE ${UNNAMED_USER} END
                FROM users u WHERE u.id = ${id})`;
}

/**
 * A user-id expression as the caller may see it, for grouping: its own account's users keep
 * their id, anyone else becomes 0 (one bucket, named UNNAMED_USER); null stays null.
 */
export function userIdFor(actor: Pick<RequestActor, 'accountId'>, id: SQL): SQL {
  if (isInternal(actor)) return id;
  return sql`(CASE WHEN ${id} IS NULL THEN NULL
                   WHEN ${id} IN (SELECT u.id FROM users u WHERE u.account_id = ${actor.accountId}) THEN ${id} ELSE 0 END)`;
}

/** A condition: the user id is one the caller may know (a filter by someone else's id matches nothing). */
export function knownUser(actor: Pick<RequestActor, 'accountId'>, id: SQL): SQL {
  if (isInternal(actor)) return sql`TRUE`;
  return sql`${id} IN (SELECT u.id FROM users u WHERE u.account_id = ${actor.accountId})`;
}
