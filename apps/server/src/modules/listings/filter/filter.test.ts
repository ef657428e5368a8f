/**
 * The listing filter and saved filters on hand-computed figures (fixtures:
 * listings.fixtures.ts; EUR at 1.10). March 2026, shops Test DE and Test FR:
 *   L1 (LST-1, DE): 4 units, 100 EUR, refunds 10, ad 5 → revenue 110.00, profit 43.80, margin 0.3982
 *   L2 (LST-1, FR, no FR fee schedule): 2 units, 50 EUR → revenue 55.00, profit 45.00, margin 0.8182, fees missing
 *   L3 (LST-2, DE, no cost, no fees): no sales → zeros, margin null, nothing missing (it did not sell)
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../../test/harness';
import { createFixture, type Fixture, writeSales } from '../listings.fixtures';

const API = '/api/sales/rest/v1/listings/filter';
const t = testAppPerFile({ admin: true, signIn: { manager: 'sales.manager', shopA: 'shop.a', analyst: 'sales.analyst' } });
let fx: Fixture;
type Json = Record<string, unknown>;
let MARCH: Record<string, string | string[]>;

beforeAll(async () => {
  fx = await createFixture(t);
  await writeSales(t, [
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
  MARCH = { startDate: '2026-03-01', endDate: '2026-03-31', shopId: [String(fx.de), String(fx.fr)] };
});

const filter = async (query: Record<string, string | string[]>, token = t.admin) => {
  const res = await t.call('GET', API, { token, query: { ...MARCH, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(res) as Json & { list: Json[]; total: number };
};
const ids = (page: { list: Json[] }) => page.list.map((r) => r.listingId);

describe('listing filter', () => {
  it('lists every listing of the shops with its figures, sales or not', async () => {
    const page = await filter({});
    expect(page).toMatchObject({ total: 3, startDate: '2026-03-01', endDate: '2026-03-31', currency: 'USD' });
    expect(ids(page)).toEqual([fx.l1, fx.l2, fx.l3]);
    expect(page.list[0]).toMatchObject({
      sku: 'LST-1',
      asin: 'B0LSTDE001',
      model: 'LSTM1',
      shopName: 'Test DE',
      marketId: 1,
      lifecycle: 1,
      status: 1,
      price: 29.99,
      units: 4,
      revenue: 110,
      refunds: 11,
      fees: 29.7,
      adSpend: 5.5,
      cogs: 20,
      profit: 43.8,
      margin: 0.3982,
      missingUnitCost: false,
      missingFees: false,
    });
    expect(page.list[1]).toMatchObject({ revenue: 55, profit: 45, margin: 0.8182, missingUnitCost: false, missingFees: true });
    expect(page.list[2]).toMatchObject({
      units: 0,
      revenue: 0,
      profit: 0,
      margin: null,
      price: null,
      missingUnitCost: false,
      missingFees: false,
    });
  });

  it('applies ranges, no sales and missing costs', async () => {
    expect(ids(await filter({ revenueMin: '100' }))).toEqual([fx.l1]);
    expect(ids(await filter({ revenueMin: '55', revenueMax: '55' }))).toEqual([fx.l2]);
    expect(ids(await filter({ marginMin: '70' }))).toEqual([fx.l2]);
    expect(ids(await filter({ marginMax: '39.82' }))).toEqual([fx.l1]);
    expect(ids(await filter({ profitMax: '44', sortField: 'profit', sortOrder: 'ascend' }))).toEqual([fx.l3, fx.l1]);
    expect(ids(await filter({ unitsMin: '2', unitsMax: '3' }))).toEqual([fx.l2]);
    expect(ids(await filter({ noSales: 'true' }))).toEqual([fx.l3]);
    expect(ids(await filter({ missingCost: 'true' }))).toEqual([fx.l2]);
  });

  it('filters by what listings are: marketplace, lifecycle, status, keyword', async () => {
    expect(ids(await filter({ marketId: '5' }))).toEqual([fx.l2]);
    expect(ids(await filter({ keyword: 'lstm1', sortField: 'asin', sortOrder: 'asc' }))).toEqual([fx.l1, fx.l3, fx.l2]);
    expect(ids(await filter({ keyword: '10 m' }))).toEqual([fx.l3]);
    expect(ids(await filter({ lifecycle: '2' }))).toEqual([]);
    await t.rows(`UPDATE listings SET status = 0 WHERE id = $1`, [fx.l3]);
    expect(ids(await filter({ status: '0' }))).toEqual([fx.l3]);
    await t.rows(`UPDATE listings SET status = 1 WHERE id = $1`, [fx.l3]);
  });

  it('pages and sorts on the server', async () => {
    const p2 = await filter({ sortField: 'revenue', sortOrder: 'asc', pageSize: '1', pageNum: '2' });
    expect(p2.total).toBe(3);
    expect(ids(p2)).toEqual([fx.l2]);
    const beyond = await filter({ pageSize: '2', pageNum: '5' });
    expect(beyond).toMatchObject({ total: 3, list: [] });
  });

  it('exports exactly the filtered rows in their order', async () => {
    const res = await t.call('GET', `${API}/excel`, {
      token: t.admin,
      query: { ...MARCH, profitMax: '44', sortField: 'profit', sortOrder: 'asc' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[1], r[2], r[12], r[14], r[20]])).toEqual([
      ['LST-2', 'B0LSTDE002', 0, 0, 0],
      ['LST-1', 'B0LSTDE001', 4, 110, 43.8],
    ]);
  });

  it('keeps an external shop account to its own shops', async () => {
    const own = await filter({ shopId: [] }, t.as.shopA);
    const all = await t.call('GET', API, {
      token: t.as.shopA,
      query: { startDate: '2026-03-01', endDate: '2026-03-31', pageSize: '500' },
    });
    const page = dataOf(all) as { list: Json[]; total: number };
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.list.map((r) => r.shopName))).toEqual(new Set(['Brightway Home US']));
    // Naming other shops narrows to nothing rather than revealing them.
    expect((await filter({}, t.as.shopA)).total).toBe(0);
    expect(own.total).toBe(page.total);
  });

  it('answers 401, 403 and 400', async () => {
    expect((await t.call('GET', API, { query: MARCH })).statusCode).toBe(401);
    expect((await t.call('GET', `${API}/excel`, { token: t.as.analyst, query: MARCH })).statusCode).toBe(403);
    const bad = await t.call('GET', API, { token: t.admin, query: { ...MARCH, revenueMin: '10', revenueMax: '5' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { data: { fields: Json[] } }).data.fields[0]).toMatchObject({ path: 'revenueMax' });
    expect((await t.call('GET', API, { token: t.admin, query: { lifecycle: '7' } })).statusCode).toBe(400);
    expect((await t.call('GET', API, { token: t.admin, query: { sortField: 'nope' } })).statusCode).toBe(400);
  });
});

describe('saved filters', () => {
  const SAVED = `${API}/saved`;
  it('saves, lists, replaces by name, and deletes the caller’s own filters', async () => {
    const res = await t.call('POST', SAVED, {
      token: t.admin,
      body: { name: 'No sales DE', query: 'marketId=1&noSales=true&pageNum=3' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = dataOf(res) as Json;
    expect(saved).toMatchObject({ name: 'No sales DE', query: 'marketId=1&noSales=true' });
    const again = dataOf(
      await t.call('POST', SAVED, { token: t.admin, body: { name: 'no sales de', query: 'marketId=1&noSales=true&status=1' } }),
    ) as Json;
    expect(again).toMatchObject({ id: saved.id, name: 'no sales de', query: 'marketId=1&noSales=true&status=1' });
    const mine = dataOf(await t.call('GET', SAVED, { token: t.admin })) as unknown as Json[];
    expect(mine.map((f) => f.name)).toEqual(['no sales de']);
    expect(dataOf(await t.call('GET', SAVED, { token: t.as.manager }))).toEqual([]);
    expect((await t.call('DELETE', `${SAVED}/${saved.id}`, { token: t.as.manager })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${SAVED}/${saved.id}`, { token: t.admin })).statusCode).toBe(200);
    expect(await t.rows(`SELECT id FROM listing_saved_filters WHERE id = $1`, [saved.id])).toEqual([]);
  });

  it('refuses a nameless filter and needs a session', async () => {
    const res = await t.call('POST', SAVED, { token: t.admin, body: { name: '  ', query: 'a=1' } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { data: { fields: Json[] } }).data.fields[0]).toMatchObject({ path: 'name' });
    expect((await t.call('GET', SAVED)).statusCode).toBe(401);
    expect((await t.call('POST', SAVED, { token: 'not-a-token', body: { name: 'x', query: '' } })).statusCode).toBe(401);
  });
});
