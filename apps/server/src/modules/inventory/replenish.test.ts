/**
 * Replenishment (docs/inventory.md "Replenishment"): the red-green arithmetic on cases computed by
 * hand; the list's figures against a direct computation from the positions, the forecasts and the
 * sales facts in SQL; red, amber and green all on the demo; EOL never advised; a plan from advice is
 * a draft in whole cartons, refused (nothing written) for EOL or unadvised rows; bad input 400.
 */
import {
  type AdviceRow,
  agedFeeOf,
  type DullRow,
  MM3_PER_CUFT,
  planReplenishment,
  type ReplenishInput,
} from '@bo/contract/inventory/replenish';
import { describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';
import { addDays, sigmaOf } from './replenish.service';

const t = testAppPerFile({ admin: true, setUpTimeoutMs: 120_000 });
const RGL = '/api/sales/rest/v2/redGreenLine';

const base: ReplenishInput = {
  onHand: 0,
  inboundWorking: 0,
  inboundShipped: 0,
  inboundReceiving: 0,
  arrivals: [],
  forecast: null,
  averageDaily: 10,
  sigma: 0,
  prepDays: 15,
  serviceLevel: '0.95',
  moq: 0,
  unitsPerCarton: 12,
  eol: false,
};

describe('the red-green line, by hand', () => {
  it('green: 10 a day, no variability, 1,000 on hand against a 50-day lead time (ROP 500)', () => {
    const a = planReplenishment({ ...base, onHand: 1000 });
    expect(a.leadTimeDays).toBe(50); // 15 prep + 35 sea
    expect(a.safetyStock).toBe(0);
    expect(a.reorderPoint).toBe(500);
    expect(a.daysOfCover).toBe(100);
    expect(a.state).toBe('green');
    expect(a.adviceUnits).toBe(0);
    // Ship by: the day the stock is down to SS (0 here: day 100) minus 35 days of sea; order by 15 days before.
    expect(a.shipInDays).toBe(65);
    expect(a.orderInDays).toBe(50);
  });

  it('amber: 540 on hand, σ 4 at 95 %: SS = 1.6449 × 4 × √50 = 46.5, ROP 547; advice up to 80 days + SS', () => {
    const a = planReplenishment({ ...base, onHand: 540, sigma: 4 });
    expect(a.safetyStock).toBe(47); // ceil(46.52)
    expect(a.reorderPoint).toBe(547); // ceil(546.52)
    expect(a.daysOfCover).toBe(54); // > 50: not red
    expect(a.state).toBe('amber');
    // S = 10 × (50 + 30) + 46.52 = 846.52; need 306.52 → 307 → 26 cartons of 12 = 312.
    expect(a.adviceUnits).toBe(312);
    expect(a.cartons).toBe(26);
    expect(a.mode).toBe('sea');
  });

  it('red: stock-out within the lead time goes by air (15 + 10 days), MOQ first, then cartons', () => {
    const a = planReplenishment({ ...base, onHand: 100, moq: 500 });
    expect(a.daysOfCover).toBe(10);
    expect(a.state).toBe('red');
    expect(a.mode).toBe('air');
    expect(a.leadTimeDays).toBe(25);
    // S = 10 × (25 + 30) = 550; need 450 < MOQ 500 → 500 → 42 cartons = 504.
    expect(a.adviceUnits).toBe(504);
    expect(a.cartons).toBe(42);
    // Out (SS 0) on day 10, minus 10 days by air: ship today; order 15 days ago (overdue).
    expect(a.shipInDays).toBe(0);
    expect(a.orderInDays).toBe(-15);
  });

  it('inbound arrives when expected: our shipment at its ETA, receiving in 3 days, the rest of shipped in 14', () => {
    const a = planReplenishment({
      ...base,
      onHand: 25,
      inboundReceiving: 30,
      inboundShipped: 100,
      arrivals: [{ inDays: 20, units: 60 }],
    });
    expect(a.arrivals[2]).toBe(30);
    expect(a.arrivals[13]).toBe(40);
    expect(a.arrivals[19]).toBe(60);
    expect(a.position).toBe(155);
    // 25 → 15 after day 1, 5 after day 2, +30 −10 = 25 on day 3, 15, 5, out on day 6; +40 on day 14 lasts 4 days.
    expect(a.projected.slice(0, 7)).toEqual([15, 5, 25, 15, 5, 0, 0]);
    expect(a.projected.slice(13, 18)).toEqual([30, 20, 10, 0, 0]);
    expect(a.daysOfCover).toBe(6);
    expect(a.state).toBe('red');
  });

  it('EOL is never advised, whatever its state; the forecast beats the average when given', () => {
    expect(planReplenishment({ ...base, onHand: 5, eol: true })).toMatchObject({ state: 'red', adviceUnits: 0, cartons: 0 });
    const f = planReplenishment({ ...base, onHand: 100, forecast: Array.from({ length: 180 }, () => 2) });
    expect(f.dailyDemand).toBe(2);
    expect(f.daysOfCover).toBe(50);
  });

  it('σ of daily units counts days without sales as 0; days are calendar days', () => {
    // 56 days: 28 of 2 units, 28 of 0: mean 1, variance 1.
    expect(sigmaOf(56, 112)).toBeCloseTo(1, 10);
    expect(addDays('2026-11-28', 3)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

const list = async (query: Record<string, string> = {}) => {
  const res = await t.call('GET', `${RGL}/getAdviceList`, { token: t.admin, query: { pageSize: '200', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ list: AdviceRow[]; total: number; counts: Record<'red' | 'amber' | 'green', number> }>(res);
};

describe('the advice list on the demo', () => {
  it('shows red, amber and green rows; the state filter and the counts agree', async () => {
    const all = await list();
    expect(all.counts.red).toBeGreaterThan(0);
    expect(all.counts.amber).toBeGreaterThan(0);
    expect(all.counts.green).toBeGreaterThan(0);
    expect(all.total).toBe(all.counts.red + all.counts.amber + all.counts.green);
    for (const state of ['red', 'amber', 'green'] as const) {
      const one = await list({ state });
      expect(one.total).toBe(all.counts[state]);
      expect(one.list.every((r) => r.state === state)).toBe(true);
    }
    // Default order: red first, the soonest stock-out first within it.
    const first = all.list.slice(0, 5);
    expect(first.every((r) => r.state === 'red')).toBe(true);
    const sorted = await list({ sortField: 'adviceUnits', sortOrder: 'desc' });
    const units = sorted.list.map((r) => r.adviceUnits);
    expect(units).toEqual([...units].sort((a, b) => b - a));
  });

  it('figures equal a direct computation from the positions, the forecast and the sales facts', async () => {
    const rows = (await list({ state: 'amber' })).list.slice(0, 3).concat((await list({ state: 'red' })).list.slice(0, 3));
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      const [d] = await t.rows<Record<string, number>>(
        `SELECT p.fulfillable + greatest(0, p.reserved - coalesce((SELECT sum(r.in_process) FROM inventory_removal_lines r
                  WHERE r.shop_id = p.shop_id AND r.sku = p.sku), 0)) AS on_hand, p.inbound_working + p.inbound_shipped + p.inbound_receiving AS inbound,
                (SELECT sum(x) FROM unnest(f.daily[(p.day - f.origin + 2):(p.day - f.origin + 31)]) x) AS next30,
                (SELECT stddev_pop(coalesce(u.units, 0)) FROM generate_series(p.day - 55, p.day, interval '1 day') g
                   LEFT JOIN sales_facts u ON u.listing_id = p.listing_id AND u.day = g::date) AS sigma
           FROM inventory_positions p JOIN forecast_listings f ON f.listing_id = p.listing_id
          WHERE p.shop_id = $1 AND p.listing_id = $2 AND p.warehouse_id = $3 AND p.day = $4`,
        [r.shopId, r.listingId, r.warehouseId, r.day],
      );
      if (!d) {
        expect(r.demandSource).toBe('average');
        continue;
      }
      expect(r.demandSource).toBe('forecast');
      expect(r.fulfillable + r.reserved).toBe(Number(d.on_hand));
      expect(r.inbound).toBe(Number(d.inbound));
      expect(Math.abs(r.dailyDemand - Number(d.next30) / 30)).toBeLessThanOrEqual(0.051);
      expect(Math.abs(r.sigma - Number(d.sigma))).toBeLessThanOrEqual(0.0051);
      // SS = z·σ·√L over the sea lead time; ROP = forecast over that lead time + SS.
      const seaLead = r.prepDays + 35;
      const [ropRow] = await t.rows<{ demand: number }>(
        `SELECT sum(x) AS demand FROM forecast_listings f, unnest(f.daily[($2::date - f.origin + 2):($2::date - f.origin + 1 + $3)]) x
          WHERE f.listing_id = $1`,
        [r.listingId, r.day, seaLead],
      );
      const ss = 1.6449 * Number(d.sigma) * Math.sqrt(seaLead);
      expect(Math.abs(r.safetyStock - Math.ceil(ss))).toBeLessThanOrEqual(1);
      expect(Math.abs(r.reorderPoint - Math.ceil(Number(ropRow?.demand) + ss))).toBeLessThanOrEqual(1);
      expect(r.adviceUnits % r.unitsPerCarton).toBe(0);
      expect(r.uncappedUnits % r.unitsPerCarton).toBe(0);
      // The advice before the FBA capacity cap (fba-capacity.test.ts); the cap only ever lowers it.
      if (r.state !== 'green' && !r.eol) expect(r.uncappedUnits).toBeGreaterThanOrEqual(100); // the default MOQ
      expect(r.adviceUnits).toBeLessThanOrEqual(r.uncappedUnits);
      if (!r.capped) expect(r.adviceUnits).toBe(r.uncappedUnits);
    }
  });

  it('EOL SKUs (product lifecycle or the forecast label) are never advised', async () => {
    const eol = (await list({ pageSize: '500' })).list.filter((r) => r.eol);
    expect(eol.length).toBeGreaterThan(0);
    expect(eol.every((r) => r.adviceUnits === 0)).toBe(true);
    const [label] = await t.rows<{ listing_id: number }>(`SELECT listing_id FROM forecast_labels WHERE type = 'eol'`);
    if (label) {
      const all = (await list({ pageSize: '500' })).list;
      for (const r of all.filter((x) => x.listingId === label.listing_id)) expect(r.eol).toBe(true);
    }
  });

  it('refuses bad input with 400', async () => {
    const bad: Record<string, string>[] = [
      { state: 'blue' },
      { serviceLevel: '0.5' },
      { unitsPerCarton: '0' },
      { sortField: 'nope' },
    ];
    for (const query of bad) {
      const res = await t.call('GET', `${RGL}/getAdviceList`, { token: t.admin, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('the chart projects 90 days; the advice lifts the line after its lead time', async () => {
    const [red] = (await list({ state: 'red' })).list.filter((r) => !r.eol && r.adviceUnits > 0);
    expect(red).toBeDefined();
    if (!red) return;
    const res = await t.call('GET', `${RGL}/getRedGreenLine`, {
      token: t.admin,
      query: { shopId: String(red.shopId), listingId: String(red.listingId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf<{ row: AdviceRow; days: { day: string; stock: number; withAdvice: number }[] }>(res);
    expect(data.row).toMatchObject({ sku: red.sku, state: 'red', adviceUnits: red.adviceUnits, mode: 'air' });
    expect(data.days).toHaveLength(90);
    expect(data.days[0]?.day).toBe(addDays(red.day, 1));
    const after = data.days[red.leadTimeDays - 1];
    expect((after?.withAdvice ?? 0) - (after?.stock ?? 0)).toBeGreaterThan(0);
  });
});

describe('plans from advice', () => {
  const count = async () => (await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM shipment_plans`))[0]?.n;

  it('one click: a draft per shop, destination and mode, in whole cartons', async () => {
    const rows = (await list({ state: 'amber' })).list.filter((r) => !r.eol && r.adviceUnits > 0).slice(0, 2);
    const red = (await list({ state: 'red' })).list.find((r) => !r.eol && r.adviceUnits > 0);
    expect(rows.length).toBeGreaterThan(0);
    const items = [...rows, ...(red ? [red] : [])].map((r) => ({ shopId: r.shopId, listingId: r.listingId }));
    const res = await t.call('POST', `${RGL}/createShipmentPlan`, { token: t.admin, body: { items } });
    expect(res.statusCode, res.body).toBe(200);
    const { plans } = dataOf<{ plans: { id: number; mode: string }[] }>(res);
    const groups = new Set([...rows, ...(red ? [red] : [])].map((r) => `${r.shopId}|${r.warehouseId}|${r.mode}`));
    expect(plans).toHaveLength(groups.size);
    for (const r of [...rows, ...(red ? [red] : [])]) {
      const [line] = await t.rows<{ state: string; mode: string; quantity: number; cartons: number; units_per_carton: number }>(
        `SELECT sp.state, sp.mode, l.cartons * l.units_per_carton AS quantity, l.cartons, l.units_per_carton
           FROM shipment_plan_lines l JOIN shipment_plans sp ON sp.id = l.plan_id
          WHERE sp.id = ANY($1) AND l.listing_id = $2`,
        [plans.map((p) => p.id), r.listingId],
      );
      expect(line).toMatchObject({ state: 'draft', mode: r.mode, units_per_carton: r.unitsPerCarton });
      expect(Number(line?.quantity)).toBe(r.adviceUnits);
    }
    if (red) expect(plans.some((p) => p.mode === 'air')).toBe(true);
  });

  it('an EOL row or a green row is refused and nothing is written', async () => {
    const all = (await list({ pageSize: '500' })).list;
    const eol = all.find((r) => r.eol);
    const green = all.find((r) => r.state === 'green' && !r.eol);
    const ok = all.find((r) => !r.eol && r.adviceUnits > 0);
    for (const bad of [eol, green]) {
      if (!bad || !ok) continue;
      const before = await count();
      const res = await t.call('POST', `${RGL}/createShipmentPlan`, {
        token: t.admin,
        body: { items: [ok, bad].map((r) => ({ shopId: r.shopId, listingId: r.listingId })) },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(await count()).toBe(before);
    }
    const empty = await t.call('POST', `${RGL}/createShipmentPlan`, { token: t.admin, body: { items: [] } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('/dullBoard', () => {
  type Dull = { list: DullRow[]; total: number };
  const dull = async (query: Record<string, string> = {}) => {
    const res = await t.call('GET', '/api/inventory/rest/v1/dull', { token: t.admin, query: { pageSize: '500', ...query } });
    expect(res.statusCode, res.body).toBe(200);
    return dataOf<Dull>(res);
  };

  it('lists cover over the threshold, no demand, or aged units; sorted by the aged fee', async () => {
    const d = await dull();
    expect(d.total).toBeGreaterThan(0);
    for (const r of d.list)
      expect(r.aged > 0 || r.daysOfCover === null || r.daysOfCover > 120, `${r.sku} ${r.daysOfCover} ${r.aged}`).toBe(true);
    const fees = d.list.map((r) => r.agedFee).filter((x): x is number => x !== null);
    expect(fees).toEqual([...fees].sort((a, b) => b - a));
    // A lower threshold only adds rows.
    expect((await dull({ coverDays: '30' })).total).toBeGreaterThanOrEqual(d.total);
  });

  it('the aged fee is the surcharge per cubic foot × the package volume, by hand', async () => {
    expect(agedFeeOf({ age181To270: 10, age271To365: 0, age365Plus: 0 }, MM3_PER_CUFT)).toBe(10);
    expect(agedFeeOf({ age181To270: 0, age271To365: 2, age365Plus: 1 }, MM3_PER_CUFT / 2)).toBe(9.13); // (11.36 + 6.9) / 2
    expect(agedFeeOf({ age181To270: 5, age271To365: 0, age365Plus: 0 }, null)).toBeNull();
    const row = (await dull({ sortField: 'agedFee' })).list.find((r) => r.agedFee !== null && r.aged > 0);
    if (!row) return;
    const [v] = await t.rows<{ mm3: number }>(
      `SELECT mi.package_length_mm * mi.package_width_mm * mi.package_height_mm AS mm3
         FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN product_model_info mi ON mi.product_id = sk.product_id WHERE li.id = $1`,
      [row.listingId],
    );
    expect(row.agedFee).toBeCloseTo(agedFeeOf(row, Number(v?.mm3)) ?? -1, 1);
  });
});
