/**
 * Data safety of sales-report commits (issue #19): rows skipped for errors never zero stored
 * figures, the preview shows what a commit removes and changes, a large removal needs a second
 * confirmation, every committed sales report can be reverted exactly (facts and rollups), a
 * revert waits for later imports of the same days, and an action without a body is accepted.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { listedUsShop } from '../../../test/scenarios';

const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', analyst: 'sales.analyst' } });
let shop: number;

type Json = Record<string, unknown>;
const HEADER = readFileSync(new URL('../../../test/fixtures/imports/br-en-2023.csv', import.meta.url))
  .toString('utf8')
  .split('\n')[0]!;

/** A Business Report row: units / sales / orders as written (a bad cell makes a row error). */
const brRow = (asin: string, sku: string, units: string, sales: string, orders = units) =>
  [asin, asin, `Title ${sku}`, sku, '100', '0', '1.00%', '0.00%', '150', '0', '1.00%', '0.00%', '99.00%', '100.00%']
    .concat([units, '0', '1.00%', '0.00%', sales, '$0.00', orders, '0'])
    .map((c) => `"${c}"`)
    .join(',');
const brFile = (rows: string[]) => Buffer.from(`${HEADER}\n${rows.join('\n')}\n`);

const LISTINGS = [
  ['SAFE-A', 'B0SAFE0001'],
  ['SAFE-B', 'B0SAFE0002'],
  ['SAFE-C', 'B0SAFE0003'],
  ['SAFE-D', 'B0SAFE0004'],
  ['SAFE-E', 'B0SAFE0005'],
  ['SAFE-F', 'B0SAFE0006'],
] as const;
const FULL_DAY = LISTINGS.map(([sku, asin], i) => brRow(asin, sku, String(10 * (i + 1)), `$${100 * (i + 1)}.00`));

async function upload(fields: Record<string, string>, bytes: Buffer, token = t.admin) {
  const { payload, headers } = multipart(fields, { name: 'br.csv', bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Json }).data;
}
const br = (day: string, rows: string[]) =>
  upload({ kind: 'business-report', shopId: String(shop), periodStart: day, periodEnd: day }, brFile(rows));
const commit = (id: unknown, body?: Json, token = t.admin) =>
  t.call('POST', `/api/imports/${id}/commit`, body === undefined ? { token } : { token, body });
const revert = (id: unknown, token = t.admin) => t.call('POST', `/api/imports/${id}/revert`, { token });

const factsOf = (day: string) =>
  t.rows<{ sku: string; units: number; revenue: string }>(
    `SELECT sk.sku, f.units, f.revenue FROM sales_facts f JOIN skus sk ON sk.id = f.sku_id
      WHERE f.shop_id = $1 AND f.day = $2 ORDER BY sk.sku`,
    [shop, day],
  );
const ROLLUPS = [
  'sales_segment_day',
  'sales_shop_day',
  'sales_segment_month',
  'sales_listing_day',
  'sales_listing_week',
  'sales_listing_month',
  'sales_listing_quarter',
  'sales_listing_year',
];
/** Every fact (all columns) and every rollup row of the shop. */
async function everything() {
  const out: Record<string, unknown[]> = {
    facts: await t.rows(`SELECT * FROM sales_facts x WHERE shop_id = $1 ORDER BY x::text`, [shop]),
  };
  for (const table of ROLLUPS) out[table] = await t.rows(`SELECT * FROM ${table} x WHERE shop_id = $1 ORDER BY x::text`, [shop]);
  return out;
}

beforeAll(async () => {
  shop = await listedUsShop(t, {
    shopName: 'Safety US',
    sellerId: 'ASAFETYTEST01',
    product: { model: 'SAFE1', name: '安全测试', nameEn: 'Safety test' },
    listings: LISTINGS,
  });
});

