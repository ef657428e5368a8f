/**
 * The supply boards' figures by hand: first the pure arithmetic on fixed rows and a fixed day, then the endpoints on
 * plans of a shop of their own (relative to today), with 401, 403 and 400 and a shop filter outside the scope.
 */
import { addDays } from '@bo/contract/inventory/delivery';
import { weekOf } from '@bo/contract/supplyboards/boards';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { usShop } from '../../../test/scenarios';
import type { BoardShipmentRow } from '../inventory/boards.reads';
import { deliveryFigures, deliveryWeeks, logisticsFigures, pageRows, toBoardShipment, todayUtc } from './boards.service';

// biome-ignore lint/suspicious/noExplicitAny: replies read as loose JSON in assertions
type Json = Record<string, any>;

const row = (o: Partial<BoardShipmentRow> & Pick<BoardShipmentRow, 'planId' | 'state' | 'mode' | 'eta'>): BoardShipmentRow => ({
  planCode: `SP${o.planId}`,
  shopId: 1,
  shopName: 'Shop',
  marketId: 0,
  warehouseCode: 'FBA-US',
  code: `FBA15X${o.planId}`,
  carrier: 'C',
  tracking: 'T',
  etd: '2026-11-01',
  receivedOn: null,
  shipped: 0,
  received: 0,
  ...o,
});

// Wednesday 25 November 2026: its week starts Monday the 23rd; the 90-day window starts 27 August.
const TODAY = '2026-11-25';
const ROWS = [
  // A: on its way, due in 2 days.
  row({ planId: 1, state: 'shipped', mode: 'sea', eta: '2026-11-27', shipped: 100 }),
  // B: on its way, due in 10 days.
  row({ planId: 2, state: 'shipped', mode: 'air', eta: '2026-12-05', shipped: 50 }),
  // C: partly received, ETA 5 days ago (20th + 3 = 23rd < 25th): late with 50 to come, and short so far.
  row({ planId: 3, state: 'received', mode: 'sea', eta: '2026-11-20', shipped: 200, received: 150, receivedOn: '2026-11-22' }),
  // D: ETA 3 days ago: 22nd + 3 = 25th is not before today, so not late yet.
  row({ planId: 4, state: 'shipped', mode: 'rail', eta: '2026-11-22', shipped: 40 }),
  // E: received in full on ETA + 3: on time.
  row({ planId: 5, state: 'received', mode: 'express', eta: '2026-11-01', shipped: 30, received: 30, receivedOn: '2026-11-04' }),
  // F: closed 5 short, last receipt 9 days after ETA: short and not on time.
  row({ planId: 6, state: 'closed', mode: 'sea', eta: '2026-10-01', shipped: 60, received: 55, receivedOn: '2026-10-10' }),
  // G: closed before the window: neither short nor judged.
  row({ planId: 7, state: 'closed', mode: 'sea', eta: '2026-07-01', shipped: 10, received: 8, receivedOn: '2026-07-05' }),
];

describe('the logistics board by hand', () => {
  it('counts in transit, arriving, late, short and on time by the contract rule', () => {
    const b = logisticsFigures(ROWS, TODAY);
    // A, B, C, D: 100 + 50 + 50 + 40.
    expect(b.inTransit).toEqual({ shipments: 4, units: 240 });
    // 25 Nov to 1 Dec: A; to 8 Dec: A and B.
    expect(b.arriving7).toEqual({ shipments: 1, units: 100 });
    expect(b.arriving14).toEqual({ shipments: 2, units: 150 });
    expect(b.late).toEqual({ shipments: 1, units: 50 });
    // C (50 short so far) and F (5).
    expect(b.short).toEqual({ shipments: 2, units: 55 });
    // E on time, F not; C is not received in full, G is outside the window.
    expect(b.onTime).toEqual({ judged: 2, onTime: 1, rate: 0.5, graceDays: 3 });
    expect(b.arrivals.map((w) => w.week)).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
      '2026-12-28',
      '2027-01-04',
      '2027-01-11',
    ]);
    // C and D are due before this week: they are in the late count or about to be, not in the chart.
    expect(b.arrivals[0]).toEqual({ week: '2026-11-23', sea: 100, air: 0, express: 0, rail: 0 });
    expect(b.arrivals[1]).toEqual({ week: '2026-11-30', sea: 0, air: 50, express: 0, rail: 0 });
    expect(b.arrivals.slice(2).every((w) => w.sea + w.air + w.express + w.rail === 0)).toBe(true);
  });

  it('has no on-time rate without a judged shipment', () => {
    expect(logisticsFigures([ROWS[0] as BoardShipmentRow], TODAY).onTime).toEqual({
      judged: 0,
      onTime: 0,
      rate: null,
      graceDays: 3,
    });
  });

  it('sorts and pages the shipments with days since ETA', () => {
    const rows = ROWS.slice(0, 4).map((r) => toBoardShipment(r, TODAY));
    expect(rows.map((r) => r.daysSinceEta)).toEqual([-2, -10, 5, 3]);
    const p = pageRows(rows, { sortField: 'daysSinceEta', sortOrder: 'desc', pageNum: 1, pageSize: 2 });
    expect(p).toMatchObject({ total: 4, pageNum: 1, pageSize: 2 });
    expect(p.list.map((r) => r.planId)).toEqual([3, 4]);
    expect(pageRows(rows, { sortField: 'progress', sortOrder: 'desc', pageNum: 1, pageSize: 1 }).list[0]?.planId).toBe(3);
    expect(
      pageRows(rows, { sortField: 'remaining', sortOrder: 'asc', pageNum: 2, pageSize: 3 }).list.map((r) => r.planId),
    ).toEqual([1]);
  });
});

