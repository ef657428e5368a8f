/**
 * The FBA capacity cap (docs/inventory.md "FBA capacity"): the sharing of a marketplace's room by
 * hand (limit 1,000, 600 held, two red SKUs advised 300 and 250 → 300 and 100 capped), the held
 * figure against the positions and the confirmed plans in SQL, the advice list capped the same
 * whatever the filters, and a confirm over the room left refused with the figures.
 */
import type { AdviceRow } from '@bo/contract/inventory/replenish';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';
import { capAdvice, type MarketCapacity, marketCapacity, withCap } from './fba-capacity';
import { DEMO_CAPACITY_ROOM } from './fba-capacity.seed';

const t = testAppPerFile({ admin: true, setUpTimeoutMs: 120_000 });
const RGL = '/api/sales/rest/v2/redGreenLine';
const API = '/api/inventory/rest/v1';

const row = (sku: string, over: Partial<AdviceRow> = {}): AdviceRow =>
  ({
    shopId: 1,
    shopName: 'Lumio US',
    marketId: 0,
    warehouseId: 1,
    warehouseCode: 'FBA-US',
    warehouseKind: 'fba',
    listingId: sku.charCodeAt(0),
    sku,
    state: 'red',
    daysOfCover: 5,
    unitsPerCarton: 50,
    adviceUnits: 0,
    cartons: 0,
    uncappedUnits: 0,
    capped: false,
    capacityLimit: null,
    ...over,
  }) as AdviceRow;
const cap = (limit: number, held: number) => new Map<number, MarketCapacity>([[0, { marketId: 0, limit, held }]]);

describe('sharing the room, by hand', () => {
  it('limit 1,000, 600 held: two red SKUs advised 300 and 250 get 300 and 100 (capped)', () => {
    const a = row('A', { adviceUnits: 300, daysOfCover: 3 });
    const b = row('B', { adviceUnits: 250, daysOfCover: 8 });
    const c = capAdvice([b, a], cap(1000, 600));
    expect(c.size).toBe(1);
    const [ra, rb] = [withCap(a, c, cap(1000, 600)), withCap(b, c, cap(1000, 600))];
    expect(ra).toMatchObject({ adviceUnits: 300, capped: false, capacityLimit: 1000 });
    expect(rb).toMatchObject({ adviceUnits: 100, cartons: 2, uncappedUnits: 250, capped: true, capacityLimit: 1000 });
  });

  it('red before amber whatever the cover; earliest stock-out first; whole cartons; no room, nothing', () => {
    const amber = row('A', { state: 'amber', daysOfCover: 1, adviceUnits: 200 });
    const late = row('L', { daysOfCover: 30, adviceUnits: 200, unitsPerCarton: 12 });
    const soon = row('S', { daysOfCover: 2, adviceUnits: 200 });
    // Room 300: S 200, L 100 → 96 (8 cartons of 12), A 0.
    const c = capAdvice([amber, late, soon], cap(1000, 700));
    expect(c.get('1|1|83')).toBeUndefined(); // S ('S' = 83) in full
    expect(c.get('1|1|76')).toEqual({ units: 96, limit: 1000 }); // L
    expect(c.get('1|1|65')).toEqual({ units: 0, limit: 1000 }); // A
    // Held over the limit: no room at all.
    expect(capAdvice([soon], cap(1000, 1200)).get('1|1|83')).toEqual({ units: 0, limit: 1000 });
    // Another marketplace, a warehouse other than FBA, or no limit: untouched.
    expect(capAdvice([row('X', { marketId: 1, adviceUnits: 500 })], cap(100, 0)).size).toBe(0);
    expect(capAdvice([row('Y', { warehouseKind: '3pl', adviceUnits: 500 })], cap(100, 0)).size).toBe(0);
  });
});

let marketId = 0;
let shopId = 0;
let warehouseId = 0;
let limitBefore: number | null = null;

