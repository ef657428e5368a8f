/**
 * Stock imports and boards on a real database (demo data): every variant's fixture of
 * test/fixtures/imports/inventory parsed; row problems (unknown SKU a warning, negative or
 * unreadable numbers errors); a re-import replaces the day (and a revert puts it back); days
 * of cover by hand; the boards' filters, the monitor and its history; bad input refused.
 */
import { readFileSync } from 'node:fs';
import { daysOfCover } from '@bo/contract/inventory/inventory';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { uploadImport } from '../../../test/multipart';
import { readQuantity } from './imports/stock-reports';

type Json = Record<string, unknown>;
type Preview = Json & {
  id: number;
  records: Json[];
  counts: Json;
  errors: Json[];
  warnings: Json[];
  status: string;
  variant: string;
};
const t = testAppPerFile({ admin: true });
let shopId = 0;
const API = '/api/inventory/rest/v1';
const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/imports/inventory/${name}`, import.meta.url));

async function preview(kind: string, name: string, fields: Record<string, string> = {}, bytes: Buffer = fixture(name)) {
  const res = await uploadImport(t.app, t.admin, { kind, shopId: String(shopId), ...fields }, { name, bytes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Preview;
}
async function commit(id: unknown, skipErrorRows = false) {
  const res = await t.call('POST', `/api/imports/${id}/commit`, { token: t.admin, body: { skipErrorRows } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json & { result: Json };
}
const get = async (path: string, query: Record<string, string> = {}) => {
  const res = await t.call('GET', `${API}/${path}`, { token: t.admin, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const day = (name: string) =>
  t.rows<Json>(
    `SELECT sku, fulfillable, reserved, inbound_working, inbound_shipped, inbound_receiving, unfulfillable, researching, listing_id
       FROM inventory_positions p JOIN inventory_warehouses w ON w.id = p.warehouse_id
      WHERE p.shop_id = $1 AND w.code = 'FBA-US' AND p.day = $2 ORDER BY sku`,
    [shopId, name],
  );
const D = '2026-06-01'; // before the demo's 120 days: only what the tests import

beforeAll(async () => {
  shopId = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Lumio US'`))[0]!.id;
});

describe('reading a quantity', () => {
  it('reads counts, refuses negatives and text', () => {
    expect(readQuantity('')).toEqual({ n: 0 });
    expect(readQuantity('1,234')).toEqual({ n: 1234 });
    expect(readQuantity('12.0')).toEqual({ n: 12 });
    expect(readQuantity('-0')).toEqual({ n: 0 });
    expect(readQuantity('-3')).toEqual({ error: 'negative' });
    expect(readQuantity('lots')).toEqual({ error: 'notNumber' });
    expect(readQuantity('1.5')).toEqual({ error: 'notNumber' });
  });
});

describe('days of cover, by hand', () => {
  it('is fulfillable over the average daily units of 30 days, one decimal; none without sales', () => {
    expect(daysOfCover(45, 90)).toBe(15); // 3 a day
    expect(daysOfCover(7, 9)).toBe(23.3); // 0.3 a day
    expect(daysOfCover(0, 30)).toBe(0);
    expect(daysOfCover(10, 0)).toBeNull();
  });

  it('the board takes the 30 days up to the position day from the sales facts', async () => {
    const listing = (
      await t.rows<{ id: number; last: string }>(
        `SELECT li.id, (SELECT to_char(max(day), 'YYYY-MM-DD') FROM sales_facts) AS last FROM listings li JOIN skus sk ON sk.id = li.sku_id
        WHERE li.shop_id = $1 AND sk.sku = 'H6162-75'`,
        [shopId],
      )
    )[0]!;
    // 2 units on each of the 30 days up to the last day, 1,000 the day before the window: 60 units, 2 a day.
    await t.rows(
      `UPDATE sales_facts SET units = CASE WHEN day > $2::date - 30 THEN 2 ELSE 1000 END
              WHERE listing_id = $1 AND day > $2::date - 31 AND day <= $2::date`,
      [listing.id, listing.last],
    );
    const missing = await t.rows<{ n: number }>(
      `SELECT 30 - count(*)::int AS n FROM sales_facts WHERE listing_id = $1 AND day > $2::date - 30 AND day <= $2::date`,
      [listing.id, listing.last],
    );
    expect(missing[0]!.n).toBe(0);
    const p = await preview('fba-inventory', 'myi-2020.txt', { periodStart: listing.last, periodEnd: listing.last });
    await commit(p.id);
    const page = await get('positions', { keyword: 'H6162-75', shopId: String(shopId) });
    const row = page.list.find((r: Json) => r.warehouseCode === 'FBA-US');
    expect(row).toMatchObject({ day: listing.last, fulfillable: 37, units30: 60, avgDailyUnits: 2, daysOfCover: 18.5 });
  });
});

