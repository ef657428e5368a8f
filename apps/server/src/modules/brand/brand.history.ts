/**
 * Who may read the brand records' history (platform/audit/history.registry.ts): a KOL's and a
 * cooperation record's, the holders of /digitize/brandKOLMgr of the company account (the records
 * are company data: an external shop account never).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { accountOwned } from '../../platform/audit/history.registry';
import { isInternal } from '../../platform/auth/actor';

const accountOfTable = (table: 'brand_kols' | 'brand_cooperations') => async (db: DbOrTx, id: number) => {
  const r = await db.execute<{ account_id: number }>(sql`SELECT account_id FROM ${sql.raw(table)} WHERE id = ${id}`);
  return r.rows[0]?.account_id ?? null;
};
const owned = (entity: 'brand_kol' | 'brand_cooperation', table: 'brand_kols' | 'brand_cooperations') => {
  const inAccount = accountOwned(entity, accountOfTable(table));
  return {
    permission: 'digitize:brandKol' as const,
    canSee: async (...a: Parameters<typeof inAccount>) => isInternal(a[1]) && inAccount(...a),
  };
};

export const brandHistory: HistoryReaderMap = {
  brand_kol: owned('brand_kol', 'brand_kols'),
  brand_cooperation: owned('brand_cooperation', 'brand_cooperations'),
};