beforeAll(async () => {
  [{ id: shopId }] = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Lumio US'`)) as [{ id: number }];
  [{ id: warehouseId, market_id: marketId }] = (await t.rows<{ id: number; market_id: number }>(
    `SELECT id, market_id FROM inventory_warehouses WHERE code = 'FBA-US'`,
  )) as [{ id: number; market_id: number }];
  limitBefore =
    (
      await t.rows<{ fba_capacity_units: number | null }>(
        `SELECT fba_capacity_units FROM logistics_shipment_settings WHERE market_id = $1`,
        [marketId],
      )
    )[0]?.fba_capacity_units ?? null;
});
afterAll(async () => {
  await t.rows(`UPDATE logistics_shipment_settings SET fba_capacity_units = $2 WHERE market_id = $1`, [marketId, limitBefore]);
});

const held = async () =>
  Number(
    (
      await t.rows<{ n: string }>(
        `SELECT (SELECT coalesce(sum(p.fulfillable + p.reserved + p.inbound_working + p.inbound_shipped + p.inbound_receiving), 0)
                   FROM inventory_positions p JOIN inventory_warehouses w ON w.id = p.warehouse_id AND w.kind = 'fba' AND w.market_id = $1
                  WHERE p.day = (SELECT max(day) FROM inventory_positions q WHERE q.shop_id = p.shop_id AND q.warehouse_id = p.warehouse_id))
              + (SELECT coalesce(sum(l.cartons * l.units_per_carton), 0) FROM shipment_plans sp JOIN shipment_plan_lines l ON l.plan_id = sp.id
                   JOIN inventory_warehouses w ON w.id = sp.warehouse_id AND w.kind = 'fba' AND w.market_id = $1
                  WHERE sp.state IN ('confirmed', 'batched')) AS n`,
        [marketId],
      )
    )[0]?.n,
  );
const setLimit = (n: number | null) =>
  t.rows(`UPDATE logistics_shipment_settings SET fba_capacity_units = $2 WHERE market_id = $1`, [marketId, n]);