describe('the delivery dashboard by hand', () => {
  it('puts planned, shipped and received units in the week and marketplace of their day', () => {
    const weeks = deliveryWeeks(TODAY);
    // 8 weeks back from the 23rd, this week, 3 ahead.
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe('2026-09-28');
    expect(weeks[11]).toBe('2026-12-14');
    const rows = deliveryFigures(weeks, {
      planned: [
        { marketId: 0, units: 120, plannedOn: '2026-11-26' },
        // Planned before the window: not shown.
        { marketId: 3, units: 60, plannedOn: '2026-08-01' },
      ],
      shipments: [row({ planId: 1, state: 'shipped', mode: 'sea', eta: '2026-12-05', etd: '2026-11-01', shipped: 100 })],
      received: [
        // Sunday the 22nd is the week of the 16th; Monday the 23rd starts this week.
        { marketId: 0, day: '2026-11-22', units: 150 },
        { marketId: 0, day: '2026-11-23', units: 10 },
      ],
    });
    expect(rows).toEqual([
      { week: '2026-10-26', marketId: 0, planned: 0, shipped: 100, received: 0 },
      { week: '2026-11-16', marketId: 0, planned: 0, shipped: 0, received: 150 },
      { week: '2026-11-23', marketId: 0, planned: 120, shipped: 0, received: 10 },
    ]);
  });
});

const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a' } });
const API = '/api/supplyboards/rest/v1';
let shopId = 0;
let otherShopId = 0;
let prepDays = 0;
const today = todayUtc();
const ago = (days: number) => addDays(today, -days);

/** A plan of the test shop to FBA-US in `state` with one line; shipped with `etd`/`eta` and received `received` on `receivedOn`. */
async function plan(o: {
  state: string;
  mode?: string;
  units: number;
  etd?: string;
  eta?: string;
  received?: number;
  receivedOn?: string;
}) {
  const [p] = await t.rows<{ id: number }>(
    `INSERT INTO shipment_plans (code, shop_id, warehouse_id, state, mode, created_at)
     SELECT 'SB-' || nextval(pg_get_serial_sequence('shipment_plans', 'id')), $1, w.id, $2, $3, now() - interval '1 day'
       FROM inventory_warehouses w WHERE w.code = 'FBA-US' RETURNING id`,
    [shopId, o.state, o.mode ?? 'sea'],
  );
  const id = (p as { id: number }).id;
  const shipped = o.etd ? o.units : 0;
  const [l] = await t.rows<{ id: number }>(
    `INSERT INTO shipment_plan_lines (plan_id, sku, units_per_carton, cartons, shipped, received)
     VALUES ($1, 'SB-SKU', 10, $2, $3, $4) RETURNING id`,
    [id, o.units / 10, shipped, o.received ?? 0],
  );
  if (o.etd)
    await t.rows(
      `INSERT INTO shipments (plan_id, code, mode, carrier, tracking, etd, eta, received_on) VALUES ($1, $2, $3, 'C', 'T', $4, $5, $6)`,
      [id, `FBA15SB${id}`, o.mode ?? 'sea', o.etd, o.eta, o.receivedOn ?? null],
    );
  if (o.received)
    await t.rows(`INSERT INTO shipment_receipts (line_id, received_on, quantity) VALUES ($1, $2, $3)`, [
      (l as { id: number }).id,
      o.receivedOn,
      o.received,
    ]);
  return id;
}

