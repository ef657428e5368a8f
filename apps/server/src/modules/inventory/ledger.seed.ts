/**
 * The Inventory Ledger demo, drawn from the stock demo and the demo sales so that the two agree:
 * per demo FBA position (seller SKU × warehouse × day) one SELLABLE summary row located in the
 * marketplace's country. Its ending balance is the day's fulfillable + reserved, its starting
 * balance the previous day's ending; customer shipments are the units the sales facts record (as
 * far as the stock reached), receipts what arrived on top, and what the stock lost beyond that
 * "other events". A few real differences, by listing and day:
 *   - lost units (1–3) on about one day in 397: the ledger ends below the snapshot, which still
 *     counts them; the next day finds them again (Amazon's M then F);
 *   - one damaged unit on about one day in 401: the ledger ends one below the snapshot; the next
 *     day's other events give it back (re-graded sellable);
 *   - two customer returns the snapshot never shows on about one day in 389: the ledger ends two
 *     above the snapshot (units to claim); the next day's other events write them off.
 * Set-based (one statement), applied once (app_meta), after the stock demo.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyUnits } from '../sales/sales.reads';

export const LEDGER_SEED_KEY = 'seed.inventory-ledger';

export async function applyLedgerDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274403)`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${LEDGER_SEED_KEY}`)).rows;
    if (done) return;
    await tx.execute(sql`
      INSERT INTO inventory_ledger (shop_id, warehouse_id, day, sku, disposition, location, listing_id, asin, fnsku, view,
                                    starting_balance, receipts, customer_shipments, customer_returns, found, lost, damaged,
                                    other_events, ending_balance, source)
      SELECT e.shop_id, e.warehouse_id, e.day, e.sku, 'SELLABLE', e.location, e.listing_id, e.asin, e.fnsku, 'summary',
             e.starting, m.receipts, -m.ship, e.returns, e.found, e.lost, e.damaged,
             e.ending - (e.starting + m.receipts - m.ship + e.returns + e.found + e.lost + e.damaged), e.ending, 'demo'
        FROM (
          SELECT b.*, b.on_hand + b.returns + b.lost + b.damaged AS ending,
                 coalesce(lag(b.on_hand + b.returns + b.lost + b.damaged) OVER w, b.on_hand) AS starting,
                 -coalesce(lag(b.lost) OVER w, 0) AS found,
                 -coalesce(lag(b.returns + b.damaged) OVER w, 0) AS carried
            FROM (
              SELECT p.shop_id, p.warehouse_id, p.day, p.sku, p.listing_id, p.asin, p.fnsku, substr(w.code, 5) AS location,
                     p.fulfillable + p.reserved AS on_hand,
                     coalesce((SELECT sum(u.units) FROM ${dailyUnits} u WHERE u.listing_id = p.listing_id AND u.day = p.day), 0)::int AS sold,
                     CASE WHEN (p.listing_id * 13 + (p.day - DATE '2000-01-01')) % 389 = 0 THEN 2 ELSE 0 END AS returns,
                     CASE WHEN (p.listing_id * 7 + (p.day - DATE '2000-01-01')) % 397 = 0 AND p.fulfillable > 3
                          THEN -(1 + p.listing_id % 3) ELSE 0 END AS lost,
                     CASE WHEN (p.listing_id * 5 + (p.day - DATE '2000-01-01')) % 401 = 0 AND p.fulfillable > 3 THEN -1 ELSE 0 END AS damaged
                FROM inventory_positions p
                JOIN inventory_warehouses w ON w.id = p.warehouse_id AND w.kind = 'fba'
               WHERE p.source = 'demo' AND p.listing_id IS NOT NULL
            ) b
          WINDOW w AS (PARTITION BY b.shop_id, b.warehouse_id, b.sku ORDER BY b.day)
        ) e
        CROSS JOIN LATERAL (SELECT least(e.sold, greatest(0, e.starting + e.lost + e.damaged)) AS ship) s
        CROSS JOIN LATERAL (
          SELECT s.ship,
                 greatest(0, e.ending - (e.starting - s.ship + e.returns + e.found + e.lost + e.damaged + e.carried)) AS receipts
        ) m
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${LEDGER_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