const list = async (query: Record<string, string> = {}) => {
  const res = await t.call('GET', `${RGL}/getAdviceList`, { token: t.admin, query: { pageSize: '500', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ list: AdviceRow[] }>(res).list;
};

describe('on the demo', () => {
  it('sizes the demo limit to the demo stock: room for the most urgent advice, the later rows capped', async () => {
    const c = (await marketCapacity(t.database.db, [marketId])).get(marketId) as MarketCapacity;
    expect(c.held).toBe(await held());
    expect(c.limit).toBe(Math.max(Number(limitBefore), Math.ceil((c.held * (1 + DEMO_CAPACITY_ROOM)) / 1000) * 1000));
    expect(c.limit).toBeGreaterThan(c.held);
    const advised = (await list({ marketId: String(marketId) })).filter((r) => r.uncappedUnits > 0 && r.warehouseKind === 'fba');
    expect(advised.filter((r) => !r.capped).length).toBeGreaterThan(0);
    expect(advised.filter((r) => r.capped).length).toBeGreaterThan(0);
    expect(advised.reduce((a, r) => a + r.adviceUnits, 0)).toBeLessThanOrEqual(c.limit - c.held);
  });

  it('held = on hand + inbound of the latest FBA positions of the marketplace + confirmed plans not shipped', async () => {
    await setLimit(1_000_000);
    const c = (await marketCapacity(t.database.db, [marketId])).get(marketId);
    expect(c).toEqual({ marketId, limit: 1_000_000, held: await held() });
    await setLimit(null);
    expect((await marketCapacity(t.database.db, [marketId])).has(marketId)).toBe(false);
  });

  it('caps the list in order of urgency within the room, the same whatever the filters', async () => {
    await setLimit(null);
    const free = (await list({ marketId: String(marketId) })).filter((r) => r.adviceUnits > 0 && r.warehouseKind === 'fba');
    expect(free.length).toBeGreaterThan(2);
    expect(free.every((r) => !r.capped && r.capacityLimit === null)).toBe(true);
    // Room for about half of the advice.
    const wanted = free.reduce((a, r) => a + r.adviceUnits, 0);
    const h = await held();
    await setLimit(h + Math.floor(wanted / 2));
    const rows = await list({ marketId: String(marketId) });
    const advised = rows.filter((r) => r.uncappedUnits > 0 && r.warehouseKind === 'fba');
    const total = advised.reduce((a, r) => a + r.adviceUnits, 0);
    expect(total).toBeLessThanOrEqual(Math.floor(wanted / 2));
    expect(advised.some((r) => r.capped)).toBe(true);
    expect(advised.every((r) => r.capacityLimit === h + Math.floor(wanted / 2))).toBe(true);
    // The most urgent row (the list's first: red, soonest stock-out) keeps its advice when the room allows it.
    const first = advised[0] as AdviceRow;
    if (first.uncappedUnits <= Math.floor(wanted / 2))
      expect(first).toMatchObject({ capped: false, adviceUnits: first.uncappedUnits });
    // A capped row's figures do not move when a filter narrows the list to it.
    const c = advised.find((r) => r.capped) as AdviceRow;
    const alone = (await list({ keyword: c.sku, shopId: String(c.shopId) })).find((r) => r.listingId === c.listingId);
    expect(alone).toMatchObject({ adviceUnits: c.adviceUnits, capped: true, uncappedUnits: c.uncappedUnits });
    // And the drawer's row too.
    const one = await t.call('GET', `${RGL}/getRedGreenLine`, {
      token: t.admin,
      query: { shopId: String(c.shopId), listingId: String(c.listingId) },
    });
    expect(dataOf<{ row: AdviceRow }>(one).row).toMatchObject({ adviceUnits: c.adviceUnits, capped: true });
    await setLimit(null);
  });

  it('no room left: a plan from a capped-to-nothing row is refused, nothing made', async () => {
    const h = await held();
    await setLimit(h);
    const rows = (await list({ marketId: String(marketId) })).filter((r) => r.uncappedUnits > 0 && r.warehouseKind === 'fba');
    const r = rows[0] as AdviceRow;
    expect(r).toMatchObject({ adviceUnits: 0, capped: true });
    const plans = (await t.rows(`SELECT id FROM shipment_plans`)).length;
    const res = await t.call('POST', `${RGL}/createShipmentPlan`, {
      token: t.admin,
      body: { items: [{ shopId: r.shopId, listingId: r.listingId }] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toMatchObject({ reason: 'fbaCapacity', limit: h });
    expect(await t.rows(`SELECT id FROM shipment_plans`)).toHaveLength(plans);
    await setLimit(null);
  });

  it('confirming a plan over the room left answers 409 with the figures; within it, the plan then counts as held', async () => {
    const [{ sku }] = (await t.rows<{ sku: string }>(
      `SELECT sk.sku FROM listings li JOIN skus sk ON sk.id = li.sku_id WHERE li.shop_id = $1 ORDER BY sk.sku LIMIT 1`,
      [shopId],
    )) as [{ sku: string }];
    const plan = async (quantity: number) => {
      const res = await t.call('POST', `${API}/shipment-plans`, {
        token: t.admin,
        body: { shopId, warehouseId, mode: 'sea', lines: [{ sku, unitsPerCarton: 10, quantity }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; version: number };
    };
    const confirm = (p: { id: number; version: number }) =>
      t.call('POST', `${API}/shipment-plans/${p.id}/move`, { token: t.admin, body: { action: 'confirm', version: p.version } });
    const h = await held();
    await setLimit(h + 500);
    const big = await plan(600);
    const refused = await confirm(big);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toEqual({
      reason: 'fbaCapacity',
      marketId,
      limit: h + 500,
      held: h,
      remaining: 500,
      planUnits: 600,
    });
    expect((await t.rows<{ state: string }>(`SELECT state FROM shipment_plans WHERE id = $1`, [big.id]))[0]?.state).toBe('draft');
    const fits = await plan(300);
    expect((await confirm(fits)).statusCode).toBe(200);
    expect(await held()).toBe(h + 300);
    // 200 left now: a second plan of 300 no longer fits.
    const second = await plan(300);
    const again = await confirm(second);
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toMatchObject({ held: h + 300, remaining: 200, planUnits: 300 });
    // No limit: no check.
    await setLimit(null);
    expect((await confirm(second)).statusCode).toBe(200);
  });
});