describe('every variant of the stock reports', () => {
  it.each([
    ['myi-2017.txt', 'myi-2017/tsv', 0],
    ['myi-2020.txt', 'myi-2020/tsv', 1],
    ['myi-2023.txt', 'myi-2023/tsv', 1],
    ['myi-2020.csv', 'myi-2020/csv', 1],
  ])('Manage FBA Inventory %s', async (name, variant, researching) => {
    const p = await preview('fba-inventory', name, { periodStart: D, periodEnd: D });
    expect(p).toMatchObject({ status: 'preview', variant, rowCount: 4, errorCount: 0 });
    const strip = p.records.find((r) => (r.values as Json).sku === 'H6260-5M')!;
    expect(strip.values).toMatchObject({
      day: D,
      fulfillable: 420,
      reserved: 15,
      inboundWorking: 0,
      inboundShipped: 300,
      inboundReceiving: 0,
      unfulfillable: 2,
      researching,
      asin: 'B0LQBBUVIX',
      fnsku: 'X000001EEF',
    });
    expect((strip.values as Json).listingId).toEqual(expect.any(Number));
    if (name === 'myi-2023.txt')
      expect(p.warnings.map((w) => w.message)).toContain('SKU H6A64-5M is not fulfilled by Amazon; skipped');
    await t.call('POST', `/api/imports/${p.id}/discard`, { token: t.admin });
  });

  it.each([
    ['age-2019.txt', 'inventory-age/tsv', '2026-11-20'],
    ['fba-inventory-2023.txt', 'fba-inventory/tsv', '2026-11-21'],
    ['fba-inventory-split.txt', 'fba-inventory-split/tsv', '2026-11-22'],
  ])('Inventory Age / FBA Inventory %s', async (name, variant, snapshot) => {
    const p = await preview('fba-inventory-age', name);
    expect(p).toMatchObject({ status: 'preview', variant, rowCount: 3, errorCount: 0 });
    const rope = p.records.find((r) => (r.values as Json).sku === 'H6A64-3M')!;
    expect(rope.values).toMatchObject({
      day: snapshot,
      age0To90: 500,
      age91To180: 300,
      age181To270: 250,
      age271To365: 150,
      age365Plus: 50,
    });
    await commit(p.id);
    const stored = await t.rows<Json>(
      `SELECT age_0_90, age_365_plus FROM inventory_ages WHERE shop_id = $1 AND sku = 'H6A64-3M' AND day = $2`,
      [shopId, snapshot],
    );
    expect(stored).toEqual([{ age_0_90: 500, age_365_plus: 50 }]);
  });

  it('holds a file whose columns are not a stock report', async () => {
    const p = await preview('fba-inventory', 'x.txt', {}, Buffer.from('sku\tasin\tprice\nH6260-5M\tB0LQBBUVIX\t3\n'));
    expect(p.status).toBe('held');
    expect((p.unknownHeader as Json).missing).toEqual(['afn-fulfillable-quantity']);
  });

  it('a snapshot without a date column takes the day the upload names, else today in the marketplace', async () => {
    const p = await preview('fba-inventory', 'myi-2017.txt');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
    expect((p.records[0]!.values as Json).day).toBe(today);
    await t.call('POST', `/api/imports/${p.id}/discard`, { token: t.admin });
  });
});

