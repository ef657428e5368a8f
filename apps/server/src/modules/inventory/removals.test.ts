/**
 * Removal orders on a real database: each fixture variant (order detail 2019 and 2023, CSV, the
 * shipment detail), row problems, a re-import replacing an order and a revert putting it back,
 * the list's filters, sort, detail and export, and the replenishment advice leaving units of a
 * removal in process out of the stock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { importCalls, stockFixture } from './imports/import-test-calls';
import { removalStatusOf, removalTypeOf } from './imports/removal-reports';

type Json = Record<string, unknown>;
const t = testAppPerFile({ admin: true });
const API = '/api/inventory/rest/v1';
let shopId = 0;
const { preview, commit } = importCalls(
  t,
  'fba-removals',
  () => shopId,
  () => t.admin,
);
const fixture = stockFixture;
const get = async (path: string, query: Record<string, string>) => {
  const res = await t.call('GET', `${API}/${path}`, { token: t.admin, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const linesOf = (order: string) =>
  t.rows<Json>(
    `SELECT sku, disposition, order_type, order_status, requested, cancelled, disposed, shipped, in_process, removal_fee::text AS fee,
            to_char(request_date, 'YYYY-MM-DD') AS day
       FROM inventory_removal_lines WHERE shop_id = $1 AND order_id = $2 ORDER BY sku`,
    [shopId, order],
  );

beforeAll(async () => {
  shopId = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Lumio US'`))[0]!.id;
});

describe('reading a removal report', () => {
  it('reads the types and statuses Amazon writes', () => {
    expect(removalTypeOf('Liquidations')).toBe('liquidation');
    expect(removalTypeOf('Return')).toBe('return');
    expect(removalTypeOf('Transfer')).toBeNull();
    expect(removalStatusOf('Canceled')).toBe('cancelled');
    expect(removalStatusOf('In Process')).toBe('processing');
    expect(removalStatusOf('Lost')).toBeNull();
  });
});

describe('every variant of the removal reports', () => {
  it('order detail 2023 (tab-separated): lines with quantities, fee and status', async () => {
    const p = await preview('removal-orders-2023.txt');
    expect(p.variant).toBe('orders-2023/tsv');
    expect(p.errors).toEqual([]);
    expect(p.counts).toEqual({ new: 4, changed: 0, unchanged: 0 });
    await commit(p.id);
    expect(await linesOf('RO-1001')).toEqual([
      expect.objectContaining({ sku: 'H6162-75', disposition: 'DEFECTIVE', shipped: 3, in_process: 0, fee: '1.44' }),
      expect.objectContaining({
        sku: 'H6260-5M',
        order_type: 'return',
        order_status: 'pending',
        requested: 20,
        shipped: 5,
        in_process: 15,
        fee: '9.60',
        day: '2026-11-02',
      }),
    ]);
    expect(await linesOf('RO-1003')).toEqual([
      expect.objectContaining({ order_type: 'liquidation', order_status: 'cancelled', cancelled: 10, fee: null }),
    ]);
  });

  it('the same saved as CSV reads unchanged; the 2019 layout reads its own orders', async () => {
    const csv = await preview('removal-orders-2023.csv');
    expect(csv.variant).toBe('orders-2023/csv');
    expect(csv.counts).toEqual({ new: 0, changed: 0, unchanged: 4 });
    const old = await preview('removal-orders-2019.txt');
    expect(old.variant).toBe('orders-2019/tsv');
    expect(old.counts).toEqual({ new: 4, changed: 0, unchanged: 0 });
    await commit(old.id);
    expect(await linesOf('RO-2002')).toEqual([expect.objectContaining({ order_type: 'disposal', disposed: 4 })]);
  });

  it('shipment detail: the parcels of an order, one tracking number on a day summed', async () => {
    const p = await preview('removal-shipments.txt');
    expect(p.variant).toBe('shipments/tsv');
    expect(p.counts).toEqual({ new: 2, changed: 0, unchanged: 0 });
    await commit(p.id);
    const d = await get('removal-orders/detail', { shopId: String(shopId), orderId: 'RO-1001' });
    expect(d.lines).toHaveLength(2);
    expect(d.shipments).toEqual([
      expect.objectContaining({ sku: 'H6162-75', disposition: 'DEFECTIVE', quantity: 3 }),
      expect.objectContaining({
        sku: 'H6260-5M',
        shipmentDate: '2026-11-06',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        quantity: 5,
      }),
    ]);
  });

  it('row problems: an unknown type or status and a negative quantity are errors, an unknown SKU a warning', async () => {
    const p = await preview('removal-bad-rows.txt');
    expect(p.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'removal-order-type'],
      [3, 'order-status'],
      [4, 'requested-quantity'],
    ]);
    expect(p.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/ZZ-NOT-OURS is not a listing/)]);
    await commit(p.id, true);
    expect(await linesOf('RO-3004')).toHaveLength(1);
  });

  it('holds a file that is not a removal report', async () => {
    expect((await preview('myi-2020.txt')).status).toBe('held');
  });
});

describe('re-importing an order replaces it', () => {
  it('a later report of the order replaces its lines as a whole, and a revert puts them back', async () => {
    const text = fixture('removal-orders-2023.txt').toString('utf8').split('\n');
    // RO-1001 completed: all 20 shipped, nothing in process; its DEFECTIVE line no longer in the file.
    const later = (text[1] as string)
      .replace('Pending', 'Completed')
      .replace('2026-11-05T10:00:00+00:00', '2026-11-09T10:00:00+00:00')
      .replace('\t20\t0\t0\t5\t15\t', '\t20\t0\t0\t20\t0\t');
    const p = await preview('later.txt', Buffer.from([text[0], later, ''].join('\n')));
    expect(p.counts).toEqual({ new: 0, changed: 1, unchanged: 0 });
    const c = await commit(p.id);
    expect(c.result).toMatchObject({ updated: 1, zeroed: 1 });
    expect((await linesOf('RO-1001')).map((r) => [r.sku, r.order_status, r.in_process])).toEqual([['H6260-5M', 'completed', 0]]);
    const revert = await t.call('POST', `/api/imports/${p.id}/revert`, { token: t.admin });
    expect(revert.statusCode, revert.body).toBe(200);
    expect((await linesOf('RO-1001')).map((r) => [r.sku, r.order_status, r.in_process])).toEqual([
      ['H6162-75', 'pending', 0],
      ['H6260-5M', 'pending', 15],
    ]);
  });
});

describe('/fbaRemoveOrderMgr', () => {
  // The fixtures' orders (RO-…), beside the demo's (RM…).
  const mine = () => ({ shopId: String(shopId), from: '2026-11-01', to: '2026-11-30', keyword: 'RO-' });
  it('filters by type, status, keyword and days, sorts, and exports the same rows', async () => {
    expect((await get('removal-orders', { ...mine(), type: 'return' })).list.map((r: Json) => r.orderId)).toEqual(
      expect.arrayContaining(['RO-1001', 'RO-2001']),
    );
    expect((await get('removal-orders', { ...mine(), status: 'cancelled' })).list.map((r: Json) => r.orderId).sort()).toEqual([
      'RO-1003',
      'RO-2003',
    ]);
    const byKeyword = await get('removal-orders', { ...mine(), keyword: 'ro-1001' });
    expect(byKeyword.list.map((r: Json) => [r.sku, r.inProcess, r.shipments])).toEqual([
      ['H6162-75', 0, 1],
      ['H6260-5M', 15, 1],
    ]);
    const byFee = await get('removal-orders', { ...mine(), sortField: 'removalFee', sortOrder: 'desc', pageSize: '1' });
    expect(byFee.list[0]).toMatchObject({ removalFee: '9.60', currency: 'USD' });
    const file = await t.call('GET', `${API}/removal-orders/excel`, { token: t.admin, query: mine() });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
  });

  it('an unknown order is a 404; bad input a 400', async () => {
    const none = await t.call('GET', `${API}/removal-orders/detail`, {
      token: t.admin,
      query: { shopId: String(shopId), orderId: 'NOPE' },
    });
    expect(none.statusCode).toBe(404);
    const bad = await t.call('GET', `${API}/removal-orders`, { token: t.admin, query: { type: 'transfer' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the demo', () => {
  it('has orders of every status, in-process units within the reserved stock, and the returns’ parcels', async () => {
    const [r] = await t.rows<Json>(`
      SELECT array_agg(DISTINCT r.order_status ORDER BY r.order_status) AS statuses,
             count(*) FILTER (WHERE r.in_process > p.reserved)::int AS over_reserved,
             count(*) FILTER (WHERE r.requested <> r.cancelled + r.disposed + r.shipped + r.in_process AND r.order_status <> 'pending')::int AS unbalanced,
             (SELECT count(*) FROM inventory_removal_shipments x WHERE x.source = 'demo')::int AS parcels
        FROM inventory_removal_lines r
        JOIN inventory_positions p ON p.shop_id = r.shop_id AND p.sku = r.sku
         AND p.day = (SELECT max(q.day) FROM inventory_positions q WHERE q.shop_id = p.shop_id AND q.warehouse_id = p.warehouse_id)
        JOIN inventory_warehouses w ON w.id = p.warehouse_id AND w.kind = 'fba'
       WHERE r.source = 'demo'`);
    expect(r).toMatchObject({ statuses: ['cancelled', 'completed', 'pending', 'processing'], over_reserved: 0, unbalanced: 0 });
    expect(r!.parcels).toBeGreaterThan(0);
  });
});

describe('the replenishment advice', () => {
  it('leaves the units of a removal in process out of the reserved stock it counts', async () => {
    const [p] = await t.rows<{ listing_id: number; sku: string; reserved: number }>(
      `SELECT p.listing_id, p.sku, p.reserved FROM inventory_positions p JOIN inventory_warehouses w ON w.id = p.warehouse_id AND w.kind = 'fba'
        WHERE p.shop_id = $1 AND p.reserved >= 2 AND p.listing_id IS NOT NULL
          AND p.day = (SELECT max(day) FROM inventory_positions q WHERE q.shop_id = p.shop_id AND q.warehouse_id = p.warehouse_id)
          AND NOT EXISTS (SELECT 1 FROM inventory_removal_lines r WHERE r.shop_id = p.shop_id AND r.sku = p.sku)
        ORDER BY p.reserved DESC LIMIT 1`,
      [shopId],
    );
    expect(p, 'a demo position with reserved units').toBeTruthy();
    const advice = async () =>
      (
        await t.call('GET', '/api/sales/rest/v2/redGreenLine/getRedGreenLine', {
          token: t.admin,
          query: { shopId: String(shopId), listingId: String(p!.listing_id) },
        })
      ).json().data.row;
    expect((await advice()).reserved).toBe(p!.reserved);
    const text = fixture('removal-orders-2023.txt').toString('utf8').split('\n');
    const line = (text[1] as string)
      .replace('RO-1001', 'RO-9001')
      .replace('H6260-5M', p!.sku)
      .replace('\t20\t0\t0\t5\t15\t', '\t2\t0\t0\t0\t2\t');
    await commit((await preview('r.txt', Buffer.from([text[0], line, ''].join('\n')))).id);
    expect((await advice()).reserved).toBe(p!.reserved - 2);
  });
});
