/**
 * The shipment demo: ten plans of the first shops' listings, at least one in each state
 * (two drafts, confirmed, batched, two shipped by sea and air, received in full, received
 * short with its open claim, closed, cancelled), with their shipments and receipts. The stock
 * demo already draws inbound and arrivals of its own, so these plans write no stock. Applied
 * once (app_meta).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const SHIPMENTS_SEED_KEY = 'seed.shipments';

/** state, mode, days ago it was made, units per carton, cartons, received share (1 = all), batch. */
const PLANS = [
  ['draft', 'sea', 1, 24, 10, 0, null],
  ['draft', 'air', 2, 12, 4, 0, null],
  ['confirmed', 'sea', 5, 20, 15, 0, null],
  ['batched', 'sea', 8, 20, 20, 0, 'B-DEMO-01'],
  ['shipped', 'sea', 30, 24, 25, 0, 'B-DEMO-02'],
  ['shipped', 'air', 12, 10, 8, 0, 'B-DEMO-03'],
  ['received', 'sea', 50, 24, 12, 1, 'B-DEMO-04'],
  ['received', 'air', 25, 20, 10, 0.9, 'B-DEMO-05'],
  ['closed', 'sea', 80, 30, 10, 1, 'B-DEMO-06'],
  ['cancelled', 'sea', 20, 20, 5, 0, null],
] as const;

const TRANSIT = { sea: 35, air: 10 } as const;

export async function applyShipmentsDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274401)`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${SHIPMENTS_SEED_KEY}`)).rows;
    if (done) return;
    // Two listings each of the internal account's first shops that have an FBA warehouse.
    const listings = (
      await tx.execute<{ shop_id: number; warehouse_id: number; listing_id: number; sku: string }>(sql`
        SELECT x.shop_id, x.warehouse_id, x.listing_id, x.sku FROM (
          SELECT s.id AS shop_id, w.id AS warehouse_id, li.id AS listing_id, sk.sku,
                 row_number() OVER (PARTITION BY s.id ORDER BY li.id) AS n, dense_rank() OVER (ORDER BY s.id) AS shop_n
            FROM shops s JOIN inventory_warehouses w ON w.kind = 'fba' AND w.market_id = s.market_id
            JOIN listings li ON li.shop_id = s.id JOIN skus sk ON sk.id = li.sku_id
           WHERE s.account_id = 1) x
         WHERE x.n <= 2 AND x.shop_n <= 3
         ORDER BY x.shop_id, x.n`)
    ).rows;
    if (listings.length < 2) return;
    for (const [i, [state, mode, ago, upc, cartons, share, batch]] of PLANS.entries()) {
      const l = listings[(i * 2) % listings.length] as (typeof listings)[number];
      const l2 = listings[(i * 2 + 1) % listings.length] as (typeof listings)[number];
      const lines = l2.shop_id === l.shop_id && l2.sku !== l.sku ? [l, l2] : [l];
      const [plan] = (
        await tx.execute<{ id: number; code: string }>(sql`
          WITH n AS (SELECT nextval(pg_get_serial_sequence('shipment_plans', 'id')) AS id)
          INSERT INTO shipment_plans (id, code, shop_id, warehouse_id, state, mode, batch_no, created_at, updated_at)
          SELECT n.id, 'SP' || lpad(n.id::text, 6, '0'), ${l.shop_id}, ${l.warehouse_id}, ${state}, ${mode}, ${batch},
                 now() - make_interval(days => ${ago}), now() - make_interval(days => ${ago})
            FROM n RETURNING id, code`)
      ).rows;
      if (!plan) continue;
      const shipped = ['shipped', 'received', 'closed'].includes(state);
      for (const [k, line] of lines.entries()) {
        const units = upc * cartons;
        // The short receipt: the first line of the plan received at `share`; everything else in full.
        const received = shipped && share > 0 ? (k === 0 ? Math.round(units * share) : units) : 0;
        const [row] = (
          await tx.execute<{ id: number }>(sql`
            INSERT INTO shipment_plan_lines (plan_id, sku, listing_id, units_per_carton, cartons, shipped, received)
            VALUES (${plan.id}, ${line.sku}, ${line.listing_id}, ${upc}, ${cartons}, ${shipped ? units : 0}, ${received})
            RETURNING id`)
        ).rows;
        if (received > 0)
          await tx.execute(sql`
            INSERT INTO shipment_receipts (line_id, received_on, quantity)
            VALUES (${row?.id}, current_date - ${Math.max(ago - TRANSIT[mode], 1)}::int, ${received})`);
        if (received > 0 && received < units)
          await tx.execute(sql`
            INSERT INTO fba_claims (shop_id, line_id, quantity, state, created_at, updated_at)
            VALUES (${l.shop_id}, ${row?.id}, ${units - received}, 'open', now() - interval '1 day', now() - interval '1 day')`);
      }
      if (shipped) {
        const etd = ago - 2;
        await tx.execute(sql`
          INSERT INTO shipments (plan_id, code, mode, carrier, tracking, etd, eta, shipped_at, received_on)
          VALUES (${plan.id}, ${`FBA15DEMO${String(plan.id).padStart(4, '0')}`}, ${mode}, ${mode === 'air' ? 'DHL' : 'COSCO'},
                  ${`${mode === 'air' ? '1Z' : 'COSU'}${8_000_000 + plan.id * 37}`}, current_date - ${etd}::int,
                  current_date - ${etd - TRANSIT[mode]}::int, now() - make_interval(days => ${etd}),
                  ${share > 0 ? sql`current_date - ${Math.max(ago - TRANSIT[mode], 1)}::int` : sql`NULL`})`);
      }
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${SHIPMENTS_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
