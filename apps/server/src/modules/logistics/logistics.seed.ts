/**
 * Logistics' demo rows: four carriers (sea, rail, air, express) with rate cards from China to
 * the US, DE, UK and JP, one superseded card and one that starts next year, and the shipment
 * settings of the US and DE, so the calculator answers after `npm start`. Applied once (app_meta).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const LOGISTICS_SEED_KEY = 'seed.logistics';

/** code, name, modes. */
const CARRIERS: readonly [string, string, string[]][] = [
  ['SEA-FBA', 'Oceanlink Sea + Truck', ['sea']],
  ['CR-EXPRESS', 'China Railway Express', ['rail']],
  ['AIR-FBA', 'Skybridge Air Freight', ['air']],
  ['DHL-EXP', 'DHL Express', ['express', 'air']],
];

/** carrier, mode, marketplace, per kg, per CBM, minimum, fuel %, transit days, from, to. */
type Card = [string, string, number, number | null, number | null, number, number, number, string, string | null];
const CARDS: readonly Card[] = [
  ['SEA-FBA', 'sea', 0, 1.45, 215, 60, 0, 34, '2025-01-01', '2025-12-31'],
  ['SEA-FBA', 'sea', 0, 1.2, 180, 60, 0, 32, '2026-01-01', null],
  ['SEA-FBA', 'sea', 1, 1.1, 165, 60, 0, 40, '2026-01-01', null],
  ['SEA-FBA', 'sea', 2, 1.15, 170, 60, 0, 42, '2026-01-01', null],
  ['SEA-FBA', 'sea', 3, 0.8, 120, 50, 0, 14, '2026-01-01', null],
  ['CR-EXPRESS', 'rail', 1, 2.1, 300, 50, 0, 25, '2026-01-01', null],
  ['CR-EXPRESS', 'rail', 2, 2.3, 320, 50, 0, 28, '2026-01-01', null],
  ['AIR-FBA', 'air', 0, 5.2, null, 30, 8, 9, '2026-01-01', null],
  ['AIR-FBA', 'air', 1, 4.8, null, 30, 8, 10, '2026-01-01', null],
  ['AIR-FBA', 'air', 2, 4.9, null, 30, 8, 10, '2026-01-01', null],
  ['AIR-FBA', 'air', 3, 3.1, null, 30, 8, 5, '2026-01-01', null],
  ['DHL-EXP', 'express', 0, 7.8, null, 25, 18.5, 5, '2026-01-01', '2026-12-31'],
  ['DHL-EXP', 'express', 0, 8.1, null, 25, 18.5, 5, '2027-01-01', null],
  ['DHL-EXP', 'express', 1, 7.2, null, 25, 18.5, 5, '2026-01-01', null],
  ['DHL-EXP', 'express', 2, 7.4, null, 25, 18.5, 5, '2026-01-01', null],
  ['DHL-EXP', 'express', 3, 5.1, null, 25, 18.5, 3, '2026-01-01', null],
];

export async function applyLogisticsDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${LOGISTICS_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${LOGISTICS_SEED_KEY}`)).rows;
    if (done) return;
    const [any] = (await tx.execute(sql`SELECT 1 AS x FROM logistics_carriers LIMIT 1`)).rows;
    if (!any) {
      const ids = new Map<string, number>();
      for (const [code, name, modes] of CARRIERS) {
        const [r] = (
          await tx.execute<{ id: number }>(sql`INSERT INTO logistics_carriers (code, name, modes)
            VALUES (${code}, ${name}, ${`{${modes.join(',')}}`}::text[]) RETURNING id`)
        ).rows;
        ids.set(code, Number(r?.id));
      }
      for (const [code, mode, marketId, perKg, perCbm, min, fuel, days, from, to] of CARDS) {
        await tx.execute(sql`
          INSERT INTO logistics_rate_cards (carrier_id, mode, market_id, price_per_kg, price_per_cbm, min_charge,
                 fuel_surcharge_pct, transit_days, valid_from, valid_to)
          VALUES (${ids.get(code)}, ${mode}, ${marketId}, ${perKg === null ? null : String(perKg)},
                 ${perCbm === null ? null : String(perCbm)}, ${String(min)}, ${String(fuel)}, ${days}, ${from}, ${to})`);
      }
      await tx.execute(sql`
        INSERT INTO logistics_shipment_settings (market_id, default_mode, default_carrier_id, transit_sea, transit_air,
               transit_express, transit_rail, prep_days, fba_capacity_units)
        VALUES (0, 'sea', ${ids.get('SEA-FBA')}, 32, 9, 5, 25, 5, 20000),
               (1, 'rail', ${ids.get('CR-EXPRESS')}, 40, 10, 5, 25, 4, 12000)
        ON CONFLICT (market_id) DO NOTHING`);
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${LOGISTICS_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
