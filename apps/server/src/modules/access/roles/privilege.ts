/**
 * The one privilege rule of the area: a caller acts on another user only when every
 * permission that user holds is the caller's too. God view applies it (and asks for
 * strictly less), and so does every endpoint that changes another user: password, state,
 * profile, roles, shops, group membership, registration approval.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet } from '../../../db/sql';
import type { RequestActor } from '../../../platform/auth/actor';
import { forbidden } from '../../../platform/errors';

/** What `target` holds that `caller` does not; empty when the target's permissions are a subset of the caller's. */
export function permissionsBeyond(caller: ReadonlySet<string>, target: Iterable<string>): string[] {
  return [...new Set(target)].filter((p) => !caller.has(p)).sort();
}

/** The active permission patterns of users, with their login names (a user without roles holds none). */
export async function permissionsOfUsers(db: DbOrTx, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return [];
  const r = await db.execute<{ id: number; login_name: string; patterns: string[] }>(sql`
    SELECT u.id, u.login_name,
           COALESCE((SELECT array_agg(DISTINCT pi.auth_pattern) FROM user_roles ur
                      JOIN role_permissions rp ON rp.role_id = ur.role_id
                      JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
                     WHERE ur.user_id = u.id), '{}') AS patterns
      FROM users u WHERE u.id IN ${intSet(ids)} ORDER BY u.id`);
  return r.rows.map((row) => ({ id: row.id, loginName: row.login_name, permissions: new Set(row.patterns) }));
}

/** 403 unless each of the users holds only permissions the caller holds. */
export async function assertMayActOn(db: DbOrTx, actor: RequestActor, userIds: readonly number[]): Promise<void> {
  for (const u of await permissionsOfUsers(db, userIds)) {
    const beyond = permissionsBeyond(actor.permissions, u.permissions);
    if (beyond.length) {
      const shown = beyond.slice(0, 8).join(', ') + (beyond.length > 8 ? `, and ${beyond.length - 8} more` : '');
      throw forbidden(
        `${u.loginName} holds permissions you do not hold (${shown}); you can change only users whose permissions are all yours`,
      );
    }
  }
}
