/**
 * The calculator through the API on hand-computed cases: the shipment from typed units or whole
 * cartons, each valid card's cost cheapest first (inactive carriers and cards out of date left
 * out), a model's package from /modelInfo, the FBA tier and landed cost per unit on the demo cards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';

const API = '/api/logistics/rest/v1';
const t = testAppPerFile({ admin: true });

interface Reply {
  shipment: { units: number; cartons: number | null; actualKg: number; cbm: number };
  quotes: {
    carrierCode: string;
    mode: string;
    basis: string;
    chargeableKg: number;
    freight: number;
    fuel: number;
    total: number;
    perUnit: number;
    landedPerUnit: number | null;
  }[];
  fba: { tier: string; fee: number | null; feeUsd: number | null } | null;
  unit: { source: string; model: string | null; sidesCm: number[]; weightKg: number };
}

const calc = async (query: Record<string, string>, token = t.admin) => {
  const res = await t.call('GET', `${API}/calc`, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<Reply>(res);
};

// 100 units of 20 x 15 x 5 cm at 0.4 kg: 40 kg, 0.15 CBM (25 kg volumetric at 6000).
const typed = { lengthCm: '20', widthCm: '15', heightCm: '5', weightKg: '0.4', units: '100' };

describe('the shipping cost calculator', () => {
  beforeAll(async () => {
    const carrier = async (code: string, modes: string, active = true) =>
      (
        await t.rows<{ id: number }>(
          `INSERT INTO logistics_carriers (code, name, modes, active) VALUES ($1, $1, $2::text[], $3) RETURNING id`,
          [code, modes, active],
        )
      )[0]?.id;
    const sea = await carrier('C-SEA', '{sea,air}');
    const off = await carrier('C-OFF', '{air}', false);
    const cards: [unknown, string, number | null, number | null, number, number, string, string | null][] = [
      // AU (9): no demo cards there.
      [sea, 'sea', 1.0, 200, 50, 5, '2026-01-01', null],
      [sea, 'air', 4.0, null, 0, 0, '2026-01-01', null],
      [off, 'air', 0.5, null, 0, 0, '2026-01-01', null],
      [sea, 'air', 0.1, null, 0, 0, '2025-01-01', '2025-12-31'],
    ];
    for (const [id, mode, kg, cbm, min, fuel, from, to] of cards)
      await t.rows(
        `INSERT INTO logistics_rate_cards (carrier_id, mode, market_id, price_per_kg, price_per_cbm, min_charge, fuel_surcharge_pct,
                transit_days, valid_from, valid_to) VALUES ($1, $2, 9, $3, $4, $5, $6, 20, $7, $8)`,
        [id, mode, kg, cbm, min, fuel, from, to],
      );
  });

  it('prices typed units on every valid card, cheapest first', async () => {
    const r = await calc({ ...typed, marketId: '9', on: '2026-03-01' });
    expect(r.shipment).toEqual({ units: 100, cartons: null, actualKg: 40, cbm: 0.15 });
    // Sea: 40 kg x 1.00 = 40 over 0.15 CBM x 200 = 30, under the minimum 50; fuel 5 % → 52.50.
    // Air: 40 kg x 4.00 = 160. The inactive carrier and the 2025 card are left out. AU has no FBA table.
    expect(r.quotes.map((q) => [q.carrierCode, q.mode, q.basis, q.total])).toEqual([
      ['C-SEA', 'sea', 'min', 52.5],
      ['C-SEA', 'air', 'kg', 160],
    ]);
    expect(r.quotes[0]).toMatchObject({ freight: 50, fuel: 2.5, perUnit: 0.525, landedPerUnit: null });
    expect(r.fba).toBeNull();
    // On a 2025 day only the old card was valid.
    expect((await calc({ ...typed, marketId: '9', on: '2025-06-01' })).quotes.map((q) => q.total)).toEqual([4]);
  });

  it('ships whole cartons when a carton is given', async () => {
    // 100 units at 30 a carton: 4 cartons of 40 x 30 x 30 cm at 13 kg → 52 kg, 0.144 CBM (24 kg by air).
    const r = await calc({
      ...typed,
      marketId: '9',
      on: '2026-03-01',
      unitsPerCarton: '30',
      cartonLengthCm: '40',
      cartonWidthCm: '30',
      cartonHeightCm: '30',
      cartonWeightKg: '13',
    });
    expect(r.shipment).toEqual({ units: 100, cartons: 4, actualKg: 52, cbm: 0.144 });
    expect(r.quotes.find((q) => q.mode === 'air')).toMatchObject({ chargeableKg: 52, total: 208 });
  });

  it('gives the US size tier and the landed cost per unit on the demo cards', async () => {
    const r = await calc({ ...typed, marketId: '0', on: '2026-03-01' });
    // 7.87 x 5.91 x 1.97 in, 0.88 lb: large standard, 12–16 oz → 4.55 USD.
    expect(r.fba).toMatchObject({ tier: 'us-large-standard', fee: 4.55, feeUsd: 4.55 });
    // Skybridge air to the US: 40 kg x 5.20 = 208 + 8 % fuel = 224.64 → 2.2464 a unit + 4.55.
    const air = r.quotes.find((q) => q.carrierCode === 'AIR-FBA');
    expect(air).toMatchObject({ total: 224.64, perUnit: 2.2464, landedPerUnit: 6.8 });
    const totals = r.quotes.map((q) => q.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    // The superseded 2025 sea card is not among them: one sea quote.
    expect(r.quotes.filter((q) => q.carrierCode === 'SEA-FBA')).toHaveLength(1);
  });

  it('takes a model’s package from model info, and refuses what it cannot size', async () => {
    const [m] = await t.rows<{ product_id: number; model: string; l: string; g: string }>(
      `SELECT product_id, p.model, package_length_mm::text AS l, gross_weight_g::text AS g
         FROM product_model_info mi JOIN products p ON p.id = mi.product_id ORDER BY product_id LIMIT 1`,
    );
    expect(m).toBeDefined();
    const r = await calc({ productId: String(m?.product_id), units: '10', marketId: '1' });
    expect(r.unit).toMatchObject({ source: 'model', model: m?.model, weightKg: Number(m?.g) / 1000 });
    expect(r.unit.sidesCm[0]).toBeCloseTo(Number(m?.l) / 10, 2);
    expect(r.fba?.tier.startsWith('eu-')).toBe(true);

    const none = await t.call('GET', `${API}/calc`, { token: t.admin, query: { units: '10' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().data.fields[0]).toMatchObject({ path: 'lengthCm', code: 'logistics.sizeRequired' });
    const [bare] = await t.rows<{ id: number }>(
      `SELECT id FROM products WHERE id NOT IN (SELECT product_id FROM product_model_info) ORDER BY id LIMIT 1`,
    );
    if (bare) {
      const missing = await t.call('GET', `${API}/calc`, { token: t.admin, query: { productId: String(bare.id) } });
      expect(missing.json().data.fields[0]).toMatchObject({ path: 'productId', code: 'logistics.noModelInfo' });
    }
    const models = dataOf<{ model: string }[]>(
      await t.call('GET', `${API}/calc/models`, { token: t.admin, query: { keyword: m?.model ?? '' } }),
    );
    expect(models.map((x) => x.model)).toContain(m?.model);
    expect((await t.call('GET', `${API}/calc`, { token: await t.login('sales.manager'), query: typed })).statusCode).toBe(403);
  });
});
