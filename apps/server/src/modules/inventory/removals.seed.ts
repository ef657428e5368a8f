/**
 * The removal orders demo, drawn from the stock demo's aged units: per shop, the first six demo
 * listings (by id) that hold units older than 180 days on the shop's latest FBA day get one order
 * each, of up to the aged units, in every type and status a planner meets:
 *   1 a return in process (its units in process are at most the position's reserved: where Amazon
 *     keeps them until they leave; completed when nothing is reserved), 2 a completed disposal,
 *   3 a completed return with its parcel, 4 a cancelled liquidation, 5 a pending disposal,
 *   6 an older completed return with its parcel.
 * Fees at 0.97 a unit removed (return) and 0.52 (disposal, liquidation) in the listing's currency.
 * Set-based, applied once (app_meta), after the stock demo.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingSkus } from '../catalog/catalog.reads';

export const REMOVALS_SEED_KEY = 'seed.inventory-removals';

export async function applyRemovalsDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274404)`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${REMOVALS_SEED_KEY}`)).rows;
    if (done) return;
    await tx.execute(sql`
      WITH cand AS (
        SELECT p.shop_id, p.sku, p.fnsku, p.listing_id, p.day, p.reserved, li.currency,
               a.age_181_270 + a.age_271_365 + a.age_365_plus AS aged,
               row_number() OVER (PARTITION BY p.shop_id ORDER BY p.listing_id) AS k
          FROM inventory_positions p
          JOIN inventory_warehouses w ON w.id = p.warehouse_id AND w.kind = 'fba'
          JOIN inventory_ages a ON a.shop_id = p.shop_id AND a.warehouse_id = p.warehouse_id AND a.day = p.day AND a.sku = p.sku
          JOIN ${listingSkus} li ON li.id = p.listing_id
         WHERE p.source = 'demo'
           AND p.day = (SELECT max(q.day) FROM inventory_positions q WHERE q.shop_id = p.shop_id AND q.warehouse_id = p.warehouse_id)
           AND a.age_181_270 + a.age_271_365 + a.age_365_plus > 0
      ), plan AS (
        SELECT c.*, o.*, least(c.aged, o.cap) AS requested,
               c.day - o.ago AS request_date, 'RM' || c.shop_id || '-' || to_char(c.day - o.ago, 'YYMMDD') || '-' || c.k AS order_id
          FROM cand c
          JOIN (VALUES (1, 'return', 30, 5), (2, 'disposal', 20, 20), (3, 'return', 25, 35), (4, 'liquidation', 10, 12),
                       (5, 'disposal', 8, 2), (6, 'return', 15, 50)) AS o(kind, type, cap, ago) ON o.kind = c.k
      ), lines AS (
        SELECT pl.*, CASE WHEN pl.kind IN (1, 5) THEN least(pl.requested, pl.reserved) ELSE 0 END AS in_process
          FROM plan pl
      )
      INSERT INTO inventory_removal_lines (shop_id, order_id, sku, disposition, fnsku, listing_id, request_date, order_type, order_status,
                                           order_source, last_updated, requested, cancelled, disposed, shipped, in_process, removal_fee,
                                           currency, source)
      SELECT l.shop_id, l.order_id, l.sku, 'SELLABLE', l.fnsku, l.listing_id, l.request_date, l.type,
             CASE WHEN l.kind = 4 THEN 'cancelled' WHEN l.kind = 5 THEN 'pending'
                  WHEN l.kind = 1 AND l.in_process > 0 THEN 'processing' ELSE 'completed' END,
             'Seller-initiated Manual Removal', least(l.request_date + 3, l.day)::timestamptz + interval '10 hours',
             l.requested,
             CASE WHEN l.kind = 4 THEN l.requested ELSE 0 END,
             CASE WHEN l.kind = 2 THEN l.requested ELSE 0 END,
             CASE WHEN l.kind IN (1, 3, 6) THEN l.requested - l.in_process ELSE 0 END,
             l.in_process,
             round(CASE WHEN l.kind = 4 THEN 0 WHEN l.type = 'return' THEN 0.97 ELSE 0.52 END * l.requested, 2),
             l.currency, 'demo'
        FROM lines l
      ON CONFLICT DO NOTHING`);
    // One parcel per return line that shipped, four days after the request.
    await tx.execute(sql`
      INSERT INTO inventory_removal_shipments (shop_id, order_id, sku, disposition, shipment_date, tracking_number, carrier, fnsku,
                                               quantity, source)
      SELECT r.shop_id, r.order_id, r.sku, r.disposition, r.request_date + 4,
             '1ZDEMO' || lpad((r.shop_id * 100000 + (r.request_date - DATE '2000-01-01'))::text, 10, '0'), 'UPS', r.fnsku, r.shipped, 'demo'
        FROM inventory_removal_lines r
       WHERE r.source = 'demo' AND r.shipped > 0
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${REMOVALS_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
