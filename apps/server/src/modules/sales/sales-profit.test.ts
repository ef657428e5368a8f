/**
 * Sales and profit on hand-computed fixtures. A shop of its own ("Test DE", EUR at 1.10)
 * keeps the figures apart from the demo data: every call filters on it.
 *
 * Listing L1 (TEST-1): unit cost 5.00 USD, referral 15 %, FBA fee 3.00 EUR.
 *   2026-03-10: 4 units, 3 orders, 100.00 EUR
 *     fees  = 15.00 + 12.00 EUR → 16.50 + 13.20 = 29.70 USD
 *     cogs  = 4 × 5 / 1.1 = 18.18 EUR → 20.00 USD
 *     profit = 110.00 − 29.70 − 20.00 = 60.30 USD, margin 0.5482
 * Listing L2 (TEST-2): no cost, no fee schedule.
 *   2026-04-02: 1 unit, 1 order, 20.00 EUR → 22.00 USD, profit 22.00
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';
import { refreshRollups, writeSalesFigures } from './facts/facts.service';
import { addDays } from './profit/sales-query';

const API = '/api/sales/rest/v1';
const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', analyst: 'sales.analyst' } });
let shop: number;
let l1: number;
let l2: number;
let brightway: number;

type Json = Record<string, unknown>;

const write = (listingId: number, day: string, units: number, orders: number, revenue: string, shopId = shop) =>
  t.database.db.transaction((tx) =>
    writeSalesFigures(tx, shopId, [{ listingId, day, units, orders, revenue, sessions: null, pageViews: null }], {
      source: 'test',
      importId: null,
      asOf: new Date('2026-06-01T00:00:00Z'),
    }),
  );

const MARCH = { startDate: '2026-03-01', endDate: '2026-03-31' };
const SPRING = { startDate: '2026-03-05', endDate: '2026-04-10' };

beforeAll(async () => {
  const line = (await t.rows<{ id: number }>(`SELECT id FROM product_lines WHERE code = '6111'`))[0]!.id;
  shop = (
    await t.rows<{ id: number }>(
      `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES (1, 'Test DE', 'ATESTSELLER01', 1, 1) RETURNING id`,
    )
  )[0]!.id;
  brightway = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Brightway Home US'`))[0]!.id;
  const product = (
    await t.rows<{ id: number }>(
      `INSERT INTO products (model, name, name_en, product_line_id, category_code) VALUES ('TST1', '测试灯带', 'Test strip', $1, '6111') RETURNING id`,
      [line],
    )
  )[0]!.id;
  const [s1, s2] = await t.rows<{ id: number }>(
    `INSERT INTO skus (sku, product_id) VALUES ('TEST-1', $1), ('=TEST-2', $1) RETURNING id`,
    [product],
  );
  [l1, l2] = (
    await t.rows<{ id: number }>(
      `INSERT INTO listings (shop_id, sku_id, asin, market_id, title, currency) VALUES
         ($1, $2, 'B0TEST0001', 1, 'Test strip, 5 m', 'EUR'), ($1, $3, 'B0TEST0002', 1, '+cmd|calc', 'EUR') RETURNING id`,
      [shop, s1!.id, s2!.id],
    )
  ).map((r) => r.id) as [number, number];
  await t.rows(
    `INSERT INTO exchange_rates (currency, day, rate) VALUES ('EUR', '2026-01-01', 1.1) ON CONFLICT (currency, day) DO UPDATE SET rate = 1.1`,
  );
  await t.rows(`DELETE FROM exchange_rates WHERE currency = 'EUR' AND day > '2026-01-01'`);
  await t.rows(`INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES ($1, '2026-01-01', 5)`, [s1!.id]);
  await t.rows(
    `INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee) VALUES ($1, 1, '2026-01-01', 0.15, 3)`,
    [s1!.id],
  );
  await write(l1, '2026-03-10', 4, 3, '100.00');
  await write(l2, '2026-04-02', 1, 1, '20.00');
});

const list = async (dimension: string, query: Record<string, string | string[]>, token = t.admin) => {
  const res = await t.call('GET', `${API}/listings/${dimension}/sales_profit`, {
    token,
    query: { shopId: String(shop), ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(res) as { list: Json[]; total: number; sum: Json; startDate: string; endDate: string; currency: string };
};

describe('sales_profit: the profit formula on hand-computed figures', () => {
  it('converts, applies fees and unit cost, and computes profit and margin per listing', async () => {
    const page = await list('sku', MARCH);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      listingId: l1,
      sku: 'TEST-1',
      asin: 'B0TEST0001',
      shopId: shop,
      marketId: 1,
      units: 4,
      orders: 3,
      revenue: 110,
      refunds: 0,
      fees: 29.7,
      adSpend: 0,
      cogs: 20,
      otherCosts: 0,
      profit: 60.3,
      margin: 0.5482,
    });
    expect(page.currency).toBe('USD');
    expect(page.sum).toMatchObject({ revenue: 110, profit: 60.3 });
  });

  it('gives the same figures from whole months and from edge days', async () => {
    const page = await list('sku', SPRING, t.admin);
    const byId = new Map(page.list.map((r) => [r.listingId, r]));
    expect(byId.get(l1)).toMatchObject({ revenue: 110, profit: 60.3 });
    expect(byId.get(l2)).toMatchObject({ revenue: 22, fees: 0, cogs: 0, profit: 22, margin: 1 });
    expect(page.sum).toMatchObject({ units: 5, orders: 4, revenue: 132, profit: 82.3 });
  });

  it('adds up to the same totals in every breakdown', async () => {
    for (const dim of ['shop', 'product_lines', 'sale_director']) {
      const page = await list(dim, SPRING);
      expect(page.sum, dim).toMatchObject({ units: 5, revenue: 132, fees: 29.7, cogs: 20, profit: 82.3 });
      const summed = page.list.reduce((s, r) => s + (r.revenue as number), 0);
      expect(summed, dim).toBeCloseTo(132, 2);
    }
    const shops = await list('shop', SPRING);
    expect(shops.list).toEqual([expect.objectContaining({ shopId: shop, shopName: 'Test DE', marketId: 1, profit: 82.3 })]);
  });

  it('pages and sorts, with the sum over the whole filtered set', async () => {
    const asc = await list('sku', { ...SPRING, sortField: 'profit', sortOrder: 'ascend', pageSize: '1' });
    expect(asc.total).toBe(2);
    expect(asc.list.map((r) => r.listingId)).toEqual([l2]);
    expect(asc.sum).toMatchObject({ revenue: 132 });
    const second = await list('sku', { ...SPRING, sortField: 'profit', sortOrder: 'asc', pageSize: '1', pageNum: '2' });
    expect(second.list.map((r) => r.listingId)).toEqual([l1]);
    const beyond = await list('sku', { ...SPRING, pageSize: '1', pageNum: '9' });
    expect(beyond).toMatchObject({ list: [], total: 2 });
  });

  it('narrows by keyword, marketplace, product line and position', async () => {
    expect((await list('sku', { ...SPRING, keyword: 'test-1' })).list.map((r) => r.listingId)).toEqual([l1]);
    expect((await list('shop', { ...SPRING, keyword: 'B0TEST0002' })).sum).toMatchObject({ revenue: 22 });
    expect((await list('sku', { ...SPRING, marketId: ['0', '2'] })).total).toBe(0);
    const lighting = (await t.rows<{ id: number }>(`SELECT parent_id AS id FROM product_lines WHERE code = '6111'`))[0]!.id;
    expect((await list('product_lines', { ...SPRING, productLineId: String(lighting) })).sum).toMatchObject({ revenue: 132 });
    expect((await list('sku', { ...SPRING, productPositionId: '1' })).total).toBe(0);
  });

  it('refuses bad filters with field errors and changes nothing', async () => {
    const bad: Record<string, string>[] = [
      { startDate: '2026-04-10', endDate: '2026-03-01' },
      { startDate: '2026-13-01' },
      { startDate: '2020-01-01', endDate: '2026-01-01' },
      { sortField: 'password' },
      { pageSize: '100000' },
      { marketId: 'x' },
    ];
    for (const query of bad) {
      const res = await t.call('GET', `${API}/listings/sku/sales_profit`, { token: t.admin, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    const res = await t.call('GET', `${API}/listings/shop/sales_profit`, { token: t.admin, query: { sortField: 'sku' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('restated days and idempotence', () => {
  it('changes nothing when the same figures are written again', async () => {
    const before = await list('sku', MARCH);
    const r = await write(l1, '2026-03-10', 4, 3, '100.00');
    expect(r).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect((await list('sku', MARCH)).sum).toEqual(before.sum);
  });

  it('replaces a restated day and keeps the rollups equal to the facts', async () => {
    const r = await write(l1, '2026-03-10', 5, 4, '125.00');
    expect(r).toMatchObject({ inserted: 0, updated: 1 });
    expect((await list('sku', MARCH)).list[0]).toMatchObject({ units: 5, revenue: 137.5 });
    const [facts] = await t.rows<{ revenue: string }>(
      `SELECT sum(round(revenue * rate, 2)) AS revenue FROM sales_facts WHERE shop_id = $1`,
      [shop],
    );
    const [seg] = await t.rows<{ revenue: string }>(`SELECT sum(revenue) AS revenue FROM sales_segment_day WHERE shop_id = $1`, [
      shop,
    ]);
    expect(Number(seg!.revenue)).toBe(Number(facts!.revenue));
    for (const table of [
      'sales_listing_day',
      'sales_listing_week',
      'sales_listing_month',
      'sales_listing_quarter',
      'sales_listing_year',
      'sales_shop_day',
      'sales_segment_month',
    ]) {
      const [r] = await t.rows<{ revenue: string }>(
        `SELECT sum(revenue_cents) / 100.0 AS revenue FROM ${table} WHERE shop_id = $1`,
        [shop],
      );
      expect(Number(r!.revenue)).toBe(Number(facts!.revenue));
    }
    await write(l1, '2026-03-10', 4, 3, '100.00');
  });
});

describe('external accounts see only their own shops', () => {
  it('answers shop A only its shop, whatever shop ids it asks for', async () => {
    const all = await t.call('GET', `${API}/listings/shop/sales_profit`, {
      token: t.as.shopA,
      query: { startDate: '2025-01-01', endDate: '2026-12-31' },
    });
    expect(all.statusCode).toBe(200);
    const shops = (dataOf(all).list as Json[]).map((r) => r.shopId);
    expect(shops.every((id) => id === brightway)).toBe(true);
    const foreign = await list('sku', SPRING, t.as.shopA);
    expect(foreign).toMatchObject({ list: [], total: 0 });
    expect(foreign.sum).toMatchObject({ revenue: 0 });
  });
});

describe('sku-exist-fee', () => {
  it('lists listings that sold without a unit cost or fee schedule', async () => {
    const res = await t.call('GET', `${API}/listings/sku/sku-exist-fee`, {
      token: t.admin,
      query: { shopId: String(shop), ...SPRING },
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toMatchObject({
      total: 1,
      list: [{ listingId: l2, sku: '=TEST-2', missingUnitCost: true, missingFees: true, units: 1, revenue: 22 }],
    });
  });
  it('flags by the first sale of the period against the first cost and fee schedule', async () => {
    const flags = async () =>
      (
        dataOf(
          await t.call('GET', `${API}/listings/sku/sku-exist-fee`, {
            token: t.admin,
            query: { shopId: String(shop), ...SPRING },
          }),
        ) as { list: { listingId: number; missingUnitCost: boolean; missingFees: boolean }[] }
      ).list.map((r) => [r.listingId, r.missingUnitCost, r.missingFees]);
    const [{ sku_id: sku, market_id: market }] = (await t.rows(`SELECT sku_id, market_id FROM listings WHERE id = $1`, [l2])) as [
      { sku_id: number; market_id: number },
    ];
    try {
      // L2 sold once, on 2 April. A cost from the 3rd: the sale came before it.
      await t.rows(`INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES ($1, '2026-04-03', 5)`, [sku]);
      expect(await flags()).toEqual([[l2, true, true]]);
      // A fee schedule from March: only the cost is missing.
      await t.rows(
        `INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee) VALUES ($1, $2, '2026-03-01', 0.15, 3)`,
        [sku, market],
      );
      expect(await flags()).toEqual([[l2, true, false]]);
      // The cost from the day of the sale: nothing is missing.
      await t.rows(`UPDATE sku_costs SET effective_from = '2026-04-02' WHERE sku_id = $1`, [sku]);
      expect(await flags()).toEqual([]);
    } finally {
      await t.rows(`DELETE FROM sku_costs WHERE sku_id = $1`, [sku]);
      await t.rows(`DELETE FROM sku_fees WHERE sku_id = $1`, [sku]);
    }
  });
});

describe('cost inductions', () => {
  it('adds an other cost to the day, its profit and every total, with an audit row', async () => {
    const res = await t.call('POST', `${API}/ts-report/cost-induction`, {
      token: t.admin,
      body: {
        shopId: shop,
        asin: 'b0test0001',
        costDate: '2026-03-10',
        category: 'samples',
        amount: 10,
        note: 'influencer samples',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({ asin: 'B0TEST0001', amount: 10, currency: 'EUR', amountReporting: 11, sku: 'TEST-1' });
    expect((await list('sku', MARCH)).list[0]).toMatchObject({ otherCosts: 11, profit: 49.3 });
    expect((await list('shop', MARCH)).sum).toMatchObject({ otherCosts: 11, profit: 49.3 });
    const [a] = await t.rows(`SELECT action FROM audit_log WHERE entity = 'cost_induction' ORDER BY id DESC LIMIT 1`);
    expect(a).toMatchObject({ action: 'create' });
    const listed = await t.call('GET', `${API}/ts-report/cost-induction-list`, {
      token: t.admin,
      query: { shopId: String(shop), ...MARCH },
    });
    expect(dataOf(listed)).toMatchObject({ total: 1, list: [{ category: 'samples', note: 'influencer samples' }] });
  });

  it('refuses a foreign shop, an unknown ASIN, a zero amount, a future date', async () => {
    const body = { shopId: shop, asin: 'B0TEST0001', costDate: '2026-03-10', category: 'samples', amount: 10 };
    const foreign = await t.call('POST', `${API}/ts-report/cost-induction`, { token: t.as.shopA, body });
    expect([403, 404]).toContain(foreign.statusCode);
    for (const bad of [
      { asin: 'B0NOPE0000' },
      { amount: 0 },
      { costDate: '2099-01-01' },
      { category: 'bribes' },
      { amount: 1.234 },
    ]) {
      const res = await t.call('POST', `${API}/ts-report/cost-induction`, { token: t.admin, body: { ...body, ...bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const [n] = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM cost_inductions WHERE shop_id = $1`, [shop]);
    expect(n!.n).toBe(1);
  });
});

describe('asin-verify, teams, quarters', () => {
  it('says which ASINs are listings the caller may see', async () => {
    const res = await t.call('POST', `${API}/ts-report/asin-verify`, {
      token: t.admin,
      body: { asins: ['B0TEST0001', 'nope', 'B0TEST0009'] },
    });
    expect(dataOf(res)).toEqual([
      { asin: 'B0TEST0001', valid: true, listings: [expect.objectContaining({ listingId: l1, shopId: shop, sku: 'TEST-1' })] },
      { asin: 'NOPE', valid: false, listings: [] },
      { asin: 'B0TEST0009', valid: true, listings: [] },
    ]);
    const asShopA = await t.call('POST', `${API}/ts-report/asin-verify`, { token: t.as.shopA, body: { asins: ['B0TEST0001'] } });
    expect(dataOf(asShopA)).toEqual([{ asin: 'B0TEST0001', valid: true, listings: [] }]);
  });

  it('lists quarters that hold data, newest first', async () => {
    const res = await t.call('GET', `${API}/sales_profit/quarter_list`, { token: t.admin });
    const quarters = dataOf(res) as unknown as Json[];
    expect(quarters).toContainEqual({ quarter: '2026-Q1', startDate: '2026-01-01', endDate: '2026-03-31' });
    expect(quarters).toContainEqual({ quarter: '2026-Q2', startDate: '2026-04-01', endDate: '2026-06-30' });
  });

  it('lists teams for any signed-in user', async () => {
    const res = await t.call('GET', `${API}/sales/team/names`, { token: t.as.analyst });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(dataOf(res))).toBe(true);
  });
});

describe('excel export', () => {
  const sheetOf = async (buf: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  it('streams exactly the filtered rows with a totals row, formulas neutralised', async () => {
    const res = await t.call('GET', `${API}/sales_profit/sku/excel`, {
      token: t.admin,
      query: { shopId: String(shop), ...SPRING, sortField: 'profit', sortOrder: 'desc' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('sales-profit-sku_2026-03-05_2026-04-10.xlsx');
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['SKU', 'ASIN', 'Revenue', 'Profit', 'Margin']));
    expect(rows).toHaveLength(4);
    expect(rows[1]?.slice(0, 2)).toEqual(['TEST-1', 'B0TEST0001']);
    expect(rows[2]?.[0]).toBe("'=TEST-2");
    expect(rows[2]?.[4]).toBe("'+cmd|calc");
    expect(rows[3]?.[0]).toBe('Total');
  });

  it('answers Chinese headers for a Chinese client, and needs the export permission', async () => {
    const res = await t.call('GET', `${API}/sales_profit/shop/excel`, {
      token: t.admin,
      query: { shopId: String(shop), ...SPRING },
      headers: { 'accept-language': 'zh-CN' },
    });
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]?.[0]).toBe('店铺');
    expect(rows[1]?.[0]).toBe('Test DE');
    const denied = await t.call('GET', `${API}/sales_profit/shop/excel`, { token: t.as.analyst, query: SPRING });
    expect(denied.statusCode).toBe(403);
  });

  it('exports the daily ts report', async () => {
    const res = await t.call('GET', `${API}/ts-report/export`, { token: t.admin, query: { shopId: String(shop), ...SPRING } });
    expect(res.statusCode).toBe(200);
    const rows = await sheetOf(res.rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['2026-03-10', '2026-04-02']);
  });
});

describe('dashboard', () => {
  it('answers KPIs against the period before, a full trend, the market split and top listings', async () => {
    const query = { shopId: String(shop), startDate: '2026-04-01', endDate: '2026-04-30' };
    const kpis = dataOf(await t.call('GET', `${API}/dashboard/kpis`, { token: t.as.analyst, query }));
    expect(kpis).toMatchObject({ previousStartDate: '2026-03-02', previousEndDate: '2026-03-31', current: { revenue: 22 } });
    expect((kpis.previous as Json).revenue).toBe(110);
    const trend = dataOf(await t.call('GET', `${API}/dashboard/trend`, { token: t.as.analyst, query }));
    const points = trend.points as Json[];
    expect(points).toHaveLength(30);
    expect(points[1]).toMatchObject({ date: '2026-04-02', revenue: 22, settlement: 2 });
    expect(points[0]).toMatchObject({ date: '2026-04-01', revenue: 0, settlement: null });
    const months = dataOf(
      await t.call('GET', `${API}/dashboard/trend`, {
        token: t.as.analyst,
        query: { ...SPRING, shopId: String(shop), granularity: 'month' },
      }),
    );
    expect((months.points as Json[]).map((p) => p.date)).toEqual(['2026-03-05', '2026-04-01']);
    const markets = dataOf(await t.call('GET', `${API}/dashboard/markets`, { token: t.as.analyst, query }));
    expect(markets).toEqual([{ marketId: 1, units: 1, revenue: 22, profit: 22 }]);
    const top = dataOf(await t.call('GET', `${API}/dashboard/skus`, { token: t.as.analyst, query: { ...query, limit: '5' } }));
    expect((top as unknown as Json[]).map((r) => r.listingId)).toEqual([l2]);
  });

  it('keeps panel flags per user', async () => {
    const before = dataOf(await t.call('GET', `${API}/dashboard/panels`, { token: t.as.analyst }));
    expect(before).toEqual({ kpis: true, trend: true, markets: true, topSkus: true, bottomSkus: true });
    const saved = await t.call('PUT', `${API}/dashboard/panels`, { token: t.as.analyst, body: { markets: false } });
    expect(dataOf(saved)).toMatchObject({ markets: false, trend: true });
    expect(dataOf(await t.call('GET', `${API}/dashboard/panels`, { token: t.as.analyst }))).toMatchObject({ markets: false });
    expect(dataOf(await t.call('GET', `${API}/dashboard/panels`, { token: t.admin }))).toMatchObject({ markets: true });
    const bad = await t.call('PUT', `${API}/dashboard/panels`, { token: t.as.analyst, body: { markets: 'no' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a period that runs up to the last day with sales', () => {
  it('reads whole months and years while no sale lies after its end, and exactly once one does', async () => {
    const [row] = await t.rows<{ last: string }>(`SELECT to_char(max(day), 'YYYY-MM-DD') AS last FROM sales_listing_day`);
    const end = row!.last;
    const next = addDays(end, 1);
    const period = { startDate: addDays(end, -40), endDate: end };
    const skuOf = async (p: Record<string, string>) => (await list('sku', p)).list.find((r) => r.listingId === l2);
    const analysed = async (p: Record<string, string>) =>
      dataOf(
        await t.call('GET', `${API}/sales-data/analysis`, {
          token: t.admin,
          query: { shopId: String(shop), dimension: 'listing', ...p },
        }),
      );
    try {
      await write(l2, end, 2, 2, '30.00'); // 33.00 USD on the last day with sales
      expect(await skuOf(period)).toMatchObject({ units: 2, revenue: 33 });
      expect((await analysed(period)).current).toMatchObject({ units: 2, revenue: 33 });
      await write(l2, next, 3, 3, '50.00'); // 55.00 USD the day after the period
      expect(await skuOf(period)).toMatchObject({ units: 2, revenue: 33 });
      expect((await analysed(period)).current).toMatchObject({ units: 2, revenue: 33 });
      expect(await skuOf({ ...period, endDate: next })).toMatchObject({ units: 5, revenue: 88 });
    } finally {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM sales_facts WHERE shop_id = ${shop} AND day IN (${end}::date, ${next}::date)`);
        await refreshRollups(tx, shop, [end, next]);
      });
    }
  });
});
