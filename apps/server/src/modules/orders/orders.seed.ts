/**
 * Demo order lines for the mail automation: for up to 12 listings of every company shop,
 * order lines of the last 45 days with (made-up, marketplace-relay style) buyer e-mails,
 * a delivery date 3 days after purchase once that day has passed, and every ninth line
 * with an open return. Deterministic (row numbers, no random()). Applied once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const ORDERS_SEED_KEY = 'seed.orders';

export async function applyOrdersDemoOnce(db: Db): Promise<number | null> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${ORDERS_SEED_KEY}`);
  if (done.rows.length) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274311)`);
    const state = await tx.execute<{ done: boolean; taken: boolean; ready: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${ORDERS_SEED_KEY}) AS done,
             EXISTS (SELECT 1 FROM orders) AS taken,
             EXISTS (SELECT 1 FROM listings) AS ready`);
    const s = state.rows[0];
    if (!s || s.done || s.taken || !s.ready) return null;
    const res = await tx.execute(sql`
      WITH picked AS (
        SELECT l.shop_id, l.market_id, l.asin, k.sku, row_number() OVER (PARTITION BY l.shop_id ORDER BY l.id) AS rn
          FROM listings l JOIN skus k ON k.id = l.sku_id JOIN shops s ON s.id = l.shop_id
         WHERE s.account_id = 1),
      lines AS (
        SELECT p.*, g AS n FROM picked p CROSS JOIN generate_series(1, 4) g WHERE p.rn <= 12)
      INSERT INTO orders (shop_id, market_id, order_id, asin, sku, quantity, order_status, buyer_email, buyer_name,
                          purchase_date, delivery_date, return_state)
      SELECT shop_id, market_id,
             format('%s-%s-%s', 100 + shop_id, lpad((rn * 100 + n)::text, 7, '0'), lpad((shop_id * 7919 + rn * 31 + n)::text, 7, '0')),
             asin, sku, 1 + (n % 2), 'Shipped',
             format('buyer%s.%s@marketplace.example', shop_id, rn * 10 + n),
             (ARRAY['Emily Carter', 'Jonas Weber', 'Sophie Martin', 'Liam Brown', 'Mia Rossi', 'Noah Smith'])[1 + ((rn + n) % 6)],
             now() - make_interval(days => ((rn * 7 + n * 11) % 45)::int),
             CASE WHEN ((rn * 7 + n * 11) % 45) >= 3 THEN (now() - make_interval(days => ((rn * 7 + n * 11) % 45)::int - 3))::date END,
             CASE WHEN (rn * 4 + n) % 9 = 0 THEN 'open' ELSE 'none' END
        FROM lines
      ON CONFLICT (shop_id, order_id, asin) DO NOTHING`);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${ORDERS_SEED_KEY}, 'small') ON CONFLICT (key) DO NOTHING`);
    return res.rowCount ?? 0;
  });
}
