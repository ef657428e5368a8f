/**
 * Set-ups that several test files share (on top of createTestApp's demo data), so each
 * file states only what is particular to it.
 */
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { writeSalesFigures } from '../src/modules/sales/facts/facts.service';
import type { TestApp } from './harness';

type Cell = string | number | Date | null;

const idOf = async (t: TestApp, text: string, values: unknown[] = []) => (await t.rows<{ id: number }>(text, values))[0]!.id;

/** A one-sheet workbook of the rows, as an import file. */
export async function xlsxOf(sheet: readonly Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of sheet) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A new product of product line 6111 with the SKUs named (their ids, in that order). */
async function productWithSkus(
  t: TestApp,
  p: { model: string; name: string; nameEn: string },
  skus: readonly string[],
  variant = '',
): Promise<number[]> {
  const line = await idOf(t, `SELECT id FROM product_lines WHERE code = '6111'`);
  const product = await idOf(
    t,
    `INSERT INTO products (model, name, name_en, product_line_id, category_code) VALUES ($1, $2, $3, $4, '6111') RETURNING id`,
    [p.model, p.name, p.nameEn, line],
  );
  const ids: number[] = [];
  for (const sku of skus)
    ids.push(
      await idOf(t, `INSERT INTO skus (sku, product_id, variant) VALUES ($1, $2, $3) RETURNING id`, [sku, product, variant]),
    );
  return ids;
}

/** A new US shop of the company; answers its id. */
export const usShop = (t: TestApp, name: string, sellerId: string) =>
  idOf(t, `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES (1, $1, $2, 0, 1) RETURNING id`, [
    name,
    sellerId,
  ]);

/**
 * A new US shop listing SKUs of a new product of line 6111, for import tests: one listing per
 * [SKU, ASIN], titled by its SKU (a SKU the demo already has is listed as it is). Answers the shop.
 */
export async function listedUsShop(
  t: TestApp,
  o: {
    shopName: string;
    sellerId: string;
    product: { model: string; name: string; nameEn: string };
    listings: readonly (readonly [sku: string, asin: string])[];
  },
): Promise<number> {
  const shop = await usShop(t, o.shopName, o.sellerId);
  const line = await idOf(t, `SELECT id FROM product_lines WHERE code = '6111'`);
  const product = await idOf(
    t,
    `INSERT INTO products (model, name, name_en, product_line_id, category_code) VALUES ($1, $2, $3, $4, '6111') RETURNING id`,
    [o.product.model, o.product.name, o.product.nameEn, line],
  );
  for (const [sku, asin] of o.listings) {
    const skuId = await idOf(
      t,
      `INSERT INTO skus (sku, product_id) VALUES ($1, $2) ON CONFLICT (sku) DO UPDATE SET sku = EXCLUDED.sku RETURNING id`,
      [sku, product],
    );
    await t.rows(`INSERT INTO listings (shop_id, sku_id, asin, market_id, title, currency) VALUES ($1, $2, $3, 0, $4, 'USD')`, [
      shop,
      skuId,
      asin,
      sku,
    ]);
  }
  return shop;
}

export interface CostShop {
  /** The shop of its own (Germany, EUR). */
  shop: number;
  /** The SKU with the sales (the first of `skus`). */
  skuId: number;
  /** Its profit in March 2026 on the sku list, in USD, as `token` sees it. */
  profit(token: string): Promise<number>;
}

/**
 * A German shop of the company with one SKU sold there, for hand-computed cost figures:
 * EUR at 1.25 from 2026-01-01 (and no later rate), unit cost 4.00 USD and fees 10 % plus
 * 2.00 EUR from 2026-01-01, and on 2026-03-10 5 units for 100.00 EUR. So cogs = 5 × 4 / 1.25 =
 * 16.00 EUR = 20.00 USD, fees = 10.00 + 10.00 EUR = 25.00 USD, profit = 125 − 25 − 20 = 80.00 USD.
 */
export async function costShop(
  t: TestApp,
  o: {
    shopName: string;
    sellerId: string;
    product: { model: string; name: string; nameEn: string };
    /** The first one is listed and sold; the others only exist. */
    skus: readonly [string, ...string[]];
    asin: string;
    title: string;
  },
): Promise<CostShop> {
  const shop = await idOf(
    t,
    `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES (1, $1, $2, 1, 1) RETURNING id`,
    [o.shopName, o.sellerId],
  );
  const [skuId] = (await productWithSkus(t, o.product, o.skus)) as [number];
  const listing = await idOf(
    t,
    `INSERT INTO listings (shop_id, sku_id, asin, market_id, title, currency) VALUES ($1, $2, $3, 1, $4, 'EUR') RETURNING id`,
    [shop, skuId, o.asin, o.title],
  );
  await t.rows(
    `INSERT INTO exchange_rates (currency, day, rate) VALUES ('EUR', '2026-01-01', 1.25) ON CONFLICT (currency, day) DO UPDATE SET rate = 1.25`,
  );
  await t.rows(`DELETE FROM exchange_rates WHERE currency = 'EUR' AND day > '2026-01-01'`);
  await t.rows(`INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES ($1, '2026-01-01', 4)`, [skuId]);
  await t.rows(
    `INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee) VALUES ($1, 1, '2026-01-01', 0.1, 2)`,
    [skuId],
  );
  await t.database.db.transaction((tx) =>
    writeSalesFigures(
      tx,
      shop,
      [{ listingId: listing, day: '2026-03-10', units: 5, orders: 5, revenue: '100.00', sessions: null, pageViews: null }],
      { source: 'test', importId: null, asOf: new Date('2026-06-01T00:00:00Z') },
    ),
  );
  return {
    shop,
    skuId,
    async profit(token) {
      const res = await t.call('GET', '/api/sales/rest/v1/listings/sku/sales_profit', {
        token,
        query: { startDate: '2026-03-01', endDate: '2026-03-31', shopId: String(shop) },
      });
      expect(res.statusCode).toBe(200);
      const list = (res.json() as { data: { list: { sku: string; profit: number }[] } }).data.list;
      return list.find((r) => r.sku === o.skus[0])?.profit ?? Number.NaN;
    },
  };
}

export interface LinkScene {
  /** A new SKU (of a new product) that no shop lists yet. */
  skuId: number;
  /** The company's German shop and shop.a's own shop. */
  lumioDe: number;
  brightway: number;
  /** shop.a, signed in after it was given the product-links screen. */
  shopA: string;
}

/**
 * For product links: a fresh SKU to link, the shops to link it in, and shop.a holding the
 * links screen (not a default of its role), which must still see only its own shop.
 */
export async function linkScene(t: TestApp, o: { model: string; name: string; nameEn: string; sku: string }): Promise<LinkScene> {
  const [skuId] = (await productWithSkus(t, o, [o.sku], 'white')) as [number];
  const lumioDe = await idOf(t, `SELECT id FROM shops WHERE name = 'Lumio DE'`);
  const brightway = await idOf(t, `SELECT id FROM shops WHERE name = 'Brightway Home US'`);
  await t.rows(
    `INSERT INTO role_permissions (role_id, permission_id)
     SELECT r.id, pi.id FROM roles r JOIN user_roles ur ON ur.role_id = r.id JOIN users u ON u.id = ur.user_id,
            permission_items pi WHERE u.login_name = 'shop.a' AND pi.auth_pattern LIKE 'product:link%' ON CONFLICT DO NOTHING`,
  );
  return { skuId, lumioDe, brightway, shopA: await t.login('shop.a') };
}