describe('row problems', () => {
  it('an unknown SKU is a warning (kept without a product), a negative or unreadable quantity an error (skipped)', async () => {
    const p = await preview('fba-inventory', 'myi-bad-rows.txt', { periodStart: '2026-06-10', periodEnd: '2026-06-10' });
    expect(p).toMatchObject({ status: 'preview', rowCount: 2, errorCount: 2 });
    expect(p.warnings.map((w) => w.message)).toContain('SKU ZZ-NOT-OURS is not a listing of this shop: kept without a product');
    expect(p.errors).toEqual([
      { line: 4, column: 'afn-fulfillable-quantity', message: 'a negative quantity: -3' },
      { line: 5, column: 'afn-reserved-quantity', message: 'not a quantity: lots' },
    ]);
    const refused = await t.call('POST', `/api/imports/${p.id}/commit`, { token: t.admin, body: { skipErrorRows: false } });
    expect(refused.statusCode).toBe(400);
    expect(await day('2026-06-10')).toEqual([]);
    await commit(p.id, true);
    const rows = await day('2026-06-10');
    expect(rows.map((r) => [r.sku, r.listing_id === null])).toEqual([
      ['H6260-5M', false],
      ['ZZ-NOT-OURS', true],
    ]);
  });
});

describe('re-importing a day replaces it', () => {
  it('replaces the day as a whole, changes nothing the second time, and a revert puts the day back', async () => {
    const first = await preview('fba-inventory', 'myi-2020.txt', { periodStart: D, periodEnd: D });
    expect(first.counts).toEqual({ new: 4, changed: 0, unchanged: 0 });
    const c1 = await commit(first.id);
    expect(c1.result).toMatchObject({ inserted: 4, updated: 0, unchanged: 0, zeroed: 0, days: [D] });
    expect((await day(D)).find((r) => r.sku === 'H6260-5M')).toMatchObject({ researching: 1, fulfillable: 420 });

    const same = await preview('fba-inventory', 'myi-2020.txt', { periodStart: D, periodEnd: D });
    expect(same.counts).toEqual({ new: 0, changed: 0, unchanged: 4 });
    expect(same.warnings[0]?.message).toMatch(/already committed/);
    await commit(same.id);
    expect(await day(D)).toHaveLength(4);

    // The older layout has no researching column: the day now says 0; a file of two SKUs removes the other two.
    const older = await preview('fba-inventory', 'myi-2017.txt', { periodStart: D, periodEnd: D });
    expect(older.counts).toEqual({ new: 0, changed: 1, unchanged: 3 });
    await commit(older.id);
    expect((await day(D)).find((r) => r.sku === 'H6260-5M')).toMatchObject({ researching: 0 });
    const text = fixture('myi-2020.txt').toString('utf8').split('\n');
    const two = Buffer.from([text[0], text[1], text[3], ''].join('\n'));
    const smaller = await preview('fba-inventory', 'two.txt', { periodStart: D, periodEnd: D }, two);
    const c4 = await commit(smaller.id);
    expect(c4.result).toMatchObject({ inserted: 0, updated: 1, unchanged: 1, zeroed: 2 });
    expect((await day(D)).map((r) => r.sku)).toEqual(['H6162-75', 'H6260-5M']);
    // Other days of the shop are untouched.
    expect((await day('2026-06-10')).length).toBe(2);

    const revert = await t.call('POST', `/api/imports/${smaller.id}/revert`, { token: t.admin });
    expect(revert.statusCode, revert.body).toBe(200);
    expect((await day(D)).map((r) => [r.sku, r.researching])).toEqual([
      ['H6162-55', 0],
      ['H6162-75', 0],
      ['H6260-5M', 0],
      ['H6A64-3M', 0],
    ]);
  });
});

