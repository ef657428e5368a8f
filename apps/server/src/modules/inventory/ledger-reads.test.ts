/**
 * The ledger's reads on a real database: one SKU's detail (running balance and reconciliation)
 * and the differences list, each figure worked out by hand from the fixtures; the pure
 * arithmetic of the contract; the demo ledger agreeing with the demo stock but for its planted
 * differences; bad input refused.
 */
import { runningBalances, unitsAtStake } from '@bo/contract/inventory/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { importCalls } from './imports/import-test-calls';

type Json = Record<string, unknown>;
const t = testAppPerFile({ admin: true });
const API = '/api/inventory/rest/v1';
let shopId = 0;
let warehouseId = 0;
let price = 0;
const ledger = importCalls(
  t,
  'fba-inventory-ledger',
  () => shopId,
  () => t.admin,
);
const stock = importCalls(
  t,
  'fba-inventory',
  () => shopId,
  () => t.admin,
);
const get = async (path: string, query: Record<string, string>) => {
  const res = await t.call('GET', `${API}/${path}`, { token: t.admin, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  const [shop] = await t.rows<{ id: number; price: string }>(
    `SELECT s.id, li.price FROM shops s JOIN listings li ON li.shop_id = s.id JOIN skus sk ON sk.id = li.sku_id
      WHERE s.name = 'Lumio US' AND sk.sku = 'H6260-5M'`,
  );
  shopId = shop!.id;
  price = Number(shop!.price);
  await ledger.importFile('ledger-summary.csv');
  await ledger.importFile('ledger-detailed.csv');
  // The snapshot of 2026-06-01: H6260-5M 580 fulfillable + 3 reserved (the ledger ends at 585), H6162-75 37 (agrees).
  const myi = 'sku\tfnsku\tasin\tafn-listing-exists\tafn-fulfillable-quantity\tafn-reserved-quantity\n';
  await stock.importFile(
    'myi.txt',
    Buffer.from(`${myi}H6260-5M\tX000001EEF\tB0LQBBUVIX\tYes\t580\t3\nH6162-75\tX0003ZZ81B\tB06QFW3HOT\tYes\t37\t0\n`),
    { periodStart: '2026-06-01', periodEnd: '2026-06-01' },
  );
  warehouseId = (await t.rows<{ id: number }>(`SELECT id FROM inventory_warehouses WHERE code = 'FBA-US'`))[0]!.id;
});

describe('the arithmetic, by hand', () => {
  it('carries the running balance from the first known starting balance', () => {
    expect(
      runningBalances([
        { ledger: null },
        { ledger: { startingBalance: null, net: 5 } },
        { ledger: { startingBalance: 500, net: 85 } },
        { ledger: null },
        { ledger: { startingBalance: 999, net: -29 } },
      ]),
    ).toEqual([null, null, 585, 585, 556]);
  });
  it('puts at stake lost units not found, damaged units and what the snapshot lacks', () => {
    expect(unitsAtStake({ lost: 2, found: 0, damaged: 1, difference: -2 })).toBe(5);
    expect(unitsAtStake({ lost: 2, found: 3, damaged: 0, difference: 4 })).toBe(0);
    expect(unitsAtStake({ lost: 1, found: 0, damaged: 1, difference: null })).toBe(2);
  });
});

describe('/inventory/detail', () => {
  it('shows each day’s snapshot, the movements, the running balance and the difference', async () => {
    const d = await get('ledger/detail', {
      shopId: String(shopId),
      warehouseId: String(warehouseId),
      sku: 'H6260-5M',
      from: '2026-06-01',
      to: '2026-06-03',
    });
    expect(d.listing).toMatchObject({ sku: 'H6260-5M', shopName: 'Lumio US', warehouseCode: 'FBA-US' });
    const [d1, d2, d3] = d.days as Json[];
    // 500 + 120 − 35 + 3 − 2 − 1 = 585; on hand 580 + 3 = 583 → −2.
    expect(d1).toMatchObject({ day: '2026-06-01', onHand: 583, runningBalance: 585, difference: -2 });
    expect(d1!.ledger).toMatchObject({
      view: 'summary',
      startingBalance: 500,
      endingBalance: 585,
      net: 85,
      lost: -2,
      damaged: -1,
    });
    // −30 shipped + 1 found = −29 (10 in transit between warehouses stay out): 556; no snapshot that day.
    expect(d2).toMatchObject({ onHand: null, runningBalance: 556, difference: null });
    expect(d2!.ledger).toMatchObject({ inTransit: 10, net: -29, endingBalance: 556 });
    // The detailed view's day: 24 received − 3 shipped − 1 lost − 1 damaged = +19 → 575, no reported balance.
    expect(d3).toMatchObject({ runningBalance: 575, difference: null });
    expect(d3!.ledger).toMatchObject({ view: 'detailed', endingBalance: null, net: 19 });
    expect(d.totals).toMatchObject({ receipts: 144, customerShipments: -68, lost: -3, damaged: -2, found: 1 });
  });

  it('defaults to the days up to the SKU’s latest day; an unknown SKU is a 404, bad input a 400', async () => {
    // Without a warehouse: the FBA warehouse of the shop's marketplace.
    const d = await get('ledger/detail', { shopId: String(shopId), sku: 'H6260-5M' });
    expect(d.listing.warehouseId).toBe(warehouseId);
    expect(d.days).toHaveLength(60);
    expect(d.to).toBe(d.listing.day);
    const none = await t.call('GET', `${API}/ledger/detail`, {
      token: t.admin,
      query: { shopId: String(shopId), warehouseId: String(warehouseId), sku: 'NOPE-1' },
    });
    expect(none.statusCode).toBe(404);
    const bad = await t.call('GET', `${API}/ledger/detail`, {
      token: t.admin,
      query: { shopId: 'x', warehouseId: '1', sku: 'A' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('/inventory/difference', () => {
  const span = { from: '2026-06-01', to: '2026-06-03', shopId: '' };
  it('lists the days where ledger and snapshot disagree or units were lost or damaged, with the amounts', async () => {
    span.shopId = String(shopId);
    const page = await get('ledger/differences', { ...span, sortField: 'day', sortOrder: 'asc' });
    expect(page.total).toBe(2);
    const [a, b] = page.list as Json[];
    // 06-01: on hand 583 − ledger 585 = −2; lost 2, damaged 1 → 2 + 1 + 2 = 5 units at the listing's price.
    expect(a).toMatchObject({
      day: '2026-06-01',
      sku: 'H6260-5M',
      ledgerEnding: 585,
      onHand: 583,
      difference: -2,
      lost: 2,
      damaged: 1,
    });
    expect(a).toMatchObject({ unitsAtStake: 5, amount: (5 * price).toFixed(2), currency: 'USD' });
    // 06-03 (detailed view): no balance, 1 lost and 1 damaged → 2.
    expect(b).toMatchObject({ day: '2026-06-03', sku: 'H6260-5M', difference: null, lost: 1, damaged: 1, unitsAtStake: 2 });
    // H6162-75 agrees on 06-01 and only found a unit on 06-03: not a difference.
  });

  it('filters by type and keyword, sorts by amount, exports the same rows', async () => {
    expect((await get('ledger/differences', { ...span, type: 'balance' })).list.map((r: Json) => r.day)).toEqual(['2026-06-01']);
    expect((await get('ledger/differences', { ...span, keyword: 'H6162' })).total).toBe(0);
    const byAmount = await get('ledger/differences', { ...span, sortField: 'amount', sortOrder: 'desc' });
    expect(byAmount.list.map((r: Json) => r.unitsAtStake)).toEqual([5, 2]);
    const file = await t.call('GET', `${API}/ledger/differences/excel`, { token: t.admin, query: span });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    const bad = await t.call('GET', `${API}/ledger/differences`, { token: t.admin, query: { type: 'other' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the demo ledger', () => {
  it('adds up every day, agrees with the demo stock but for the planted differences, and shows some of each kind', async () => {
    const [r] = await t.rows<Json>(`
      SELECT count(*)::int AS rows,
             count(*) FILTER (WHERE starting_balance + receipts + customer_shipments + customer_returns + found + lost + damaged
                                    + other_events <> ending_balance)::int AS unbalanced,
             count(*) FILTER (WHERE customer_shipments > 0 OR receipts < 0)::int AS wrong_sign
        FROM inventory_ledger WHERE source = 'demo'`);
    expect(r!.rows).toBeGreaterThan(1000);
    expect(r).toMatchObject({ unbalanced: 0, wrong_sign: 0 });
    const [d] = await t.rows<Json>(`
      SELECT count(*) FILTER (WHERE g.lost < 0)::int AS lost, count(*) FILTER (WHERE g.damaged < 0)::int AS damaged,
             count(*) FILTER (WHERE g.ending_balance <> p.fulfillable + p.reserved AND g.lost = 0 AND g.damaged = 0
                                    AND g.customer_returns = 0)::int AS unplanned
        FROM inventory_ledger g JOIN inventory_positions p USING (shop_id, warehouse_id, day, sku) WHERE g.source = 'demo'`);
    expect(d!.lost).toBeGreaterThan(0);
    expect(d!.damaged).toBeGreaterThan(0);
    expect(d!.unplanned).toBe(0);
    const page = await get('ledger/differences', { type: 'balance', pageSize: '5' });
    expect(page.total).toBeGreaterThan(0);
  });
});
