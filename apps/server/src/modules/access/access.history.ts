/** Who may read the history of users, roles and user groups (see platform/audit/history.registry.ts): their own account's people. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { accountOwned } from '../../platform/audit/history.registry';

const accountIn =
  (table: 'users' | 'roles' | 'user_groups') =>
  async (db: DbOrTx, id: number): Promise<number | null> => {
    const res = await db.execute<{ account_id: number }>(sql`SELECT account_id FROM ${sql.identifier(table)} WHERE id = ${id}`);
    return res.rows[0]?.account_id ?? null;
  };

export const accessHistory: HistoryReaderMap = {
  user: { permission: 'user:child', canSee: accountOwned('user', accountIn('users')) },
  role: { permission: 'user:role:perms', canSee: accountOwned('role', accountIn('roles')) },
  user_group: {
    permission: 'user:child',
    canSee: accountOwned('user_group', accountIn('user_groups')),
  },
};