describe('the boards', () => {
  it('positions: the latest day per shop and warehouse, filters, sort, export', async () => {
    const all = await get('positions', { pageSize: '200' });
    expect(all.total).toBeGreaterThan(100);
    const days = new Set(all.list.filter((r: Json) => r.warehouseCode !== 'FBA-US').map((r: Json) => r.day));
    expect(days.size).toBe(1);
    const out = await get('positions', { stock: 'out', pageSize: '200' });
    expect(out.total).toBeGreaterThan(0);
    expect(out.list.every((r: Json) => r.fulfillable === 0)).toBe(true);
    const low = await get('positions', { stock: 'low', coverDays: '20', pageSize: '200' });
    expect(low.total).toBeGreaterThanOrEqual(out.total);
    expect(low.list.every((r: Json) => r.fulfillable === 0 || (r.daysOfCover !== null && (r.daysOfCover as number) < 20))).toBe(
      true,
    );
    const de = await get('positions', { marketId: '1' });
    expect(de.list.every((r: Json) => r.marketId === 1)).toBe(true);
    const sorted = await get('positions', { sortField: 'fulfillable', sortOrder: 'desc', pageSize: '20' });
    const f = sorted.list.map((r: Json) => r.fulfillable as number);
    expect(f).toEqual([...f].sort((a, b) => b - a));
    const line = (
      await t.rows<{ id: number }>(
        `SELECT p.product_line_id AS id FROM listings li JOIN skus sk ON sk.id = li.sku_id
       JOIN products p ON p.id = sk.product_id WHERE li.id = $1`,
        [all.list[0].listingId],
      )
    )[0]!.id;
    const byLine = await get('positions', { productLineId: String(line), pageSize: '200' });
    expect(byLine.total).toBeGreaterThan(0);
    expect(byLine.total).toBeLessThan(all.total);
    const file = await t.call('GET', `${API}/positions/excel`, { token: t.admin, query: { stock: 'out' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('ages: buckets, aged share and the summary over the same filter', async () => {
    const page = await get('ages', { agedOnly: 'true', pageSize: '500' });
    expect(page.total).toBeGreaterThan(0);
    for (const r of page.list as Json[]) {
      const total =
        (r.age0To90 as number) +
        (r.age91To180 as number) +
        (r.age181To270 as number) +
        (r.age271To365 as number) +
        (r.age365Plus as number);
      expect(r.total).toBe(total);
      expect(r.agedShare).toBeCloseTo(
        ((r.age181To270 as number) + (r.age271To365 as number) + (r.age365Plus as number)) / total,
        3,
      );
    }
    const sum = await get('ages/summary', { agedOnly: 'true' });
    expect(sum.skus).toBe(page.total);
    expect(sum.total).toBe((page.list as Json[]).reduce((a, r) => a + (r.total as number), 0));
  });

  it('monitor: only out of stock or under the cover, and 60 days of stock against sales', async () => {
    const m = await get('monitor', { coverDays: '15', pageSize: '200' });
    expect(m.total).toBeGreaterThan(0);
    expect(m.list.every((r: Json) => r.fulfillable === 0 || (r.daysOfCover as number) < 15)).toBe(true);
    const r = m.list.find((x: Json) => x.warehouseCode === 'FBA-US' && x.listingId !== null) ?? m.list[0];
    const h = await get('monitor/history', { shopId: String(r.shopId), warehouseId: String(r.warehouseId), sku: r.sku });
    expect(h.days).toHaveLength(60);
    expect(h.days.at(-1).day).toBe(r.day);
    expect(h.days.at(-1).fulfillable).toBe(r.fulfillable);
    const missing = await t.call('GET', `${API}/monitor/history`, {
      token: t.admin,
      query: { shopId: String(r.shopId), warehouseId: String(r.warehouseId), sku: 'NO-SUCH-SKU' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('the reads of spec §7: per SKU over the shops, and per shop for one SKU', async () => {
    const skus = await get('inventory-monitoring/skus', { keyword: 'H6260' });
    expect(skus.length).toBeGreaterThan(0);
    const one = skus.find((s: Json) => s.sku === 'H6260-5M');
    const details = await get('shop-inventory-details', { sku: 'H6260-5M' });
    expect(details.every((d: Json) => d.sku === 'H6260-5M')).toBe(true);
    expect(one.fulfillable).toBe(details.reduce((a: number, d: Json) => a + (d.fulfillable as number), 0));
    expect(one.shops).toBe(new Set(details.map((d: Json) => d.shopId)).size);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    for (const query of [{ stock: 'empty' }, { coverDays: '0' }, { sortField: 'price' }, { shopId: 'x' }] as Record<
      string,
      string
    >[]) {
      const res = await t.call('GET', `${API}/positions`, { token: t.admin, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await t.call('GET', `${API}/monitor/history`, { token: t.admin, query: { shopId: '1' } })).statusCode).toBe(400);
  });
});
