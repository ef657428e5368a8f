/**
 * SKU analysis on hand-computed figures (fixtures: listings.fixtures.ts; EUR at 1.10).
 *
 * L1 (LST-1, Test DE; unit cost 5 USD, referral 15 %, FBA 3 EUR):
 *   2026-02-15: 2 units, 2 orders, 40 EUR → revenue 44.00; fees 6 + 6 EUR → 13.20; cogs 10/1.1 = 9.09 EUR → 10.00;
 *               profit 20.80
 *   2026-03-10: 4 units, 3 orders, 100 EUR, refunds 10 EUR, ad spend 5 EUR → revenue 110.00, refunds 11.00,
 *               fees 15 + 12 EUR → 29.70, ad spend 5.50, cogs 18.18 EUR → 20.00; profit 43.80, margin 0.3982
 * L2 (LST-1, Test FR; no FR fee schedule):
 *   2026-03-20: 2 units, 2 orders, 50 EUR → revenue 55.00, fees 0, cogs 10.00; profit 45.00, margin 0.8182
 * March: units 6, orders 5, revenue 165.00, refunds 11.00, fees 29.70, ad 5.50, cogs 30.00, profit 88.80, margin 0.5382.
 * The period before March (31 days): 2026-01-29 … 2026-02-28: units 2, revenue 44.00, profit 20.80.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../../test/harness';
import { createFixture, type Fixture, writeSales } from '../listings.fixtures';

const API = '/api/sales/rest/v1/sku-analysis';
const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', analyst: 'sales.analyst' } });
let fx: Fixture;
type Json = Record<string, unknown>;
const MARCH = { sku: 'LST-1', startDate: '2026-03-01', endDate: '2026-03-31' };

beforeAll(async () => {
  fx = await createFixture(t);
  await writeSales(t, [
    { listingId: fx.l1, shopId: fx.de, day: '2026-02-15', units: 2, orders: 2, revenue: '40.00' },
    {
      listingId: fx.l1,
      shopId: fx.de,
      day: '2026-03-10',
      units: 4,
      orders: 3,
      revenue: '100.00',
      refunds: '10.00',
      adSpend: '5.00',
    },
    { listingId: fx.l2, shopId: fx.fr, day: '2026-03-20', units: 2, orders: 2, revenue: '50.00' },
  ]);
});

describe('sku-analysis summary', () => {
  it('totals the SKU over its listings against the period before, with each listing', async () => {
    const res = await t.call('GET', `${API}/summary`, { token: t.admin, query: MARCH });
    expect(res.statusCode, res.body).toBe(200);
    const s = dataOf(res) as Json & { listings: Json[] };
    expect(s).toMatchObject({
      sku: 'LST-1',
      model: 'LSTM1',
      lifecycle: 1,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      previousStartDate: '2026-01-29',
      previousEndDate: '2026-02-28',
      currency: 'USD',
    });
    expect(s.current).toEqual({
      units: 6,
      orders: 5,
      revenue: 165,
      refunds: 11,
      fees: 29.7,
      adSpend: 5.5,
      cogs: 30,
      otherCosts: 0,
      profit: 88.8,
      margin: 0.5382,
    });
    expect(s.previous).toMatchObject({ units: 2, revenue: 44, fees: 13.2, cogs: 10, profit: 20.8 });
    expect(s.listings).toEqual([
      expect.objectContaining({
        listingId: fx.l1,
        shopName: 'Test DE',
        marketId: 1,
        asin: 'B0LSTDE001',
        price: 29.99,
        priceCurrency: 'EUR',
        revenue: 110,
        profit: 43.8,
        margin: 0.3982,
      }),
      expect.objectContaining({
        listingId: fx.l2,
        shopName: 'Test FR',
        marketId: 5,
        revenue: 55,
        fees: 0,
        profit: 45,
        margin: 0.8182,
      }),
    ]);
  });

  it('matches the SKU code case-insensitively and answers 404 for an unknown SKU', async () => {
    const res = await t.call('GET', `${API}/summary`, { token: t.admin, query: { ...MARCH, sku: 'lst-1' } });
    expect((dataOf(res) as Json).sku).toBe('LST-1');
    const none = await t.call('GET', `${API}/summary`, { token: t.admin, query: { ...MARCH, sku: 'NO-SUCH-SKU' } });
    expect(none.statusCode).toBe(404);
  });

  it('keeps to the chosen marketplaces (a drill from the dashboard), 404 where the SKU has no listing', async () => {
    const res = await t.call('GET', `${API}/summary`, { token: t.admin, query: { ...MARCH, marketId: '5' } });
    expect(res.statusCode, res.body).toBe(200);
    const s = dataOf(res) as Json & { listings: Json[]; current: Json };
    expect(s.listings.map((l) => l.listingId)).toEqual([fx.l2]);
    expect(s.current).toMatchObject({ units: 2, revenue: 55, profit: 45 });
    const trend = await t.call('GET', `${API}/trend`, {
      token: t.admin,
      query: { ...MARCH, marketId: '1', granularity: 'month' },
    });
    expect((dataOf(trend) as { points: Json[] }).points).toEqual([expect.objectContaining({ units: 4, revenue: 110 })]);
    const elsewhere = await t.call('GET', `${API}/summary`, { token: t.admin, query: { ...MARCH, marketId: '0' } });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('sku-analysis trend', () => {
  it('sums ISO weeks, with the first bucket starting on the period start', async () => {
    const res = await t.call('GET', `${API}/trend`, { token: t.admin, query: { ...MARCH, granularity: 'week' } });
    expect(res.statusCode, res.body).toBe(200);
    const points = (dataOf(res) as { points: Json[] }).points;
    expect(points.map((p) => p.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    expect(points[2]).toEqual({ date: '2026-03-09', units: 4, revenue: 110, profit: 43.8, adSpend: 5.5 });
    expect(points[3]).toEqual({ date: '2026-03-16', units: 2, revenue: 55, profit: 45, adSpend: 0 });
    expect(points[0]).toMatchObject({ units: 0, revenue: 0 });
  });

  it('sums months over a period with partial months, and days one by one', async () => {
    const months = await t.call('GET', `${API}/trend`, {
      token: t.admin,
      query: { sku: 'LST-1', startDate: '2026-02-10', endDate: '2026-04-10', granularity: 'month' },
    });
    expect((dataOf(months) as { points: Json[] }).points).toEqual([
      { date: '2026-02-10', units: 2, revenue: 44, profit: 20.8, adSpend: 0 },
      { date: '2026-03-01', units: 6, revenue: 165, profit: 88.8, adSpend: 5.5 },
      { date: '2026-04-01', units: 0, revenue: 0, profit: 0, adSpend: 0 },
    ]);
    const days = await t.call('GET', `${API}/trend`, {
      token: t.admin,
      query: { sku: 'LST-1', startDate: '2026-03-09', endDate: '2026-03-11', granularity: 'day' },
    });
    expect((dataOf(days) as { points: Json[] }).points.map((p) => p.revenue)).toEqual([0, 110, 0]);
  });
});

describe('sku-analysis suggestions and export', () => {
  it('suggests SKUs by SKU, ASIN or model', async () => {
    for (const keyword of ['lst-', 'B0LSTFR', 'lstm1']) {
      const res = await t.call('GET', `${API}/skus`, { token: t.admin, query: { keyword } });
      const skus = (dataOf(res) as unknown as Json[]).map((s) => s.sku);
      expect(skus, keyword).toContain('LST-1');
    }
    const res = await t.call('GET', `${API}/skus`, { token: t.admin, query: { keyword: 'B0LSTFR' } });
    expect(dataOf(res)).toEqual([
      {
        skuId: expect.any(Number),
        sku: 'LST-1',
        model: 'LSTM1',
        productName: '测试灯带',
        productNameEn: 'Test strip',
        asins: ['B0LSTDE001', 'B0LSTFR001'],
      },
    ]);
  });

  it('exports one row per listing and bucket', async () => {
    const res = await t.call('GET', `${API}/excel`, {
      token: t.admin,
      query: { ...MARCH, granularity: 'week' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[1], r[3], r[5], r[6], r[8], r[14]])).toEqual([
      ['2026-03-09', 'Test DE', 'B0LSTDE001', 4, 110, 43.8],
      ['2026-03-16', 'Test FR', 'B0LSTFR001', 2, 55, 45],
    ]);
  });
});

describe('sku-analysis access', () => {
  it('answers 401 without a session, 403 without the permission, 400 on bad input', async () => {
    expect((await t.call('GET', `${API}/summary`, { query: MARCH })).statusCode).toBe(401);
    const noExport = await t.call('GET', `${API}/excel`, { token: t.as.analyst, query: MARCH });
    expect(noExport.statusCode).toBe(403);
    const bad = await t.call('GET', `${API}/trend`, { token: t.admin, query: { ...MARCH, granularity: 'year' } });
    expect(bad.statusCode).toBe(400);
    const noSku = await t.call('GET', `${API}/summary`, { token: t.admin, query: { startDate: '2026-03-01' } });
    expect(noSku.statusCode).toBe(400);
    const reversed = await t.call('GET', `${API}/summary`, { token: t.admin, query: { ...MARCH, startDate: '2026-04-01' } });
    expect(reversed.statusCode).toBe(400);
  });

  it("keeps an external shop account to its own shops' listings", async () => {
    const res = await t.call('GET', `${API}/summary`, { token: t.as.shopA, query: MARCH });
    expect(res.statusCode).toBe(404);
    const suggest = await t.call('GET', `${API}/skus`, { token: t.as.shopA, query: { keyword: 'LST-' } });
    expect(dataOf(suggest)).toEqual([]);
    const trend = await t.call('GET', `${API}/trend`, { token: t.as.shopA, query: MARCH });
    expect(trend.statusCode).toBe(404);
    // Its own SKUs it can analyse: only its own shop's listings appear.
    const own = (await t.call('GET', `${API}/skus`, { token: t.as.shopA, query: { keyword: '' } })).json() as { data: Json[] };
    expect(own.data.length).toBeGreaterThan(0);
    const first = own.data[0] as { sku: string };
    const summary = dataOf(await t.call('GET', `${API}/summary`, { token: t.as.shopA, query: { sku: first.sku } })) as {
      listings: Json[];
    };
    expect(new Set(summary.listings.map((l) => l.shopName))).toEqual(new Set(['Brightway Home US']));
  });
});
