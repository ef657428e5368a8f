/**
 * Who may read a GTM goal plan's history (entity `gtm_goal`, the project's id): holders of the
 * goal page or the KPI board, of the account the project belongs to.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { accountOwned } from '../../platform/audit/history.registry';

const accountOf = async (db: DbOrTx, id: number) => {
  const r = await db.execute<{ account_id: number }>(sql`SELECT account_id FROM projects WHERE id = ${id}`);
  return r.rows[0]?.account_id ?? null;
};

export const projectsHistory: HistoryReaderMap = {
  gtm_goal: { permission: ['gtm:goal', 'gtm:kpi'], canSee: accountOwned('gtm_goal', accountOf) },
};
