/**
 * Products and SKUs through the API on a real database. The sales panel is checked on
 * hand-computed figures in a shop of its own ("Cat US", USD so the rate is 1):
 *   SKU CAT-1 costs 5.00 a unit.
 *   Cat US:            day A (yesterday − 2): 4 units, 100.00 → cogs 20.00, profit 80.00
 *                      day B (yesterday − 40): 1 unit, 20.00 → cogs 5.00, profit 15.00
 *   Brightway Home US (shop.a's): day A: 2 units, 50.00 → cogs 10.00, profit 40.00
 *   admin (the internal account: its own shops) sees US: 5 units, 120.00, profit 95.00;
 *   shop.a (given product:manage) sees only its shop: 2 units, 50.00, 40.00.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, grantToRolesOf, testAppPerFile } from '../../../../test/harness';
import { writeSalesFigures } from '../../sales/facts/facts.service';
import { addDays } from '../../sales/profit/sales-query';
import { fillWeeks } from './product-sales.service';

const API = '/api/product/rest/v1';
// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely; the assertions check their shape
type Json = Record<string, any>;
const t = testAppPerFile({ admin: true });
let analyst: string;
let shopA: string;
let pm: string;
let line: number;
let childLine: number;
let parentLine: number;

const body = (over: Json = {}) => ({
  model: 'CT100',
  name: '测试灯',
  nameEn: 'Test lamp',
  productLineId: line,
  categoryCode: '6111',
  lifecycle: 0,
  ...over,
});
const create = (over: Json = {}, token = t.admin) => t.call('POST', `${API}/products`, { token, body: body(over) });

beforeAll(async () => {
  [analyst, shopA, pm] = await Promise.all([t.login('sales.analyst'), t.login('shop.a'), t.login('pm')]);
  line = (await t.rows<Json>(`SELECT id FROM product_lines WHERE code = '6111'`))[0]!.id;
  // A child line under another parent than 6111's line.
  const child = (
    await t.rows<Json>(
      `SELECT id, parent_id FROM product_lines WHERE parent_id IS NOT NULL
          AND parent_id IS DISTINCT FROM (SELECT parent_id FROM product_lines WHERE id = $1) AND parent_id <> $1 ORDER BY id LIMIT 1`,
      [line],
    )
  )[0]!;
  childLine = child.id;
  parentLine = child.parent_id;
});

describe('access', () => {
  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await t.call('GET', `${API}/products`)).statusCode).toBe(401);
    expect((await t.call('GET', `${API}/products`, { token: pm })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/products`, { token: shopA })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/products/excel`, { token: analyst })).statusCode).toBe(403);
    expect((await create({ model: 'NOPE1' }, analyst)).statusCode).toBe(403);
    expect((await t.call('DELETE', `${API}/products/1`, { token: analyst })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/products`, { token: analyst })).statusCode).toBe(200);
  });

  it('answers 400 on schema violations, with the fields', async () => {
    const bad = await create({ model: '', lifecycle: 5, categoryCode: '9999' });
    expect(bad.statusCode).toBe(400);
    const paths = (dataOf<Json>(bad).fields as { path: string }[]).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['model', 'lifecycle', 'categoryCode']));
    expect((await t.call('GET', `${API}/products`, { token: t.admin, query: { sortField: 'price' } })).statusCode).toBe(400);
    expect((await t.call('GET', `${API}/products/abc`, { token: t.admin })).statusCode).toBe(400);
    expect((await create({ model: 'CT-EOL', lifecycle: 1, eolDate: '2026-01-01' })).statusCode).toBe(400);
  });
});

describe('create, edit, delete', () => {
  let id: number;
  let version: number;

  it('creates a product with SKUs, unique model case-insensitively', async () => {
    const res = await create({ skus: [{ sku: 'CT100-W', variant: 'white' }, { sku: 'CT100-B' }] });
    expect(res.statusCode).toBe(200);
    const p = dataOf<Json>(res);
    id = p.id;
    version = p.version;
    expect(p).toMatchObject({ model: 'CT100', skuCount: 2, listingCount: 0, lifecycle: 0, launchDate: null, version: 1 });
    const stored = await t.rows<Json>(`SELECT sku, variant FROM skus WHERE product_id = $1 ORDER BY sku`, [id]);
    expect(stored).toEqual([
      { sku: 'CT100-B', variant: '' },
      { sku: 'CT100-W', variant: 'white' },
    ]);
    const dup = await create({ model: 'ct100' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toMatch(/model ct100 exists already/);
    expect(dataOf<Json>(dup).fields[0].path).toBe('model');
    const dupSku = await create({ model: 'CT101', skus: [{ sku: 'ct100-w' }] });
    expect(dupSku.statusCode).toBe(409);
    expect((await t.rows<Json>(`SELECT 1 FROM products WHERE model = 'CT101'`)).length).toBe(0);
    const audit = await t.rows<Json>(`SELECT action FROM audit_log WHERE entity = 'product' AND entity_id = $1`, [String(id)]);
    expect(audit).toEqual([{ action: 'product.create' }]);
  });

  it('launches (0→1 sets today), refuses 1→0, goes EOL (1→2 sets today) and refuses a stale version', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const launched = await t.call('PUT', `${API}/products`, { token: t.admin, body: { ...body(), id, version, lifecycle: 1 } });
    expect(launched.statusCode).toBe(200);
    expect(dataOf<Json>(launched)).toMatchObject({ lifecycle: 1, launchDate: today, eolDate: null, version: 2 });
    const back = await t.call('PUT', `${API}/products`, { token: t.admin, body: { ...body(), id, version: 2, lifecycle: 0 } });
    expect(back.statusCode).toBe(400);
    expect(dataOf<Json>(back).fields[0].path).toBe('lifecycle');
    const stale = await t.call('PUT', `${API}/products`, { token: t.admin, body: { ...body(), id, version: 1, lifecycle: 1 } });
    expect(stale.statusCode).toBe(409);
    const eol = await t.call('PUT', `${API}/products`, {
      token: t.admin,
      body: { ...body(), id, version: 2, lifecycle: 2, launchDate: '2025-05-01', name: '测试灯 改' },
    });
    expect(eol.statusCode).toBe(200);
    const row = (
      await t.rows<Json>(
        `SELECT lifecycle, to_char(launch_date, 'YYYY-MM-DD') AS l, to_char(eol_date, 'YYYY-MM-DD') AS e, name, version FROM products WHERE id = $1`,
        [id],
      )
    )[0];
    expect(row).toEqual({ lifecycle: 2, l: '2025-05-01', e: today, name: '测试灯 改', version: 3 });
    version = 3;
  });

  it('refuses to take another model', async () => {
    await create({ model: 'CT200' });
    const res = await t.call('PUT', `${API}/products`, {
      token: t.admin,
      body: { ...body(), id, version, lifecycle: 2, model: 'ct200' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('adds, edits and deletes SKUs; a listed SKU cannot be deleted', async () => {
    const added = await t.call('POST', `${API}/products/${id}/skus`, {
      token: t.admin,
      body: { sku: 'CT100-R', variant: 'red' },
    });
    expect(added.statusCode).toBe(200);
    const sku = dataOf<Json>(added);
    expect(sku).toMatchObject({ sku: 'CT100-R', variant: 'red', version: 1, listingCount: 0, unitCost: null });
    expect((await t.call('POST', `${API}/products/${id}/skus`, { token: t.admin, body: { sku: 'ct100-r' } })).statusCode).toBe(
      409,
    );
    expect((await t.call('POST', `${API}/products/${id}/skus`, { token: t.admin, body: { sku: 'bad sku!' } })).statusCode).toBe(
      400,
    );
    const edited = await t.call('PUT', `${API}/products/skus/${sku.id}`, {
      token: t.admin,
      body: { variant: 'deep red', version: 1 },
    });
    expect(dataOf<Json>(edited)).toMatchObject({ variant: 'deep red', version: 2 });
    expect(
      (await t.call('PUT', `${API}/products/skus/${sku.id}`, { token: t.admin, body: { variant: 'x', version: 1 } })).statusCode,
    ).toBe(409);

    const shop = (await t.rows<Json>(`SELECT id FROM shops WHERE name = 'Lumio US'`))[0]!.id;
    await t.rows<Json>(
      `INSERT INTO listings (shop_id, sku_id, asin, market_id, currency) VALUES ($1, $2, 'B0CT100R01', 0, 'USD')`,
      [shop, sku.id],
    );
    const refused = await t.call('DELETE', `${API}/products/skus/${sku.id}`, { token: t.admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/1 listing/);
    const refusedProduct = await t.call('DELETE', `${API}/products/${id}`, { token: t.admin });
    expect(refusedProduct.statusCode).toBe(409);
    expect((await t.rows<Json>(`SELECT count(*)::int AS n FROM skus WHERE product_id = $1`, [id]))[0]!.n).toBe(3);

    await t.rows<Json>(`DELETE FROM listings WHERE sku_id = $1`, [sku.id]);
    await t.rows<Json>(`INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES ($1, '2020-01-01', 3)`, [sku.id]);
    expect((await t.call('DELETE', `${API}/products/skus/${sku.id}`, { token: t.admin })).statusCode).toBe(200);
    expect(await t.rows<Json>(`SELECT 1 FROM skus WHERE id = $1`, [sku.id])).toEqual([]);
    expect(await t.rows<Json>(`SELECT 1 FROM sku_costs WHERE sku_id = $1`, [sku.id])).toEqual([]);
  });

  it('deletes a product with its SKUs, costs and model info in one go', async () => {
    const skuIds = (await t.rows<Json>(`SELECT id FROM skus WHERE product_id = $1`, [id])).map((r) => r.id);
    await t.rows<Json>(
      `INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee) VALUES ($1, 0, '2020-01-01', 0.15, 3)`,
      [skuIds[0]],
    );
    await t.rows<Json>(
      `INSERT INTO product_model_info (product_id, length_mm, width_mm, height_mm, net_weight_g, gross_weight_g, package_length_mm,
         package_width_mm, package_height_mm, power_pack, material, hs_code, country_of_origin)
       VALUES ($1, 10, 10, 10, 100, 120, 20, 20, 20, 0, 2, '940540', 'CN')`,
      [id],
    );
    const res = await t.call('DELETE', `${API}/products/${id}`, { token: t.admin });
    expect(res.statusCode).toBe(200);
    expect(await t.rows<Json>(`SELECT 1 FROM products WHERE id = $1`, [id])).toEqual([]);
    expect(await t.rows<Json>(`SELECT 1 FROM skus WHERE id = ANY($1)`, [skuIds])).toEqual([]);
    expect(await t.rows<Json>(`SELECT 1 FROM sku_fees WHERE sku_id = ANY($1)`, [skuIds])).toEqual([]);
    expect(await t.rows<Json>(`SELECT 1 FROM product_model_info WHERE product_id = $1`, [id])).toEqual([]);
    expect((await t.call('DELETE', `${API}/products/${id}`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.call('GET', `${API}/products/${id}`, { token: t.admin })).statusCode).toBe(404);
  });
});

describe('list and export', () => {
  beforeAll(async () => {
    await create({
      model: 'ZQ-ONE',
      name: '甲',
      nameEn: 'Alpha',
      productLineId: childLine,
      categoryCode: '7011',
      lifecycle: 1,
      launchDate: '2025-01-01',
      skus: [{ sku: 'ZQ-ONE-X' }],
    });
    await create({ model: 'ZQ-TWO', name: '乙', nameEn: 'Beta', productLineId: line, categoryCode: '7011', lifecycle: 0 });
    await create({ model: 'ZQ-THREE', name: '=丙', nameEn: 'Gamma', productLineId: line, categoryCode: '7012', lifecycle: 0 });
  });

  it('filters by keyword (model, name, SKU), category, lifecycle and line tree, sorts and pages', async () => {
    const list = async (query: Record<string, string>) =>
      dataOf<Json>(await t.call('GET', `${API}/products`, { token: t.admin, query }));
    expect((await list({ keyword: 'zq-' })).list.map((p: Json) => p.model).sort()).toEqual(['ZQ-ONE', 'ZQ-THREE', 'ZQ-TWO']);
    expect((await list({ keyword: 'zq-one-x' })).list.map((p: Json) => p.model)).toEqual(['ZQ-ONE']);
    expect((await list({ keyword: 'Beta' })).list.map((p: Json) => p.model)).toEqual(['ZQ-TWO']);
    expect(
      (await list({ keyword: 'zq-', categoryCode: '7011', sortField: 'model', sortOrder: 'descend' })).list.map(
        (p: Json) => p.model,
      ),
    ).toEqual(['ZQ-TWO', 'ZQ-ONE']);
    expect((await list({ keyword: 'zq-', categoryCode: '7011', lifecycle: '1' })).list.map((p: Json) => p.model)).toEqual([
      'ZQ-ONE',
    ]);
    expect((await list({ keyword: 'zq-', productLineId: String(parentLine) })).list.map((p: Json) => p.model)).toEqual([
      'ZQ-ONE',
    ]);
    const page = await list({ keyword: 'zq-', pageSize: '2', pageNum: '2', sortField: 'model' });
    expect(page).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(page.list.map((p: Json) => p.model)).toEqual(['ZQ-TWO']);
    expect((await create({ model: '=ZQ' })).statusCode).toBe(400);
    expect((await list({ keyword: 'zq-', pageNum: '9' })).total).toBe(3);
    const one = (await list({ keyword: 'zq-one' })).list[0];
    expect(one).toMatchObject({ skuCount: 1, listingCount: 0, launchDate: '2025-01-01' });
  });

  it('exports exactly the filtered rows, formula-like text neutralised', async () => {
    const res = await t.call('GET', `${API}/products/excel`, {
      token: t.admin,
      query: { keyword: 'zq-', sortField: 'model' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]?.slice(0, 3)).toEqual(['Model', 'Name', 'English name']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['ZQ-ONE', 'ZQ-THREE', 'ZQ-TWO']);
    expect(rows[2]?.[1]).toBe("'=丙");
    expect(rows[1]?.[6]).toBe('Launched');
    expect(rows[1]?.[5]).toBe('7011 Temperature detection');
  });
});

describe('bilingual master data', () => {
  it('migration 0032 puts each existing text into the column of its language', async () => {
    const file = readFileSync(new URL('../../../db/migrations/0032_bilingual_master_data.sql', import.meta.url), 'utf8');
    const updates = file
      .split('--> statement-breakpoint')
      .map((x) => x.replace(/^\s*--.*$/gm, '').trim())
      .filter((x) => x.startsWith('UPDATE'));
    expect(updates).toHaveLength(5);
    const c = await t.database.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query(`INSERT INTO product_positions (name, name_en) VALUES ('测试款 Test maker', ''), ('Only English', '')`);
      await c.query(`INSERT INTO materials (code, name, unit, category, supplier, currency)
                     VALUES ('MIG-1', 'Plain LED', 'pcs', '灯珠', 'Netzteil GmbH', 'EUR')`);
      for (const u of updates) await c.query(u);
      const pos = await c.query(
        `SELECT name, name_en FROM product_positions WHERE name IN ('测试款', 'Only English') ORDER BY name`,
      );
      expect(pos.rows).toEqual([
        { name: 'Only English', name_en: 'Only English' },
        { name: '测试款', name_en: 'Test maker' },
      ]);
      const mat = await c.query(
        `SELECT name, name_en, category, category_en, supplier, supplier_en FROM materials WHERE code = 'MIG-1'`,
      );
      expect(mat.rows[0]).toEqual({
        name: '',
        name_en: 'Plain LED',
        category: '灯珠',
        category_en: '',
        supplier: '',
        supplier_en: 'Netzteil GmbH',
      });
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });

  it("gives positions both names and exports product line and position in the caller's language", async () => {
    const positions = dataOf<Json>(await t.call('GET', '/api/sales/rest/v1/listings/product-position-all', { token: t.admin }));
    const profit = positions.find((p: Json) => p.productPosition === '利润款');
    expect(profit).toMatchObject({ productPositionEn: 'Profit maker' });
    for (const p of positions as Json[]) expect(p.productPosition && p.productPositionEn).toBeTruthy();
    await create({ model: 'BL-ONE', name: '双语灯', nameEn: 'Bilingual lamp', positionId: profit.productPositionId });
    const lineRow = (await t.rows<Json>(`SELECT name, name_en FROM product_lines WHERE id = $1`, [line]))[0]!;
    const sheet = async (lang: string) => {
      const res = await t.call('GET', `${API}/products/excel`, {
        token: t.admin,
        query: { keyword: 'BL-ONE' },
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return (wb.worksheets[0]!.getRow(2).values as unknown[]).slice(1);
    };
    const en = await sheet('en-US');
    expect(en[3]).toBe(lineRow.name_en);
    expect(en[4]).toBe('Profit maker');
    const zh = await sheet('zh-CN');
    expect(zh[3]).toBe(lineRow.name);
    expect(zh[4]).toBe('利润款');
    const listed = dataOf<Json>(await t.call('GET', `${API}/products`, { token: t.admin, query: { keyword: 'BL-ONE' } })).list[0];
    expect(listed).toMatchObject({ positionName: '利润款', positionNameEn: 'Profit maker' });
  });
});

describe('details and the sales panel', () => {
  let productId: number;
  let catShop: number;
  let brightway: number;
  const end = addDays(new Date().toISOString().slice(0, 10), -1);
  const dayA = addDays(end, -2);
  const dayB = addDays(end, -40);

  beforeAll(async () => {
    const p = dataOf<Json>(await create({ model: 'CAT-P', lifecycle: 1, skus: [{ sku: 'CAT-1', variant: '5 m' }] }));
    productId = p.id;
    const skuId = (await t.rows<Json>(`SELECT id FROM skus WHERE sku = 'CAT-1'`))[0]!.id;
    catShop = (
      await t.rows<Json>(
        `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES (1, 'Cat US', 'ACATSELLER001', 0, 1) RETURNING id`,
      )
    )[0]!.id;
    brightway = (await t.rows<Json>(`SELECT id FROM shops WHERE name = 'Brightway Home US'`))[0]!.id;
    await t.rows<Json>(`INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES ($1, '2020-01-01', 5)`, [skuId]);
    await t.rows<Json>(
      `INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee) VALUES ($1, 1, '2020-01-01', 0.15, 3)`,
      [skuId],
    );
    const [l1, l2] = (
      await t.rows<Json>(
        `INSERT INTO listings (shop_id, sku_id, asin, market_id, title, currency) VALUES ($1, $3, 'B0CATP0001', 0, 'Cat lamp', 'USD'),
           ($2, $3, 'B0CATP0002', 0, 'Cat lamp B', 'USD') RETURNING id`,
        [catShop, brightway, skuId],
      )
    ).map((r) => r.id);
    const write = (shopId: number, listingId: number, day: string, units: number, revenue: string) =>
      t.database.db.transaction((tx) =>
        writeSalesFigures(tx, shopId, [{ listingId, day, units, orders: units, revenue, sessions: null, pageViews: null }], {
          source: 'test',
          importId: null,
          asOf: new Date(),
        }),
      );
    await write(catShop, l1, dayA, 4, '100.00');
    await write(catShop, l1, dayB, 1, '20.00');
    await write(brightway, l2, dayA, 2, '50.00');
    // shop.a may read products (not a default of its role): isolation must still hold.
    await grantToRolesOf(t, 'shop.a', ['product:manage']);
    shopA = await t.login('shop.a');
  });

  it('shows the SKUs with today’s unit cost and their listings in the visible shops', async () => {
    const d = dataOf<Json>(await t.call('GET', `${API}/products/${productId}`, { token: t.admin }));
    expect(d).toMatchObject({ model: 'CAT-P', skuCount: 1, listingCount: 1 });
    // listingCount of a SKU counts every shop (it decides whether the SKU may be deleted).
    expect(d.skus[0]).toMatchObject({ sku: 'CAT-1', variant: '5 m', unitCost: 5, costFrom: '2020-01-01', listingCount: 2 });
    expect(d.skus[0].listings.map((l: Json) => l.asin)).toEqual(['B0CATP0001']);
    const mine = dataOf<Json>(await t.call('GET', `${API}/products/${productId}`, { token: shopA }));
    expect(mine.listingCount).toBe(1);
    expect(mine.skus[0].listings).toEqual([
      expect.objectContaining({ asin: 'B0CATP0002', shopName: 'Brightway Home US', marketId: 0, referralRate: null }),
    ]);
  });

  it('sums the last 90 days per marketplace and week from the rollups', async () => {
    const s = dataOf<Json>(await t.call('GET', `${API}/products/${productId}/sales`, { token: t.admin }));
    expect(s).toMatchObject({ endDate: end, startDate: addDays(end, -89), currency: 'USD' });
    expect(s.total).toEqual({ units: 5, revenue: 120, profit: 95 });
    expect(s.markets).toEqual([{ marketId: 0, units: 5, revenue: 120, profit: 95 }]);
    const weekOf = (day: string) => {
      const d = new Date(`${day}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      return d.toISOString().slice(0, 10);
    };
    const byWeek = new Map(s.weeks.map((w: Json) => [w.week, w]));
    expect(byWeek.get(weekOf(dayA))).toMatchObject({ units: 4, revenue: 100, profit: 80 });
    expect(byWeek.get(weekOf(dayB))).toMatchObject({ units: 1, revenue: 20, profit: 15 });
    expect(s.weeks.reduce((a: number, w: Json) => a + w.units, 0)).toBe(5);
    const mine = dataOf<Json>(await t.call('GET', `${API}/products/${productId}/sales`, { token: shopA }));
    expect(mine.total).toEqual({ units: 2, revenue: 50, profit: 40 });
  });

  it('answers empty figures for a product without sales and 404 for none', async () => {
    const other = (await t.rows<Json>(`SELECT id FROM products WHERE model = 'ZQ-TWO'`))[0]!.id;
    const s = dataOf<Json>(await t.call('GET', `${API}/products/${other}/sales`, { token: t.admin }));
    expect(s.total).toEqual({ units: 0, revenue: 0, profit: 0 });
    expect(s.markets).toEqual([]);
    expect((await t.call('GET', `${API}/products/999999/sales`, { token: t.admin })).statusCode).toBe(404);
  });
});

describe('fillWeeks', () => {
  it('lists every Monday touching the period with zeros where nothing sold', () => {
    const weeks = fillWeeks('2026-03-04', '2026-03-17', [{ week: '2026-03-09', units: 3, revenue: 1, profit: 1 }]);
    expect(weeks.map((w) => [w.week, w.units])).toEqual([
      ['2026-03-02', 0],
      ['2026-03-09', 3],
      ['2026-03-16', 0],
    ]);
  });
});
