/**
 * /logisticsMgr and the logistics panels through the API, on three shipments of the Lumio US shop
 * made here with a model of known package (20 x 15 x 5 cm, 0.4 kg): the estimate from the demo's
 * US cards, the bills' actual in USD (a EUR duty at the invoice day's rate), planned against actual
 * transit and the late / on-time verdicts, the panels' sums, all worked by hand; freight bills CRUD
 * with its refusals (403, 404 outside the shops, 400, 409 taken number and stale version), the
 * history, and the shop scope of an external account.
 */
import { addDays } from '@bo/contract/inventory/delivery';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  fieldCodesOf,
  grantToRolesOf,
  okDataOf,
  rowCount,
  TEST_DEMO_PASSWORD,
  testAppPerFile,
} from '../../../test/harness';
import { carrierMatches, estimateOf, median, p90, transitOf } from './shipment-figures';

const API = '/api/logistics/rest/v1';
const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', shopB: 'shop.b' } });
const today = new Date().toISOString().slice(0, 10);

interface Ship {
  id: number;
  code: string;
  estimatedUsd: number | null;
  estimateBasis: string;
  estimateCarrier: string | null;
  actualUsd: number;
  bills: number;
  varianceUsd: number | null;
  plannedDays: number;
  actualDays: number | null;
  onTime: boolean | null;
  late: boolean;
  flow: string;
  units: number;
  weightKg: number;
  cbm: number;
}

let shopId = 0;
let pageOnly = '';
let carriers: Record<string, number> = {};
const ids: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };

