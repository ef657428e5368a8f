/** Who may read the history of the advertising records (see platform/audit/history.registry.ts). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { accountOwned, shopScoped } from '../../platform/audit/history.registry';

const shopIn =
  (table: 'ppc_monitors' | 'ppc_schedules') =>
  async (db: DbOrTx, id: number): Promise<number | null> => {
    const res = await db.execute<{ shop_id: number }>(sql`SELECT shop_id FROM ${sql.identifier(table)} WHERE id = ${id}`);
    return res.rows[0]?.shop_id ?? null;
  };

async function accountOfRule(db: DbOrTx, id: number): Promise<number | null> {
  const res = await db.execute<{ account_id: number }>(sql`SELECT account_id FROM ppc_rules WHERE id = ${id}`);
  return res.rows[0]?.account_id ?? null;
}

export const ppcHistory: HistoryReaderMap = {
  ppc_rule: { permission: 'ppc:rules', canSee: accountOwned('ppc_rule', accountOfRule) },
  ppc_monitor: {
    permission: 'ppc:report',
    canSee: shopScoped('ppc_monitor', shopIn('ppc_monitors')),
  },
  ppc_schedule: {
    permission: 'ppc:report',
    canSee: shopScoped('ppc_schedule', shopIn('ppc_schedules')),
  },
};
