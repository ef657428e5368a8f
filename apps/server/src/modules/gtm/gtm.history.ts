/**
 * Who may read the GTM records' history (platform/audit/history.registry.ts): a playbook step's
 * the holders of /gtm/mgr of its account, a project step's the holders of /gtmSteps of its account.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { accountOwned } from '../../platform/audit/history.registry';

const accountOfTable = (table: 'gtm_playbook_steps' | 'gtm_project_steps') => async (db: DbOrTx, id: number) => {
  const r = await db.execute<{ account_id: number }>(sql`SELECT account_id FROM ${sql.raw(table)} WHERE id = ${id}`);
  return r.rows[0]?.account_id ?? null;
};

export const gtmHistory: HistoryReaderMap = {
  gtm_playbook_step: { permission: 'gtm:mgr', canSee: accountOwned('gtm_playbook_step', accountOfTable('gtm_playbook_steps')) },
  gtm_project_step: { permission: 'gtm:steps', canSee: accountOwned('gtm_project_step', accountOfTable('gtm_project_steps')) },
};
