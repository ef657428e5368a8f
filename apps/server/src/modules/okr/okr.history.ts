/**
 * Who may read an objective's history (platform/audit/history.registry.ts): the holders of any
 * OKR list page, of the account the objective belongs to.
 */
import { OKR_LIST_PAGE } from '@bo/contract/okr/okr';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { accountOwned } from '../../platform/audit/history.registry';

const accountOf = async (db: DbOrTx, id: number) => {
  const r = await db.execute<{ account_id: number }>(sql`SELECT account_id FROM okr_objectives WHERE id = ${id}`);
  return r.rows[0]?.account_id ?? null;
};

export const okrHistory: HistoryReaderMap = {
  okr_objective: {
    permission: [...Object.values(OKR_LIST_PAGE), 'okr:kr'],
    canSee: accountOwned('okr_objective', accountOf),
  },
};
