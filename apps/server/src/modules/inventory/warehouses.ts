/**
 * The warehouses: one FBA warehouse per marketplace (code `FBA-<market>`), created the first
 * time a shop of that marketplace imports stock (and by the demo seed), overseas 3PLs and the
 * factory (demo seed, company reference).
 */
import { MARKETS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export const fbaCode = (marketId: number) => `FBA-${MARKETS.find((m) => m.id === marketId)?.code ?? marketId}`;

/** The FBA warehouse of a marketplace; with `create`, made when missing (null without it). */
export async function fbaWarehouseId(db: DbOrTx, marketId: number, create: boolean): Promise<number | null> {
  const code = fbaCode(marketId);
  const market = MARKETS.find((m) => m.id === marketId);
  if (create) {
    await db.execute(sql`
      INSERT INTO inventory_warehouses (code, kind, market_id, name, name_en)
      VALUES (${code}, 'fba', ${marketId}, ${`亚马逊 FBA ${market?.zh ?? code}`}, ${`Amazon FBA ${market?.en ?? code}`})
      ON CONFLICT (code) DO NOTHING`);
  }
  const [row] = (await db.execute<{ id: number }>(sql`SELECT id FROM inventory_warehouses WHERE code = ${code}`)).rows;
  return row ? Number(row.id) : null;
}