describe('a Business Report with rows skipped for errors', () => {
  const day = '2026-08-03';
  let full: Json;
  let partial: Json;
  let before: Awaited<ReturnType<typeof everything>>;

  it('stores a full day first (nothing to remove: no second confirmation)', async () => {
    full = await br(day, FULL_DAY);
    expect(full.impact).toMatchObject({
      days: [{ day, unitsBefore: 0, unitsAfter: 210, listingsDropped: 0, listingsChanged: 6 }],
      largeRemovalDays: [],
    });
    // No body at all, as `curl -X POST` sends it.
    const res = await commit(full.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({ status: 'committed', revertible: true, revertedAt: null });
    before = await everything();
  });

  it('previews what the commit removes and changes, per day, against the stored data', async () => {
    partial = await br(day, [
      brRow('B0SAFE0001', 'SAFE-A', '11', '$110.00'), // changed
      brRow('B0SAFE0002', 'SAFE-B', '20', '$200.00'), // unchanged
      brRow('B0SAFE0003', 'SAFE-C', 'many', '$300.00', '30'), // error: SAFE-C keeps its figures
      brRow('B0SAFE0004', 'SAFE-D', '40', '$4x0.00'), // error: SAFE-D keeps its figures
      brRow('B0NOPE0001', 'NOPE-US', '1', '$1.00'), // error: no such listing
    ]);
    expect(partial).toMatchObject({ errorCount: 3, rowCount: 2 });
    // SAFE-E (50 units, 500.00) and SAFE-F (60, 600.00) are not in the file: set to zero.
    expect(partial.impact).toEqual({
      days: [
        {
          day,
          unitsBefore: 210,
          unitsAfter: 211 - 110,
          revenueBefore: 2100,
          revenueAfter: 2110 - 1100,
          listingsChanged: 3,
          listingsDropped: 2,
        },
      ],
      dropped: [
        { day, listingId: expect.any(Number), sku: 'SAFE-F', asin: 'B0SAFE0006', units: 60, revenue: 600 },
        { day, listingId: expect.any(Number), sku: 'SAFE-E', asin: 'B0SAFE0005', units: 50, revenue: 500 },
      ],
      // Units 210 → 101 and revenue 2,100 → 1,010: down by more than half.
      largeRemovalDays: [day],
      ordersOwnedDays: [],
    });
  });

  it('never zeroes the stored figures of listings named by skipped rows', async () => {
    const res = await commit(partial.id, { skipErrorRows: true, confirmLargeRemoval: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await factsOf(day)).toEqual([
      { sku: 'SAFE-A', units: 11, revenue: '110.00' },
      { sku: 'SAFE-B', units: 20, revenue: '200.00' },
      { sku: 'SAFE-C', units: 30, revenue: '300.00' },
      { sku: 'SAFE-D', units: 40, revenue: '400.00' },
      { sku: 'SAFE-E', units: 0, revenue: '0.00' },
      { sku: 'SAFE-F', units: 0, revenue: '0.00' },
    ]);
    expect(dataOf(res).result).toMatchObject({ zeroed: 2, changes: [{ day, unitsBefore: 210, unitsAfter: 101 }] });
  });

  it('reverts exactly: every fact and rollup row of the shop as before the import, audited', async () => {
    const res = await revert(partial.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({ status: 'reverted', revertible: false, revertedAt: expect.any(String) });
    expect(await everything()).toEqual(before);
    expect(
      await t.rows(
        `SELECT actor_user_id IS NOT NULL AS who FROM audit_log WHERE action = 'revert' AND entity = 'import' AND entity_id = $1`,
        [String(partial.id)],
      ),
    ).toEqual([{ who: true }]);
    expect((await revert(partial.id)).statusCode).toBe(409);
    const list = dataOf(
      await t.call('GET', '/api/imports', { token: t.admin, query: { shopId: String(shop), status: 'reverted' } }),
    );
    expect((list.list as Json[]).map((i) => i.id)).toEqual([partial.id]);
  });

  it('holds a file that removes much more than it adds for a second confirmation', async () => {
    const few = await br(day, [FULL_DAY[0]!]);
    expect(few.impact).toMatchObject({ largeRemovalDays: [day], days: [{ listingsDropped: 5, unitsAfter: 10 }] });
    const refused = await commit(few.id, {});
    expect(refused.statusCode).toBe(409);
    expect(dataOf(refused)).toMatchObject({ largeRemovalDays: [day], days: [{ day, unitsBefore: 210, unitsAfter: 10 }] });
    expect(await everything()).toEqual(before);
    const done = await commit(few.id, { confirmLargeRemoval: true });
    expect(done.statusCode, done.body).toBe(200);
    expect((await factsOf(day)).filter((f) => f.units > 0).map((f) => f.sku)).toEqual(['SAFE-A']);
    expect((await revert(few.id)).statusCode).toBe(200);
    expect(await everything()).toEqual(before);
  });
});

describe('an All Orders report with order lines skipped for errors', () => {
  const day = '2026-08-20';
  const AO_HEADER = readFileSync(new URL('../../../test/fixtures/imports/ao-2023.txt', import.meta.url))
    .toString('utf8')
    .split(/\r?\n/)[0]!;
  const aoRow = (orderId: string, sku: string, asin: string, qty: string, price: string) =>
    AO_HEADER.split('\t')
      .map(
        (c) =>
          ({
            'amazon-order-id': orderId,
            'purchase-date': `${day}T20:00:00+00:00`,
            'last-updated-date': `${day}T21:00:00+00:00`,
            'order-status': 'Shipped',
            'fulfillment-channel': 'Amazon',
            'sales-channel': 'Amazon.com',
            sku,
            asin,
            'item-status': 'Shipped',
            quantity: qty,
            currency: 'USD',
            'item-price': price,
          })[c] ?? '',
      )
      .join('\t');

  it('keeps the stored figures of a listing whose order line has an error, on that line’s day', async () => {
    expect((await commit((await br(day, FULL_DAY)).id)).statusCode).toBe(200);
    const file = [
      AO_HEADER,
      aoRow('113-0000001-0000001', 'SAFE-A', 'B0SAFE0001', '2', '20.00'),
      aoRow('113-0000002-0000002', 'SAFE-B', 'B0SAFE0002', 'two', '20.00'),
      aoRow('113-0000003-0000003', 'SAFE-B', 'B0SAFE0002', '1', '10.00'),
    ].join('\n');
    const preview = await upload(
      { kind: 'all-orders', shopId: String(shop), periodStart: day, periodEnd: day },
      Buffer.from(file),
    );
    expect(preview).toMatchObject({ errorCount: 1, rowCount: 1 });
    expect((preview.warnings as Json[]).map((w) => w.message)).toContainEqual(expect.stringContaining('SAFE-B'));
    const res = await commit(preview.id, { skipErrorRows: true, confirmLargeRemoval: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await factsOf(day)).toEqual([
      { sku: 'SAFE-A', units: 2, revenue: '20.00' },
      { sku: 'SAFE-B', units: 20, revenue: '200.00' },
      { sku: 'SAFE-C', units: 0, revenue: '0.00' },
      { sku: 'SAFE-D', units: 0, revenue: '0.00' },
      { sku: 'SAFE-E', units: 0, revenue: '0.00' },
      { sku: 'SAFE-F', units: 0, revenue: '0.00' },
    ]);
    // Sessions and page views are the Business Report's: All Orders, which has none, leaves them.
    expect(
      await t.rows(`SELECT DISTINCT sessions, page_views FROM sales_facts WHERE shop_id = $1 AND day = $2`, [shop, day]),
    ).toEqual([{ sessions: 100, page_views: 150 }]);
  });
});

describe('a Business Report on a day imported from All Orders', () => {
  const day = '2026-08-20';
  it('writes only sessions and page views there: units, orders and revenue stay those of All Orders', async () => {
    const before = await factsOf(day);
    // A fuller Business Report of the same day: other units, and 300 sessions per listing.
    const rows = LISTINGS.slice(0, 3).map(([sku, asin]) => brRow(asin, sku, '50', '$500.00').replace('"100"', '"300"'));
    const preview = await br(day, rows);
    const impact = preview.impact as { ordersOwnedDays: string[]; days: Json[]; dropped: Json[]; largeRemovalDays: string[] };
    expect(impact.ordersOwnedDays).toEqual([day]);
    expect(impact.dropped).toEqual([]);
    expect(impact.largeRemovalDays).toEqual([]);
    expect(impact.days).toEqual([expect.objectContaining({ day, listingsChanged: 0, listingsDropped: 0 })]);
    expect(impact.days[0]?.unitsAfter).toBe(impact.days[0]?.unitsBefore);
    const res = await commit(preview.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await factsOf(day)).toEqual(before);
    const traffic = await t.rows<{ sku: string; sessions: number | null }>(
      `SELECT sk.sku, f.sessions FROM sales_facts f JOIN skus sk ON sk.id = f.sku_id WHERE f.shop_id = $1 AND f.day = $2 ORDER BY sk.sku`,
      [shop, day],
    );
    expect(traffic.slice(0, 3).map((r) => r.sessions)).toEqual([300, 300, 300]);
    expect(traffic.slice(3).map((r) => r.sessions)).toEqual([100, 100, 100]);
    // Its revert puts the traffic back, and the sales stay.
    expect((await revert(preview.id)).statusCode).toBe(200);
    expect(await factsOf(day)).toEqual(before);
    expect(await t.rows(`SELECT DISTINCT sessions FROM sales_facts WHERE shop_id = $1 AND day = $2`, [shop, day])).toEqual([
      { sessions: 100 },
    ]);
  });
});

describe('reverting in order', () => {
  const day = '2026-08-10';
  it('refuses to revert an import while a later committed one wrote the same days; newest first works', async () => {
    const start = await everything();
    const first = await br(day, FULL_DAY);
    expect((await commit(first.id)).statusCode).toBe(200);
    const afterFirst = await everything();
    const second = await br(
      day,
      FULL_DAY.map((r) => r.replace('"10","0"', '"12","0"')),
    );
    expect((await commit(second.id)).statusCode).toBe(200);
    const refused = await revert(first.id);
    expect(refused.statusCode).toBe(409);
    expect(dataOf(refused)).toEqual({ imports: [second.id] });
    expect((await revert(second.id)).statusCode).toBe(200);
    expect(await everything()).toEqual(afterFirst);
    expect((await revert(first.id)).statusCode).toBe(200);
    expect(await everything()).toEqual(start);
  });

  it('needs the commit permission of the kind, and the shop', async () => {
    const one = await br('2026-08-11', FULL_DAY);
    expect((await commit(one.id)).statusCode).toBe(200);
    expect((await revert(one.id, t.as.analyst)).statusCode).toBe(403);
    expect((await revert(one.id, t.as.shopA)).statusCode).toBe(404);
    expect((await t.call('POST', '/api/imports/999999/revert', { token: t.admin })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/imports/${one.id}/revert`)).statusCode).toBe(401);
  });
});