/** A plan of Lumio US with one line of the fixed model, shipped, and its shipment; received on `receivedOn` when given. */
async function shipment(
  tag: string,
  o: { mode: string; carrier: string; units: number; etd: string; eta: string; receivedOn: string | null },
) {
  const [p] = await t.rows<{ id: number; shop_id: number }>(
    `INSERT INTO shipment_plans (code, shop_id, warehouse_id, state, mode)
     SELECT $1, s.id, w.id, $2, $3 FROM shops s, inventory_warehouses w WHERE s.name = 'Lumio US' AND w.code = 'FBA-US'
     RETURNING id, shop_id`,
    [`T-LOGI-${tag}`, o.receivedOn ? 'received' : 'shipped', o.mode],
  );
  const [line] = await t.rows<{ id: number }>(
    `INSERT INTO shipment_plan_lines (plan_id, sku, listing_id, units_per_carton, cartons, shipped, received)
     VALUES ($1, $2, $3, $4, 1, $4, $5) RETURNING id`,
    [p?.id, fixture.sku, fixture.listingId, o.units, o.receivedOn ? o.units : 0],
  );
  if (o.receivedOn)
    await t.rows(`INSERT INTO shipment_receipts (line_id, received_on, quantity) VALUES ($1, $2, $3)`, [
      line?.id,
      o.receivedOn,
      o.units,
    ]);
  const [sh] = await t.rows<{ id: number }>(
    `INSERT INTO shipments (plan_id, code, mode, carrier, tracking, etd, eta, received_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [p?.id, `T-LOGI-SH-${tag}`, o.mode, o.carrier, `TRK-LOGI-${tag}`, o.etd, o.eta, o.receivedOn],
  );
  shopId = Number(p?.shop_id);
  return Number(sh?.id);
}

const fixture = { sku: '', listingId: 0 };

const bill = (shipmentId: number, extra: Record<string, unknown> = {}) => ({
  shipmentId,
  carrierId: carriers['SEA-FBA'],
  billNo: 'T-INV-1',
  chargeType: 'freight',
  amount: 70,
  currency: 'USD',
  invoiceDay: '2026-06-01',
  ...extra,
});
const post = (body: unknown, token = t.admin) => t.call('POST', `${API}/bills`, { token, body });
const list = async (query: Record<string, string>, token = t.admin) =>
  okDataOf<{ list: Ship[]; total: number }>(await t.call('GET', `${API}/shipments`, { token, query }));
const byCode = async (code: string) => (await list({ keyword: code })).list[0] as Ship;

beforeAll(async () => {
  const [l] = await t.rows<{ listing_id: number; sku: string; product_id: number }>(
    `SELECT li.id AS listing_id, sk.sku, sk.product_id FROM listings li JOIN skus sk ON sk.id = li.sku_id
       JOIN shops s ON s.id = li.shop_id JOIN product_model_info mi ON mi.product_id = sk.product_id
      WHERE s.name = 'Lumio US' ORDER BY li.id LIMIT 1`,
  );
  if (!l) throw new Error('the demo has no Lumio US listing with model info');
  fixture.sku = l.sku;
  fixture.listingId = Number(l.listing_id);
  await t.rows(
    `UPDATE product_model_info SET package_length_mm = 200, package_width_mm = 150, package_height_mm = 50,
            gross_weight_g = 400 WHERE product_id = $1`,
    [l.product_id],
  );
  carriers = Object.fromEntries(
    (await t.rows<{ code: string; id: number }>(`SELECT code, id FROM logistics_carriers`)).map((c) => [c.code, c.id]),
  );
  // A: sea, 100 units, received 2 days after its ETA (within the grace): on time, 37 days.
  ids.A = await shipment('A', {
    mode: 'sea',
    carrier: 'COSCO',
    units: 100,
    etd: '2026-06-01',
    eta: '2026-07-06',
    receivedOn: '2026-07-08',
  });
  // C: sea, 50 units, received 4 days after its ETA: late, 39 days.
  ids.C = await shipment('C', {
    mode: 'sea',
    carrier: 'COSCO',
    units: 50,
    etd: '2026-05-01',
    eta: '2026-06-05',
    receivedOn: '2026-06-09',
  });
  // B: air by DHL, 20 units, still on its way 20 days past its ETA: late now.
  ids.B = await shipment('B', {
    mode: 'air',
    carrier: 'DHL',
    units: 20,
    etd: addDays(today, -30),
    eta: addDays(today, -20),
    receivedOn: null,
  });
  // One euro is 1.1 USD on A's invoice day.
  await t.rows(
    `INSERT INTO exchange_rates (currency, day, rate) VALUES ('EUR', '2026-06-01', 1.1)
     ON CONFLICT (currency, day) DO UPDATE SET rate = EXCLUDED.rate`,
  );
  // An internal user holding the page alone (no button, no panel).
  await t.rows(
    `WITH u AS (INSERT INTO users (account_id, login_name, user_name, password_hash, user_type)
                SELECT 1, 't.logi.page', 't.logi.page', password_hash, 1 FROM users WHERE login_name = 'pm' RETURNING id),
          r AS (INSERT INTO roles (account_id, name) VALUES (1, 't logi page') RETURNING id),
          ur AS (INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM u, r)
     INSERT INTO role_permissions (role_id, permission_id)
     SELECT r.id, pi.id FROM r, permission_items pi WHERE pi.auth_pattern = 'sales:logistics:manage'`,
  );
  pageOnly = await t.login('t.logi.page', TEST_DEMO_PASSWORD);
  await grantToRolesOf(t, 'shop.a', ['sales:logistics:manage']);
  await grantToRolesOf(t, 'shop.b', ['sales:logistics:manage%', 'sales:logistics:panel', 'sales:logistics:newPanel']);
}, 60_000);

describe('the figures, by hand', () => {
  it('estimate: the cheapest card of the lane, or of the shipment’s own carrier when one matches', () => {
    const card = (id: number, code: string, perKg: number, extra: Record<string, unknown> = {}) => ({
      id,
      carrierCode: code,
      carrierName: `${code} name`,
      mode: 'sea',
      marketId: 0,
      destination: '',
      pricePerKg: perKg,
      pricePerCbm: null,
      minCharge: 0,
      fuelSurchargePct: 10,
      validFrom: '2026-01-01',
      validTo: null,
      ...extra,
    });
    const s = {
      mode: 'sea' as const,
      carrier: 'ocean',
      marketId: 0,
      warehouseCode: 'FBA-US',
      etd: '2026-06-01',
      eta: '2026-07-01',
      weightKg: 100,
      cbm: 0.2,
      planState: 'shipped',
      units: 100,
      receivedUnits: 0,
      lastReceiptDay: null,
    };
    const cards = [card(1, 'CHEAP', 1), card(2, 'OCEAN-X', 2), card(3, 'GONE', 0.5, { validTo: '2026-05-31' })];
    // 100 kg (volumetric 33.3) x 2.00 = 200 + 10 % fuel = 220 with its own carrier; 110 with the cheapest.
    expect(estimateOf(s, cards)).toEqual({ estimatedUsd: 220, estimateBasis: 'carrier', estimateCarrier: 'OCEAN-X name' });
    expect(estimateOf({ ...s, carrier: 'COSCO' }, cards)).toEqual({
      estimatedUsd: 110,
      estimateBasis: 'cheapest',
      estimateCarrier: 'CHEAP name',
    });
    expect(estimateOf({ ...s, weightKg: 0, cbm: 0 }, cards).estimateBasis).toBe('none');
    expect(estimateOf({ ...s, mode: 'air' }, cards).estimatedUsd).toBeNull();
    expect(carrierMatches('DHL', 'DHL-EXP', 'DHL Express')).toBe(true);
    expect(carrierMatches('DH', 'DHL-EXP', 'DHL Express')).toBe(false);
  });

  it('transit: actual days to the last receipt, on time by ETA + 3 days, late only while on the way', () => {
    const s = {
      mode: 'sea' as const,
      carrier: 'x',
      marketId: 0,
      warehouseCode: '',
      etd: '2026-06-01',
      eta: '2026-07-06',
      weightKg: 1,
      cbm: 0,
      planState: 'received',
      units: 100,
      receivedUnits: 100,
      lastReceiptDay: '2026-07-09',
    };
    expect(transitOf(s, '2026-08-01')).toEqual({ flow: 'received', actualDays: 38, onTime: true, late: false });
    expect(transitOf({ ...s, lastReceiptDay: '2026-07-10' }, '2026-08-01').onTime).toBe(false);
    const open = { ...s, planState: 'shipped', lastReceiptDay: null };
    expect(transitOf(open, '2026-07-09')).toEqual({ flow: 'transit', actualDays: null, onTime: null, late: false });
    expect(transitOf(open, '2026-07-10').late).toBe(true);
    // Received in part and not closed: still on its way (the rest may come), so late and not yet judged on time.
    const part = { ...s, receivedUnits: 60 };
    expect(transitOf(part, '2026-07-10')).toEqual({ flow: 'transit', actualDays: null, onTime: null, late: true });
    expect(transitOf({ ...part, planState: 'closed' }, '2026-07-10').flow).toBe('received');
  });

  it('median and p90 (nearest rank)', () => {
    expect(median([])).toBeNull();
    expect(median([39, 37])).toBe(38);
    expect(median([5, 1, 3])).toBe(3);
    expect(p90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(9);
    expect(p90([37, 39])).toBe(39);
    expect(p90([4])).toBe(4);
  });
});

describe('/logisticsMgr rows', () => {
  it('A: estimate 60 (sea minimum), actual 70 USD + 100 EUR at 1.1 = 180, 37 days against 32 planned, on time', async () => {
    expect((await post(bill(ids.A))).statusCode).toBe(200);
    const duty = await post(bill(ids.A, { chargeType: 'duty', amount: 100, currency: 'EUR' }));
    expect(dataOf(duty)).toMatchObject({ amount: 100, currency: 'EUR', amountUsd: 110 });
    const a = await byCode('T-LOGI-SH-A');
    // 100 x 0.4 kg = 40 kg, 100 x 0.0015 = 0.15 CBM; the higher of 40 kg x 1.20 = 48 and 0.15 x 180 = 27 is 48, below the minimum 60.
    expect(a).toMatchObject({
      units: 100,
      weightKg: 40,
      cbm: 0.15,
      estimatedUsd: 60,
      estimateBasis: 'cheapest',
      estimateCarrier: 'Oceanlink Sea + Truck',
      actualUsd: 180,
      bills: 2,
      varianceUsd: 120,
      plannedDays: 32,
      actualDays: 37,
      onTime: true,
      late: false,
      flow: 'received',
    });
  });

  it('B: air by DHL priced by the air card (DHL has none), 8 kg x 5.20 + 8 % = 44.93, late and unbilled', async () => {
    const b = await byCode('T-LOGI-SH-B');
    expect(b).toMatchObject({
      estimatedUsd: 44.93,
      estimateBasis: 'cheapest',
      actualUsd: 0,
      bills: 0,
      varianceUsd: null,
      plannedDays: 9,
      actualDays: null,
      onTime: null,
      late: true,
      flow: 'transit',
    });
  });

  it('filters: state, mode, carrier, ETD range, keyword on plan code and tracking; sorting', async () => {
    const codes = async (q: Record<string, string>) =>
      (await list({ shopId: String(shopId), keyword: 'LOGI', ...q })).list.map((s) => s.code).sort();
    expect(await codes({})).toEqual(['T-LOGI-SH-A', 'T-LOGI-SH-B', 'T-LOGI-SH-C']);
    expect(await codes({ state: 'late' })).toEqual(['T-LOGI-SH-B']);
    expect(await codes({ state: 'transit' })).toEqual(['T-LOGI-SH-B']);
    expect(await codes({ state: 'received' })).toEqual(['T-LOGI-SH-A', 'T-LOGI-SH-C']);
    expect(await codes({ mode: 'air' })).toEqual(['T-LOGI-SH-B']);
    expect(await codes({ carrier: 'cosco' })).toEqual(['T-LOGI-SH-A', 'T-LOGI-SH-C']);
    expect(await codes({ etdFrom: '2026-05-15', etdTo: '2026-06-15' })).toEqual(['T-LOGI-SH-A']);
    expect((await list({ keyword: 'TRK-LOGI-C' })).list.map((s) => s.code)).toEqual(['T-LOGI-SH-C']);
    expect((await list({ keyword: 'T-LOGI-B' })).list.map((s) => s.code)).toEqual(['T-LOGI-SH-B']);
    const sorted = await list({ keyword: 'LOGI', sortField: 'etd', sortOrder: 'asc' });
    expect(sorted.list.map((s) => s.code)).toEqual(['T-LOGI-SH-C', 'T-LOGI-SH-A', 'T-LOGI-SH-B']);
    expect((await t.call('GET', `${API}/shipments`, { token: t.admin, query: { state: 'lost' } })).statusCode).toBe(400);
  });
});

describe('freight bills', () => {
  it('refuses bad input with field codes and writes nothing', async () => {
    const before = await rowCount(t, 'logistics_bills');
    const bad = await post(bill(ids.C, { amount: -1, currency: 'XXX', chargeType: 'tip', billNo: '', invoiceDay: '2026-02-30' }));
    expect(bad.statusCode).toBe(400);
    expect(
      fieldCodesOf(bad)
        .map((f) => f.split(':')[0])
        .sort(),
    ).toEqual(['amount', 'billNo', 'chargeType', 'currency', 'invoiceDay']);
    const inactive = await t.rows<{ id: number }>(
      `INSERT INTO logistics_carriers (code, name, modes, active) VALUES ('T-OFF', 'Off', '{sea}', false) RETURNING id`,
    );
    const off = await post(bill(ids.C, { carrierId: inactive[0]?.id }));
    expect(off.statusCode).toBe(400);
    expect(fieldCodesOf(off)).toEqual(['carrierId:logistics.unknownCarrier']);
    expect((await post(bill(999_999))).statusCode).toBe(404);
    expect(await rowCount(t, 'logistics_bills')).toBe(before);
  });

  it('a carrier bills a charge type once under a number; edits name the version; delete; history', async () => {
    const made = await post(bill(ids.C, { billNo: 'T-INV-C', amount: 80 }));
    const c = okDataOf<{ id: number; version: number }>(made);
    const again = await post(bill(ids.C, { billNo: 'T-INV-C', amount: 5 }));
    expect(again.statusCode).toBe(409);
    expect(fieldCodesOf(again)).toEqual(['billNo:logistics.billTaken']);
    const surcharge = okDataOf<{ id: number }>(
      await post(bill(ids.C, { billNo: 'T-INV-C', chargeType: 'surcharge', amount: 4 })),
    );
    const put = (id: number, body: unknown) => t.call('PUT', `${API}/bills/${id}`, { token: t.admin, body });
    const taken = await put(surcharge.id, { ...bill(ids.C, { billNo: 'T-INV-C', amount: 4 }), version: 1 });
    expect(taken.statusCode).toBe(409);
    expect(fieldCodesOf(taken)).toEqual(['billNo:logistics.billTaken']);
    const edited = okDataOf<{ amount: number; version: number }>(
      await put(c.id, { ...bill(ids.C, { billNo: 'T-INV-C', amount: 85 }), version: c.version }),
    );
    expect(edited).toMatchObject({ amount: 85, version: 2 });
    const stale = await put(c.id, { ...bill(ids.C, { billNo: 'T-INV-C', amount: 90 }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await t.call('DELETE', `${API}/bills/${surcharge.id}`, { token: t.admin })).statusCode).toBe(200);
    expect((await t.call('DELETE', `${API}/bills/${surcharge.id}`, { token: t.admin })).statusCode).toBe(404);
    const h = okDataOf<{ list: { action: string }[] }>(
      await t.call('GET', `/api/user/rest/v1/history/logistics_bill/${c.id}`, { token: t.admin }),
    );
    expect(h.list.map((e) => e.action)).toEqual(['update', 'create']);
    const put80 = await put(c.id, { ...bill(ids.C, { billNo: 'T-INV-C', amount: 80 }), version: 2 });
    expect(put80.statusCode).toBe(200);
    const detail = okDataOf<{ shipment: Ship; bills: { billNo: string; amountUsd: number }[] }>(
      await t.call('GET', `${API}/shipments/${ids.C}`, { token: t.admin }),
    );
    expect(detail.shipment).toMatchObject({ actualUsd: 80, estimatedUsd: 60, actualDays: 39, onTime: false });
    expect(detail.bills.map((b) => [b.billNo, b.amountUsd])).toEqual([['T-INV-C', 80]]);
  });

  it('a carrier with bills is kept (409)', async () => {
    const del = await t.call('DELETE', `${API}/carriers/${carriers['AIR-FBA']}`, { token: t.admin });
    expect(del.statusCode).toBe(409);
  });
});

describe('the panels, summed by hand', () => {
  it('costs: per month, per mode and marketplace, per unit and per kg', async () => {
    const p = okDataOf<{
      months: { month: string; shipments: number; estimatedUsd: number; actualUsd: number; estimatedBilledUsd: number }[];
      byMode: unknown[];
      byMarket: unknown[];
      modes: unknown[];
    }>(
      await t.call('GET', `${API}/panel/costs`, {
        token: t.admin,
        query: { shopId: String(shopId), fromMonth: '2026-05', toMonth: '2026-06' },
      }),
    );
    expect(p.months).toEqual([
      {
        month: '2026-05',
        shipments: 1,
        units: 50,
        weightKg: 20,
        estimatedUsd: 60,
        actualUsd: 80,
        estimatedBilledUsd: 60,
        unbilled: 0,
      },
      {
        month: '2026-06',
        shipments: 1,
        units: 100,
        weightKg: 40,
        estimatedUsd: 60,
        actualUsd: 180,
        estimatedBilledUsd: 60,
        unbilled: 0,
      },
    ]);
    expect(p.byMode).toEqual([
      { month: '2026-05', mode: 'sea', usd: 80 },
      { month: '2026-06', mode: 'sea', usd: 180 },
    ]);
    expect(p.byMarket).toEqual([
      { month: '2026-05', marketId: 0, usd: 80 },
      { month: '2026-06', marketId: 0, usd: 180 },
    ]);
    // 260 USD over 150 units and 60 kg.
    expect(p.modes).toEqual([
      {
        mode: 'sea',
        shipments: 2,
        billed: 2,
        billedUnits: 150,
        billedKg: 60,
        actualUsd: 260,
        perUnitUsd: 1.7333,
        perKgUsd: 4.3333,
      },
    ]);
  });

  it('transit: per carrier and mode, median and p90 days, on-time rate, late now; the distribution', async () => {
    const q = { shopId: String(shopId), etdFrom: '2026-04-01', etdTo: '2026-06-30' };
    const p = okDataOf<{ carriers: unknown[]; distribution: unknown[] }>(
      await t.call('GET', `${API}/panel/transit`, { token: t.admin, query: q }),
    );
    expect(p.carriers).toEqual([
      {
        carrier: 'COSCO',
        mode: 'sea',
        shipments: 2,
        received: 2,
        medianDays: 38,
        p90Days: 39,
        plannedDays: 32,
        onTime: 1,
        onTimeRate: 0.5,
        lateNow: 0,
      },
    ]);
    expect(p.distribution).toEqual([
      { mode: 'sea', days: 37, shipments: 1 },
      { mode: 'sea', days: 39, shipments: 1 },
    ]);
    const late = okDataOf<{ carriers: { carrier: string; lateNow: number }[] }>(
      await t.call('GET', `${API}/panel/transit`, { token: t.admin, query: { shopId: String(shopId), mode: 'air' } }),
    );
    expect(late.carriers.find((c) => c.carrier === 'DHL')?.lateNow).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', `${API}/panel/costs`, { token: t.admin, query: { fromMonth: '2026-13' } })).statusCode).toBe(400);
  });
});

describe('permissions and the shop scope', () => {
  it('a page holder without the buttons is refused writes (403); without the panels’ pages, the panels', async () => {
    expect((await list({ keyword: 'T-LOGI-SH-A' }, pageOnly)).total).toBe(1);
    expect((await post(bill(ids.C), pageOnly)).statusCode).toBe(403);
    expect((await t.call('DELETE', `${API}/bills/1`, { token: pageOnly })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/panel/costs`, { token: pageOnly })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/panel/transit`, { token: pageOnly })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/shipments`)).statusCode).toBe(401);
  });

  it('an external account sees only its own shops’ shipments: others are 404 to read, bill, change or delete', async () => {
    for (const token of [t.as.shopA, t.as.shopB]) {
      const mine = await list({ pageSize: '200' }, token);
      expect(mine.list.filter((s) => s.code.startsWith('T-LOGI'))).toEqual([]);
      expect((await list({ shopId: String(shopId) }, token)).total).toBe(0);
    }
    expect((await t.call('GET', `${API}/shipments/${ids.A}`, { token: t.as.shopB })).statusCode).toBe(404);
    expect((await post(bill(ids.A, { billNo: 'T-EXT' }), t.as.shopB)).statusCode).toBe(404);
    const [a] = await t.rows<{ id: number }>(`SELECT id FROM logistics_bills WHERE shipment_id = $1 LIMIT 1`, [ids.A]);
    const put = await t.call('PUT', `${API}/bills/${a?.id}`, { token: t.as.shopB, body: { ...bill(ids.A), version: 1 } });
    expect(put.statusCode).toBe(404);
    expect((await t.call('DELETE', `${API}/bills/${a?.id}`, { token: t.as.shopB })).statusCode).toBe(404);
    const h = await t.call('GET', `/api/user/rest/v1/history/logistics_bill/${a?.id}`, { token: t.as.shopB });
    expect(h.statusCode).toBe(404);
    const panel = okDataOf<{ months: { shipments: number }[] }>(
      await t.call('GET', `${API}/panel/costs`, { token: t.as.shopB, query: { fromMonth: '2026-05', toMonth: '2026-06' } }),
    );
    expect(panel.months.reduce((n, m) => n + m.shipments, 0)).toBe(0);
  });
});

describe('the demo', () => {
  it('bills the demo shipments but the newest, some over their estimate', async () => {
    const demo = (await list({ keyword: 'FBA15DEMO', pageSize: '50', sortField: 'etd', sortOrder: 'asc' })).list;
    expect(demo.length).toBeGreaterThan(2);
    expect(demo.at(-1)?.bills).toBe(0);
    expect(demo.slice(0, -1).every((s) => s.bills > 0)).toBe(true);
    expect(demo.some((s) => (s.varianceUsd ?? 0) > 0)).toBe(true);
  });
});
