/**
 * The sales-data screens on hand-computed fixtures: two shops of their own ("Data DE",
 * EUR at 1.10, and "Data US", USD) keep the figures apart from the demo data; every
 * call filters on them.
 *
 * L1 (DATA-1, Data DE, product lifecycle 1): unit cost 5.00 USD, referral 15 %, FBA 3.00 EUR
 *   2026-03-10 (ISO week 2026-W11): 4 units, 3 orders, 100.00 EUR → revenue 110.00,
 *   fees 16.50 + 13.20 = 29.70, cogs 20.00, profit 60.30
 * L2 (DATA-2, Data DE, same product, no costs): 2026-04-02: 1 unit, 20.00 EUR → 22.00, profit 22.00
 * L3 (DATA-3, Data US, product lifecycle 0, no costs):
 *   2026-02-10: 1 unit, 30.00 USD;  2026-03-16 (W12): 2 units, 2 orders, 50.00 USD
 *
 * 2026-03-01 … 2026-04-10: revenue 182.00, profit 60.30 + 22 + 50 = 132.30, units 7.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../../test/harness';
import { refreshRollups, writeSalesFigures } from '../facts/facts.service';
import type { ResolvedFilter } from '../profit/sales-query';
import { listingsAreCheaper } from './sales-data.query';

const API = '/api/sales/rest/v1';
const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', analyst: 'sales.analyst', agent: 'cs.agent' } });
let de: number;
let us: number;
let l1: number;
let l2: number;
let l3: number;

type Json = Record<string, unknown>;

const write = (shopId: number, listingId: number, day: string, units: number, orders: number, revenue: string) =>
  t.database.db.transaction((tx) =>
    writeSalesFigures(tx, shopId, [{ listingId, day, units, orders, revenue, sessions: null, pageViews: null }], {
      source: 'test',
      importId: null,
      asOf: new Date('2026-06-01T00:00:00Z'),
    }),
  );

const SPRING = { startDate: '2026-03-01', endDate: '2026-04-10' };
const MARCH = { startDate: '2026-03-01', endDate: '2026-03-31' };
const shops = () => ({ shopId: [String(de), String(us)] });

const get = async (path: string, query: Record<string, string | string[]>, token = t.admin) => {
  const res = await t.call('GET', `${API}/sales-data/${path}`, { token, query: { ...shops(), ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(res) as Json & { list: Json[] };
};

beforeAll(async () => {
  const line = (await t.rows<{ id: number }>(`SELECT id FROM product_lines WHERE code = '6111'`))[0]!.id;
  [de, us] = (
    await t.rows<{ id: number }>(
      `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES
         (1, 'Data DE', 'ADATASELLER01', 1, 1), (1, 'Data US', 'ADATASELLER02', 0, 1) RETURNING id`,
    )
  ).map((r) => r.id) as [number, number];
  const [p1, p2] = await t.rows<{ id: number }>(
    `INSERT INTO products (model, name, name_en, product_line_id, category_code, lifecycle) VALUES
       ('DAT1', '数据灯带', 'Data strip', $1, '6111', 1), ('DAT2', '数据灯带二', 'Data strip 2', $1, '6111', 0) RETURNING id`,
    [line],
  );
  const [s1, s2, s3] = await t.rows<{ id: number }>(
    `INSERT INTO skus (sku, product_id) VALUES ('DATA-1', $1), ('DATA-2', $1), ('DATA-3', $2) RETURNING id`,
    [p1!.id, p2!.id],
  );
  [l1, l2, l3] = (
    await t.rows<{ id: number }>(
      `INSERT INTO listings (shop_id, sku_id, asin, market_id, title, currency) VALUES
         ($1, $3, 'B0DATA0001', 1, 'Data strip, 5 m', 'EUR'), ($1, $4, 'B0DATA0002', 1, '=cmd', 'EUR'),
         ($2, $5, 'B0DATA0003', 0, 'Data strip 2', 'USD') RETURNING id`,
      [de, us, s1!.id, s2!.id, s3!.id],
    )
  ).map((r) => r.id) as [number, number, number];
  await t.rows(
    `INSERT INTO exchange_rates (currency, day, rate) VALUES ('EUR', '2026-01-01', 1.1) ON CONFLICT (currency, day) DO UPDATE SET rate = 1.1`,
  );
  await t.rows(`DELETE FROM exchange_rates WHERE currency = 'EUR' AND day > '2026-01-01'`);
  await t.rows(
    `INSERT INTO exchange_rates (currency, day, rate) VALUES ('USD', '2020-01-01', 1) ON CONFLICT (currency, day) DO UPDATE SET rate = 1`,
  );
  await t.rows(`DELETE FROM exchange_rates WHERE currency = 'USD' AND day > '2020-01-01'`);
  await t.rows(`INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES ($1, '2026-01-01', 5)`, [s1!.id]);
  await t.rows(
    `INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee) VALUES ($1, 1, '2026-01-01', 0.15, 3)`,
    [s1!.id],
  );
  await write(de, l1, '2026-03-10', 4, 3, '100.00');
  await write(de, l2, '2026-04-02', 1, 1, '20.00');
  await write(us, l3, '2026-02-10', 1, 1, '30.00');
  await write(us, l3, '2026-03-16', 2, 2, '50.00');
});

const profitSum = async (query: Record<string, string | string[]>) => {
  const res = await t.call('GET', `${API}/listings/shop/sales_profit`, { token: t.admin, query: { ...shops(), ...query } });
  return (dataOf(res) as { sum: Json }).sum;
};

describe('GET sales-data/series', () => {
  it('gives one measure per ISO week per listing, sorted by the total, with the sum row', async () => {
    const page = await get('series', { ...SPRING, granularity: 'week', measure: 'revenue' });
    expect((page.periods as Json[]).map((p) => p.key)).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
      '2026-04-06',
    ]);
    expect((page.periods as Json[])[0]).toEqual({ key: '2026-02-23', startDate: '2026-03-01', endDate: '2026-03-01' });
    expect((page.periods as Json[])[6]).toEqual({ key: '2026-04-06', startDate: '2026-04-06', endDate: '2026-04-10' });
    expect(page.total).toBe(3);
    expect(page.list.map((r) => r.key)).toEqual([String(l1), String(l3), String(l2)]);
    expect(page.list[0]).toMatchObject({
      sku: 'DATA-1',
      asin: 'B0DATA0001',
      shopName: 'Data DE',
      marketId: 1,
      title: 'Data strip, 5 m',
      values: [0, 0, 110, 0, 0, 0, 0],
      total: 110,
    });
    expect(page.list[2]).toMatchObject({ values: [0, 0, 0, 0, 0, 22, 0], total: 22 });
    expect(page.sum).toEqual({ values: [0, 0, 110, 50, 0, 22, 0], total: 182 });
    expect(await profitSum(SPRING)).toMatchObject({ revenue: 182, profit: 132.3 });
  });

  it('sorts by one period column (rows without sales in it last) and pages', async () => {
    const page = await get('series', { ...SPRING, granularity: 'week', sortField: '2026-03-16', sortOrder: 'descend' });
    expect(page.list.map((r) => r.key)).toEqual([String(l3), String(l1), String(l2)]);
    const second = await get('series', { ...SPRING, granularity: 'week', pageSize: '1', pageNum: '2' });
    expect(second).toMatchObject({ total: 3 });
    expect(second.list.map((r) => r.key)).toEqual([String(l3)]);
    const asc = await get('series', { ...SPRING, granularity: 'month', sortOrder: 'asc' });
    expect(asc.list.map((r) => [r.key, r.values])).toEqual([
      [String(l2), [0, 22]],
      [String(l3), [50, 0]],
      [String(l1), [110, 0]],
    ]);
  });

  it('gives shops, product lines and marketplaces, with profit and margin from the same formula', async () => {
    const byShop = await get('series', { ...SPRING, granularity: 'month', rows: 'shop', measure: 'profit' });
    expect(byShop.list.map((r) => [r.name, r.values, r.total])).toEqual([
      ['Data DE', [60.3, 22], 82.3],
      ['Data US', [50, 0], 50],
    ]);
    expect(byShop.sum).toEqual({ values: [110.3, 22], total: 132.3 });
    const margin = await get('series', { ...SPRING, granularity: 'month', rows: 'market', measure: 'margin' });
    expect(margin.list.map((r) => [r.key, r.values, r.total])).toEqual([
      ['0', [1, null], 1],
      ['1', [0.5482, 1], 0.6235],
    ]);
    const lines = await get('series', { ...SPRING, granularity: 'day', rows: 'product_line', measure: 'units' });
    expect(lines.total).toBe(1);
    expect((lines.list[0]!.values as number[]).reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('narrows by keyword through the listing rollups', async () => {
    const page = await get('series', { ...SPRING, granularity: 'week', rows: 'shop', keyword: 'data-3' });
    expect(page.list.map((r) => [r.name, r.total])).toEqual([['Data US', 50]]);
    expect(page.sum).toMatchObject({ total: 50 });
  });

  it('refuses too many columns and unknown columns with a field error', async () => {
    const bad: Record<string, string>[] = [
      { startDate: '2026-01-01', endDate: '2026-03-31', granularity: 'day' },
      { startDate: '2025-01-01', endDate: '2026-03-31', granularity: 'week' },
      { startDate: '2023-01-01', endDate: '2026-03-31', granularity: 'month' },
      { ...SPRING, granularity: 'week', sortField: '2026-03-17' },
      { ...SPRING, granularity: 'hour' },
      { ...SPRING, measure: 'sessions' },
      { ...SPRING, rows: 'sku' },
    ];
    for (const query of bad) {
      const res = await t.call('GET', `${API}/sales-data/series`, { token: t.admin, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    const res = await t.call('GET', `${API}/sales-data/series`, {
      token: t.admin,
      query: { startDate: '2026-01-01', endDate: '2026-03-31', granularity: 'day' },
    });
    expect((res.json() as { data: { fields: Json[] } }).data.fields[0]).toMatchObject({ path: 'granularity' });
  });
});

describe('the cheaper rollup for long periods', () => {
  it('reads two years from the listing rollups and gives the same figures as the segment rollup', async () => {
    const TWO_YEARS = { startDate: '2024-06-01', endDate: '2026-05-31' };
    expect(listingsAreCheaper({ start: '2024-06-01', end: '2026-05-31' } as ResolvedFilter, null)).toBe(true);
    expect(listingsAreCheaper({ start: '2026-03-01', end: '2026-04-10' } as ResolvedFilter, null)).toBe(false);
    expect(listingsAreCheaper({ start: '2026-03-01', end: '2026-04-10' } as ResolvedFilter, 'day')).toBe(false);
    const profit = await profitSum(TWO_YEARS);
    expect(profit).toMatchObject({ units: 8, revenue: 212, profit: 162.3 });
    const groups = await get('groups', { ...TWO_YEARS, groupBy: 'director', thenBy: 'market' });
    expect(groups.sum).toEqual(profit);
    const series = await get('series', { ...TWO_YEARS, granularity: 'month', rows: 'shop', measure: 'profit' });
    expect(series.sum).toMatchObject({ total: 162.3 });
    expect((series.sum as { values: number[] }).values.filter((v) => v !== 0)).toEqual([30, 110.3, 22]);
    const analysis = await get('analysis', { ...TWO_YEARS, dimension: 'shop', compare: 'yoy' });
    expect(analysis.current).toEqual(profit);
  });
});

describe('GET sales-data/groups', () => {
  it('groups by shop then lifecycle with subtotals, shares and the /salesProfit totals', async () => {
    const r = await get('groups', { ...SPRING, groupBy: 'shop', thenBy: 'lifecycle' });
    expect(r.total).toBe(2);
    expect(r.sum).toMatchObject({ units: 7, revenue: 182, profit: 132.3 });
    expect(r.sum).toEqual(await profitSum(SPRING));
    expect(r.list[0]).toMatchObject({
      key: String(de),
      name: 'Data DE',
      units: 5,
      revenue: 132,
      fees: 29.7,
      cogs: 20,
      profit: 82.3,
      margin: 0.6235,
      revenueShare: 0.7253,
      unitsShare: 0.7143,
      children: [{ key: '1', name: '在售', nameEn: 'Selling', revenue: 132, revenueShare: 0.7253 }],
    });
    expect(r.list[1]).toMatchObject({
      name: 'Data US',
      revenue: 50,
      revenueShare: 0.2747,
      children: [{ key: '0', nameEn: 'New' }],
    });
  });

  it('adds up to the same totals in every dimension', async () => {
    for (const groupBy of ['market', 'shop', 'product_line', 'position', 'director', 'category', 'lifecycle']) {
      const r = await get('groups', { ...SPRING, groupBy });
      expect(r.sum, groupBy).toMatchObject({ revenue: 182, profit: 132.3 });
      expect(
        r.list.reduce((s, g) => s + Math.round((g.revenue as number) * 100), 0),
        groupBy,
      ).toBe(18200);
    }
    const byCategory = await get('groups', {
      ...SPRING,
      groupBy: 'category',
      thenBy: 'market',
      sortField: 'name',
      sortOrder: 'asc',
    });
    expect(byCategory.list).toHaveLength(1);
    expect((byCategory.list[0]!.children as Json[]).map((c) => [c.key, c.revenue])).toEqual([
      ['1', 132],
      ['0', 50],
    ]);
  });

  it('refuses the same dimension twice and unknown ones', async () => {
    const bad: Record<string, string>[] = [{ groupBy: 'shop', thenBy: 'shop' }, { groupBy: 'listing' }, { sortField: 'share' }];
    for (const query of bad) {
      const res = await t.call('GET', `${API}/sales-data/groups`, { token: t.admin, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('GET sales-data/analysis', () => {
  it('compares with the previous period: change, percent, contribution and status per listing', async () => {
    const r = await get('analysis', { ...MARCH, dimension: 'listing', compare: 'previous' });
    expect(r).toMatchObject({ compareStartDate: '2026-01-29', compareEndDate: '2026-02-28', change: 130, changePct: 4.3333 });
    expect(r.current).toMatchObject({ revenue: 160 });
    expect(r.base).toMatchObject({ revenue: 30 });
    expect(r.list.map((x) => [x.key, x.change, x.changePct, x.contribution, x.status])).toEqual([
      [String(l1), 110, null, 0.8462, 'new'],
      [String(l3), 20, 0.6667, 0.1538, 'growing'],
    ]);
    expect(r.list[1]).toMatchObject({ sku: 'DATA-3', current: { revenue: 50, units: 2 }, base: { revenue: 30, units: 1 } });
    expect((r.drivers as Json[]).map((x) => x.key)).toEqual([String(l1), String(l3)]);
    expect(r.othersChange).toBe(0);
    const onlyNew = await get('analysis', { ...MARCH, dimension: 'listing', status: 'new' });
    expect(onlyNew.list.map((x) => x.key)).toEqual([String(l1)]);
    expect(onlyNew).toMatchObject({ total: 1, change: 130, othersChange: 20 });
  });

  it('compares with a custom period and a year earlier, per shop', async () => {
    const custom = await get('analysis', {
      ...MARCH,
      dimension: 'listing',
      compare: 'custom',
      compareStart: '2026-04-01',
      compareEnd: '2026-04-30',
      sortField: 'change',
      sortOrder: 'asc',
    });
    expect(custom.list.map((x) => [x.key, x.change, x.status])).toEqual([
      [String(l2), -22, 'lost'],
      [String(l3), 50, 'new'],
      [String(l1), 110, 'new'],
    ]);
    expect(custom.change).toBe(138);
    const yoy = await get('analysis', { ...MARCH, dimension: 'shop', compare: 'yoy', measure: 'units' });
    expect(yoy).toMatchObject({ compareStartDate: '2025-03-01', compareEndDate: '2025-03-31', change: 6 });
    expect(yoy.list.map((x) => [x.name, x.change, x.status])).toEqual([
      ['Data DE', 4, 'new'],
      ['Data US', 2, 'new'],
    ]);
    const margin = await get('analysis', { ...MARCH, dimension: 'market', measure: 'margin' });
    expect(margin.list.map((x) => [x.key, x.change, x.contribution])).toEqual([
      ['0', 0, null],
      ['1', null, null],
    ]);
  });

  it('refuses a custom comparison without dates and unknown statuses', async () => {
    const bad: Record<string, string>[] = [
      { compare: 'custom' },
      { compare: 'custom', compareStart: '2026-03-01', compareEnd: '2026-02-01' },
      { status: 'stable' },
      { dimension: 'category' },
    ];
    for (const query of bad) {
      const res = await t.call('GET', `${API}/sales-data/analysis`, { token: t.admin, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('access and isolation', () => {
  it('answers 401 without a session, 403 without the permission or the export button', async () => {
    for (const path of ['series', 'groups', 'analysis', 'series/excel', 'groups/excel', 'analysis/excel']) {
      expect((await t.call('GET', `${API}/sales-data/${path}`)).statusCode, path).toBe(401);
      expect((await t.call('GET', `${API}/sales-data/${path}`, { token: t.as.agent })).statusCode, path).toBe(403);
    }
    for (const path of ['series/excel', 'groups/excel', 'analysis/excel']) {
      expect((await t.call('GET', `${API}/sales-data/${path}`, { token: t.as.analyst })).statusCode, path).toBe(403);
    }
    expect(
      (await t.call('GET', `${API}/sales-data/series`, { token: t.as.analyst, query: { granularity: 'week' } })).statusCode,
    ).toBe(200);
  });

  it('shows an external account nothing of other shops, whatever it asks for', async () => {
    const series = await get('series', { ...SPRING, granularity: 'week' }, t.as.shopA);
    expect(series).toMatchObject({ list: [], total: 0, sum: { total: 0 } });
    const groups = await get('groups', { ...SPRING, groupBy: 'shop' }, t.as.shopA);
    expect(groups).toMatchObject({ list: [], total: 0, sum: { revenue: 0 } });
    const analysis = await get('analysis', { ...MARCH, dimension: 'listing' }, t.as.shopA);
    expect(analysis).toMatchObject({ list: [], total: 0, drivers: [] });
    const own = await t.call('GET', `${API}/sales-data/groups`, { token: t.as.shopA, query: { ...SPRING, groupBy: 'shop' } });
    const [brightway] = await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Brightway Home US'`);
    const keys = (dataOf(own).list as Json[]).map((g) => g.key);
    expect(keys.every((k) => k === String(brightway!.id))).toBe(true);
  });
});

describe('exports', () => {
  const sheetOf = async (buf: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };
  const excel = async (path: string, query: Record<string, string | string[]>) => {
    const res = await t.call('GET', `${API}/sales-data/${path}/excel`, {
      token: t.admin,
      query: { ...shops(), ...query },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return { rows: await sheetOf(res.rawPayload), name: String(res.headers['content-disposition']) };
  };

  it('exports the series rows as on screen, with the sum row, formulas neutralised', async () => {
    const { rows, name } = await excel('series', { ...SPRING, granularity: 'week', sortField: '2026-03-16' });
    expect(name).toContain('sales-data-listings_Revenue_2026-03-01_2026-04-10.xlsx');
    expect(rows[0]).toEqual([
      'SKU',
      'ASIN',
      'Shop',
      'Marketplace',
      'Title',
      '2026-W09',
      '2026-W10',
      '2026-W11',
      '2026-W12',
      '2026-W13',
      '2026-W14',
      '2026-W15',
      'Total (Revenue)',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[4], r[8], r[12]])).toEqual([
      ['DATA-3', 'Data strip 2', 50, 50],
      ['DATA-1', 'Data strip, 5 m', 0, 110],
      ['DATA-2', "'=cmd", 0, 22],
      ['Total', undefined, 50, 182],
    ]);
    const shopsFile = await excel('series', { ...SPRING, granularity: 'month', rows: 'shop', measure: 'profit' });
    expect(shopsFile.rows.map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['Shop', '2026-03', '2026-04', 'Total (Profit)'],
      ['Data DE', 60.3, 22, 82.3],
      ['Data US', 50, 0, 50],
      ['Total', 110.3, 22, 132.3],
    ]);
  });

  it('exports the groups with their second level and the analysis rows', async () => {
    const groups = await excel('groups', { ...SPRING, groupBy: 'shop', thenBy: 'lifecycle' });
    expect(groups.rows.map((r) => [r[0], r[1], r[4]])).toEqual([
      ['Shop', 'Lifecycle', 'Revenue'],
      ['Data DE', 'Subtotal', 132],
      ['Data DE', 'Selling', 132],
      ['Data US', 'Subtotal', 50],
      ['Data US', 'New', 50],
      ['Total', undefined, 182],
    ]);
    const analysis = await excel('analysis', { ...MARCH, dimension: 'listing' });
    expect(analysis.rows[0]?.slice(0, 6)).toEqual(['SKU', 'ASIN', 'Shop', 'Marketplace', 'Title', '2026-03-01~2026-03-31 Units']);
    expect(analysis.rows.slice(1).map((r) => [r[0], r[25], r[28]])).toEqual([
      ['DATA-1', 110, 'New'],
      ['DATA-3', 20, 'Growing'],
      ['Total', 130, undefined],
    ]);
  });

  it('shows each listing of a comparison as its export has it, for every measure and sort', async () => {
    // The screen reads listings lean (the measure, then the shown rows' figures by key); the export every figure of every row.
    const STATUS: Record<string, string> = { new: 'New', lost: 'Lost', growing: 'Growing', declining: 'Declining', flat: 'Flat' };
    const blank = (v: unknown) => (v === null ? undefined : v);
    const MEASURE_NAMES: Record<string, string> = { units: 'Units', profit: 'Profit', margin: 'Margin' };
    // April: every listing new or lost; the month before, with a sale of L1 at another price, two in both periods
    // (L1 at 66.00 USD: fees 13.20, cogs 5.00, margin 0.7242 against 0.5482 in March).
    await write(de, l1, '2026-02-20', 1, 1, '60.00');
    const compares = [
      { compare: 'custom', compareStart: '2026-04-01', compareEnd: '2026-04-30' },
      { compare: 'previous', compareStart: '2026-01-29', compareEnd: '2026-02-28' },
    ];
    try {
      for (const [measure, sortField, c] of ['units', 'profit', 'margin'].flatMap((m) =>
        ['change', 'changePct', 'current', 'base'].flatMap((sf) => compares.map((c) => [m, sf, c] as const)),
      )) {
        const query = { ...MARCH, dimension: 'listing', ...c, measure, sortField, sortOrder: 'asc' };
        const page = await get('analysis', query);
        const file = await excel('analysis', query);
        const header = file.rows[0] as string[];
        const at = (period: string) => header.findIndex((h) => h.startsWith(period) && h.endsWith(` ${MEASURE_NAMES[measure]}`));
        const [cur, base] = [at('2026-03-01~2026-03-31'), at(`${c.compareStart}~${c.compareEnd}`)];
        expect(cur).toBeGreaterThan(0);
        expect(base).toBeGreaterThan(0);
        expect(page.list.length).toBe(c.compare === 'custom' ? 3 : 2);
        expect(
          page.list.map((x) => [
            x.sku,
            blank(x.change),
            blank(x.changePct),
            blank(x.contribution),
            STATUS[String(x.status)],
            blank((x.current as Json)[measure]),
            blank((x.base as Json)[measure]),
          ]),
          `${measure} by ${sortField}`,
        ).toEqual(file.rows.slice(1, -1).map((r) => [r[0], r[25], r[26], r[27], r[28], r[cur], r[base]]));
        expect(page.change ?? undefined).toEqual(file.rows.at(-1)?.[25]);
      }
    } finally {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM sales_facts WHERE listing_id = ${l1} AND day = '2026-02-20'`);
        await refreshRollups(tx, de, ['2026-02-20']);
      });
    }
  });
});
