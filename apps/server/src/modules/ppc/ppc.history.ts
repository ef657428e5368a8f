/** Who may read the history of the advertising records (see platform/audit/history.registry.ts). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountOwned, registerHistoryReader, shopScoped } from '../../platform/audit/history.registry';
import type { AppContext } from '../../platform/context';

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

export function registerPpcHistory(ctx: AppContext): void {
  registerHistoryReader(ctx, 'ppc_rule', { permission: 'ppc:rules', canSee: accountOwned('ppc_rule', accountOfRule) });
  registerHistoryReader(ctx, 'ppc_monitor', {
    permission: 'ppc:report',
    canSee: shopScoped('ppc_monitor', shopIn('ppc_monitors')),
  });
  registerHistoryReader(ctx, 'ppc_schedule', {
    permission: 'ppc:report',
    canSee: shopScoped('ppc_schedule', shopIn('ppc_schedules')),
  });
}
