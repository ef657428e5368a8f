/**
 * The stock demo, consistent with the demo sales: per listing and its marketplace's FBA
 * warehouse, 120 days of positions up to the last day of sales. Stock starts at some days of
 * the listing's average sales, falls each day by the units the sales facts record and rises
 * when a shipment arrives (every `cycle` days, `cycle × mult` days of sales); while a shipment
 * is under way it shows as inbound (working > 20 days out, shipped 3–20, receiving 1–2).
 * Classes by listing id (id % 10) make the boards worth reading:
 *   0 shipments stop 40 days before the end: out of stock now;
 *   1 over-stocked (200 days to start, 1.3× shipments) with aged lots;
 *   2 starts short, first shipment after 30 days: a stock-out early in the window;
 *   3 shipments of 0.7×: cover drifting low;
 *   5 normal flow, but with aged lots in the age report;
 *   others normal (50 days to start, 1.05× every 30 days).
 * Listings without sales in the window keep a small, entirely aged stock. The demo sales were
 * generated without stock, so on a demo stock-out day the sales facts still show units: the
 * stock stays at 0 (clamped), and a shipment refills from 0. A few US listings also hold stock
 * in an overseas 3PL. Set-based: one recursive statement over the days, applied once (app_meta).
 */
import { MARKETS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const INVENTORY_SEED_KEY = 'seed.inventory';
const DAYS = 120;

export async function applyInventoryDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274399)`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${INVENTORY_SEED_KEY}`)).rows;
    if (done) return;
    const fba = MARKETS.map((m) => ({
      code: `FBA-${m.code}`,
      kind: 'fba',
      market: m.id,
      zh: `亚马逊 FBA ${m.zh}`,
      en: `Amazon FBA ${m.en}`,
    }));
    const others = [
      { code: 'US-3PL-LA', kind: '3pl', market: 0, zh: '美国洛杉矶海外仓', en: 'Los Angeles 3PL (US)' },
      { code: 'DE-3PL-HAM', kind: '3pl', market: 1, zh: '德国汉堡海外仓', en: 'Hamburg 3PL (DE)' },
      { code: 'CN-FACTORY-SZ', kind: 'factory', market: null, zh: '深圳工厂', en: 'Shenzhen factory' },
    ];
    await tx.execute(sql`
      INSERT INTO inventory_warehouses (code, kind, market_id, name, name_en)
      SELECT x.code, x.kind, x.market, x.zh, x.en
        FROM jsonb_to_recordset(${JSON.stringify([...fba, ...others])}::jsonb) AS x(code text, kind text, market smallint, zh text, en text)
      ON CONFLICT (code) DO NOTHING`);
    const [span] = (
      await tx.execute<{ last: string | null }>(sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS last FROM sales_facts`)
    ).rows;
    if (span?.last) {
      // The listings with their class, average daily units over the window and flow parameters.
      await tx.execute(sql`
        CREATE TEMP TABLE inv_demo_l ON COMMIT DROP AS
        SELECT li.id AS listing_id, li.shop_id, sk.sku, li.asin, w.id AS warehouse_id, li.id % 10 AS cls,
               coalesce(u.units, 0) / ${DAYS}::numeric AS a,
               CASE li.id % 10 WHEN 0 THEN 35 WHEN 1 THEN 200 WHEN 2 THEN 15 WHEN 3 THEN 40 ELSE 50 END AS init,
               CASE li.id % 10 WHEN 2 THEN 45 ELSE 30 END AS cyc,
               CASE li.id % 10 WHEN 1 THEN 1.3 WHEN 2 THEN 0.9 WHEN 3 THEN 0.7 ELSE 1.05 END AS mult,
               CASE li.id % 10 WHEN 0 THEN 40 ELSE 0 END AS stop,
               CASE li.id % 10 WHEN 2 THEN 30 ELSE 1 END AS first
          FROM listings li
          JOIN skus sk ON sk.id = li.sku_id
          JOIN inventory_warehouses w ON w.kind = 'fba' AND w.market_id = li.market_id
          LEFT JOIN (SELECT listing_id, sum(units) AS units FROM sales_facts
                      WHERE day > ${span.last}::date - ${DAYS}::int GROUP BY listing_id) u ON u.listing_id = li.id
         WHERE EXISTS (SELECT 1 FROM sales_facts f WHERE f.listing_id = li.id)`);
      await tx.execute(sql`
        CREATE TEMP TABLE inv_demo_u ON COMMIT DROP AS
        SELECT f.listing_id, (f.day - (${span.last}::date - ${DAYS}::int))::int AS dn, f.units
          FROM sales_facts f JOIN inv_demo_l l ON l.listing_id = f.listing_id
         WHERE f.day > ${span.last}::date - ${DAYS}::int AND f.day <= ${span.last}::date`);
      await tx.execute(sql`CREATE INDEX ON inv_demo_u (dn, listing_id)`);
      await tx.execute(sql`ANALYZE inv_demo_l, inv_demo_u`);
      // Arrival on day d: (d + listing offset) % cycle = 0, from `first`, until `stop` days before the end.
      await tx.execute(sql`
        CREATE TEMP TABLE inv_demo_s ON COMMIT DROP AS
        WITH RECURSIVE r(listing_id, d, stock) AS (
          SELECT l.listing_id, 0, CASE WHEN l.a = 0 THEN 20 + l.listing_id % 40 ELSE round(l.a * l.init)::int END FROM inv_demo_l l
          UNION ALL
          SELECT r.listing_id, r.d + 1,
                 greatest(0, r.stock - coalesce(u.units, 0)
                   + CASE WHEN l.a > 0 AND r.d + 1 >= l.first AND (r.d + 1 + l.listing_id) % l.cyc = 0 AND r.d + 1 <= ${DAYS} - l.stop
                          THEN round(l.a * l.cyc * l.mult)::int ELSE 0 END)
            FROM r JOIN inv_demo_l l ON l.listing_id = r.listing_id
            LEFT JOIN inv_demo_u u ON u.listing_id = r.listing_id AND u.dn = r.d + 1
           WHERE r.d < ${DAYS}
        )
        SELECT r.listing_id, r.d, r.stock,
               l.cyc - (r.d + l.listing_id) % l.cyc AS k
          FROM r JOIN inv_demo_l l ON l.listing_id = r.listing_id WHERE r.d >= 1`);
      await tx.execute(sql`ANALYZE inv_demo_s`);
      await tx.execute(sql`
        INSERT INTO inventory_positions (shop_id, warehouse_id, day, sku, listing_id, asin, fnsku, fulfillable, reserved,
                                         inbound_working, inbound_shipped, inbound_receiving, unfulfillable, researching, source)
        SELECT l.shop_id, l.warehouse_id, ${span.last}::date - ${DAYS}::int + s.d, l.sku, l.listing_id, l.asin,
               'X00' || upper(lpad(to_hex(l.listing_id * 7919 % 16777216), 7, '0')),
               s.stock,
               CASE WHEN s.stock > 0 THEN least(s.stock, round(l.a * 1.5)::int) ELSE 0 END,
               CASE WHEN q.ok AND s.k > 20 THEN q.qty ELSE 0 END,
               CASE WHEN q.ok AND s.k BETWEEN 3 AND 20 THEN q.qty ELSE 0 END,
               CASE WHEN q.ok AND s.k <= 2 THEN q.qty ELSE 0 END,
               CASE WHEN (l.listing_id * 7 + s.d / 30) % 5 = 0 THEN 1 + l.listing_id % 3 ELSE 0 END,
               CASE WHEN (l.listing_id + s.d) % 97 = 0 THEN 1 ELSE 0 END,
               'demo'
          FROM inv_demo_s s JOIN inv_demo_l l ON l.listing_id = s.listing_id
          CROSS JOIN LATERAL (SELECT l.a > 0 AND s.d + s.k >= l.first AND (l.stop = 0 OR s.d + s.k <= ${DAYS} - l.stop) AS ok,
                                     round(l.a * l.cyc * l.mult)::int AS qty) q
        ON CONFLICT DO NOTHING`);
      // Ages: the fulfillable units split by the class's shares of each bucket (the youngest takes the rest).
      await tx.execute(sql`
        INSERT INTO inventory_ages (shop_id, warehouse_id, day, sku, listing_id, asin, fnsku, age_0_90, age_91_180, age_181_270,
                                    age_271_365, age_365_plus, source)
        SELECT l.shop_id, l.warehouse_id, ${span.last}::date - ${DAYS}::int + s.d, l.sku, l.listing_id, l.asin,
               'X00' || upper(lpad(to_hex(l.listing_id * 7919 % 16777216), 7, '0')),
               s.stock - b.b1 - b.b2 - b.b3 - b.b4, b.b1, b.b2, b.b3, b.b4, 'demo'
          FROM inv_demo_s s JOIN inv_demo_l l ON l.listing_id = s.listing_id
          CROSS JOIN LATERAL (
            SELECT floor(s.stock * sh.p1)::int AS b1, floor(s.stock * sh.p2)::int AS b2,
                   floor(s.stock * sh.p3)::int AS b3, floor(s.stock * sh.p4)::int AS b4
              FROM (SELECT CASE WHEN l.a = 0 THEN 0 WHEN l.cls = 1 THEN 0.25 WHEN l.cls = 5 THEN 0.2 ELSE 0.12 END AS p1,
                           CASE WHEN l.a = 0 THEN 0.3 WHEN l.cls = 1 THEN 0.2 WHEN l.cls = 5 THEN 0.15 ELSE 0 END AS p2,
                           CASE WHEN l.a = 0 THEN 0.3 WHEN l.cls = 1 THEN 0.1 WHEN l.cls = 5 THEN 0.1 ELSE 0 END AS p3,
                           CASE WHEN l.a = 0 THEN 0.4 WHEN l.cls = 1 THEN 0.05 WHEN l.cls = 5 THEN 0.08 ELSE 0 END AS p4) sh
          ) b
        ON CONFLICT DO NOTHING`);
      // An overseas 3PL holding about 60 days of sales for some US listings.
      await tx.execute(sql`
        INSERT INTO inventory_positions (shop_id, warehouse_id, day, sku, listing_id, asin, fnsku, fulfillable, source)
        SELECT p.shop_id, w.id, p.day, p.sku, p.listing_id, p.asin, p.fnsku, greatest(0, round(l.a * 60)::int - (p.day - ${span.last}::date + ${DAYS}) / 30 * round(l.a * 8)::int), 'demo'
          FROM inventory_positions p JOIN inv_demo_l l ON l.listing_id = p.listing_id AND l.warehouse_id = p.warehouse_id
          JOIN inventory_warehouses w ON w.code = 'US-3PL-LA'
          JOIN listings li ON li.id = p.listing_id AND li.market_id = 0
         WHERE l.cls IN (1, 4) AND l.a > 0
        ON CONFLICT DO NOTHING`);
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${INVENTORY_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
