/**
 * Test fixture of the basis tests: a shop of its own in a marketplace, one listing of a
 * product in a given line with a unit cost of 5.00 USD and no fee schedule, and sales
 * written through the facts writer (so the rollups are those of production).
 */
import type { TestApp } from '../../../../test/harness';
import { writeSalesFigures } from '../facts/facts.service';

export const isoDay = (offset: number, now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + offset * 86_400_000).toISOString().slice(0, 10);

export async function makeListing(
  t: TestApp,
  opts: { shopName: string; seller: string; marketId: number; currency: string; lineCode: string; sku: string },
) {
  const q = async <T>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
  const [line] = await q<{ id: number }>(`SELECT id FROM product_lines WHERE code = $1`, [opts.lineCode]);
  const [shop] = await q<{ id: number }>(
    `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES (1, $1, $2, $3, 1) RETURNING id`,
    [opts.shopName, opts.seller, opts.marketId],
  );
  const [product] = await q<{ id: number }>(
    `INSERT INTO products (model, name, name_en, product_line_id, category_code) VALUES ($1, $1, $1, $2, $3) RETURNING id`,
    [`M-${opts.sku}`, line?.id, opts.lineCode],
  );
  const [sku] = await q<{ id: number }>(`INSERT INTO skus (sku, product_id) VALUES ($1, $2) RETURNING id`, [
    opts.sku,
    product?.id,
  ]);
  const [listing] = await q<{ id: number }>(
    `INSERT INTO listings (shop_id, sku_id, asin, market_id, title, currency) VALUES ($1, $2, $3, $4, 'Basis fixture', $5) RETURNING id`,
    [
      shop?.id,
      sku?.id,
      `B0${opts.sku
        .replace(/[^A-Z0-9]/g, '')
        .padEnd(8, '0')
        .slice(0, 8)}`,
      opts.marketId,
      opts.currency,
    ],
  );
  await q(`INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES ($1, '2020-01-01', 5)`, [sku?.id]);
  const shopId = shop?.id as number;
  const listingId = listing?.id as number;
  const sell = (day: string, units: number, revenue: string) =>
    t.database.db.transaction((tx) =>
      writeSalesFigures(tx, shopId, [{ listingId, day, units, orders: units, revenue, sessions: null, pageViews: null }], {
        source: 'test',
        importId: null,
        asOf: new Date(),
      }),
    );
  return { shopId, listingId, lineId: line?.id as number, sell };
}