const get = (path: string, query: Record<string, string> = {}, token = t.admin) =>
  t.call('GET', `${API}/${path}`, { token, query });
async function ok(path: string, query: Record<string, string> = {}) {
  const res = await get(path, { shopId: String(shopId), ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}

let p1 = 0;
let p2 = 0;
beforeAll(async () => {
  shopId = await usShop(t, 'Supply Boards US', 'SBUS1');
  otherShopId = await usShop(t, 'Supply Boards Other', 'SBUS2');
  const [s] = await t.rows<{ prep: number }>(
    `SELECT coalesce((SELECT prep_days FROM logistics_shipment_settings WHERE market_id = 0), 5) AS prep`,
  );
  prepDays = Number(s?.prep);
  p1 = await plan({ state: 'shipped', units: 100, etd: ago(30), eta: addDays(today, 2) });
  p2 = await plan({ state: 'received', units: 200, etd: ago(40), eta: ago(5), received: 150, receivedOn: ago(3) });
  await plan({ state: 'closed', units: 60, etd: ago(50), eta: ago(20), received: 55, receivedOn: ago(10) });
  await plan({ state: 'confirmed', units: 60 });
  await plan({ state: 'draft', units: 30 });
});

describe('the boards through their endpoints', () => {
  it('the logistics board of one shop', async () => {
    const b = await ok('logistics-board');
    expect(b.today).toBe(today);
    expect(b.inTransit).toEqual({ shipments: 2, units: 150 });
    expect(b.arriving7).toEqual({ shipments: 1, units: 100 });
    expect(b.arriving14).toEqual({ shipments: 1, units: 100 });
    expect(b.late).toEqual({ shipments: 1, units: 50 });
    expect(b.short).toEqual({ shipments: 2, units: 55 });
    // The closed plan came 10 days after its ETA: judged, not on time.
    expect(b.onTime).toEqual({ judged: 1, onTime: 0, rate: 0, graceDays: 3 });
    const units = b.arrivals.reduce((sum: number, w: Json) => sum + w.sea + w.air + w.express + w.rail, 0);
    expect(units).toBe(100);
    expect(b.arrivals.find((w: Json) => w.week === weekOf(addDays(today, 2))).sea).toBe(100);

    const late = await ok('logistics-board/late');
    expect(late.total).toBe(1);
    expect(late.list[0]).toMatchObject({ planId: p2, shopId, remaining: 50, daysSinceEta: 5, code: `FBA15SB${p2}` });
  });

  it('the delivery dashboard of one shop', async () => {
    const d = await ok('delivery-board');
    expect(d.weeks).toHaveLength(12);
    const sum = (k: string) => d.rows.reduce((s: number, r: Json) => s + r[k], 0);
    expect(sum('planned')).toBe(60);
    expect(sum('shipped')).toBe(360);
    expect(sum('received')).toBe(205);
    const at = (day: string) => d.rows.filter((r: Json) => r.week === weekOf(day));
    expect(at(addDays(ago(1), prepDays)).reduce((s: number, r: Json) => s + r.planned, 0)).toBe(60);
    expect(at(ago(30)).reduce((s: number, r: Json) => s + r.shipped, 0)).toBeGreaterThanOrEqual(100);

    const progress = await ok('delivery-board/progress', { sortField: 'progress', sortOrder: 'asc' });
    expect(progress.total).toBe(2);
    expect(progress.list.map((r: Json) => r.planId)).toEqual([p1, p2]);
    expect(progress.list[1]).toMatchObject({ shipped: 200, received: 150, daysSinceEta: 5 });
  });

  it('another shop shows its own (nothing here), never this one', async () => {
    const other = await ok('logistics-board', { shopId: String(otherShopId) });
    expect(other.inTransit).toEqual({ shipments: 0, units: 0 });
    expect((await ok('delivery-board/progress', { shopId: String(otherShopId) })).total).toBe(0);
  });

  it('401 without a session, 403 without the page, 400 on a bad query', async () => {
    expect((await t.call('GET', `${API}/logistics-board`)).statusCode).toBe(401);
    const shopA = t.as.shopA;
    for (const path of ['logistics-board', 'logistics-board/late', 'delivery-board', 'delivery-board/progress'])
      expect((await get(path, {}, shopA)).statusCode, path).toBe(403);
    expect((await get('logistics-board', { marketId: 'x' })).statusCode).toBe(400);
    expect((await get('logistics-board/late', { sortField: 'nope' })).statusCode).toBe(400);
    expect((await get('delivery-board/progress', { pageSize: '0' })).statusCode).toBe(400);
  });
});
