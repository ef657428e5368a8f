/** Permission-matrix rows of the costs area (modules/costs): unit costs, fees, materials, bills of materials. */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const COST_READ = '401 401 403 200 200 403 403 200 200';
const COST_WRITE = '401 401 403 403 200 403 403 200 200';
const PRODUCT_API = '/api/product/rest/v1';
/** A day unique per cell, for dated entries. */
const cellDay = (c: CellContext) => new Date(Date.UTC(2019, 0, 1) + c.n * 86_400_000).toISOString().slice(0, 10);
async function demoSku(c: CellContext): Promise<{ id: number }> {
  return one(c.pool, `SELECT sk.id FROM skus sk JOIN listings li ON li.sku_id = sk.id ORDER BY sk.id LIMIT 1`);
}
async function freshMaterial(c: CellContext): Promise<{ id: number; version: number }> {
  const m = await one(
    c.pool,
    `INSERT INTO materials (code, name, unit, category, currency) VALUES ($1, 'Matrix part', 'pcs', 'matrix', 'USD') RETURNING id, version`,
    [`MX-${c.n}`],
  );
  await c.pool.query(`INSERT INTO material_prices (material_id, effective_from, unit_price) VALUES ($1, '2018-01-01', 1.5)`, [
    m.id,
  ]);
  return m;
}
/** A SKU with a bill of materials of one priced USD material. */
async function bomSku(c: CellContext): Promise<{ id: number }> {
  const sku = await demoSku(c);
  const m = await freshMaterial(c);
  await c.pool.query(`INSERT INTO boms (sku_id) VALUES ($1) ON CONFLICT DO NOTHING`, [sku.id]);
  await c.pool.query(`INSERT INTO bom_items (sku_id, material_id, quantity) VALUES ($1, $2, 2) ON CONFLICT DO NOTHING`, [
    sku.id,
    m.id,
  ]);
  return sku;
}

/** The costs area's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
export const matrixRows = (): Record<string, Row> => ({
  'GET /api/product/rest/v1/costs': { request: () => ({ url: `${PRODUCT_API}/costs` }), expect: COST_READ },
  'GET /api/product/rest/v1/costs/excel': { request: () => ({ url: `${PRODUCT_API}/costs/excel` }), expect: COST_WRITE },
  'GET /api/product/rest/v1/costs/template': { request: () => ({ url: `${PRODUCT_API}/costs/template` }), expect: COST_READ },
  'GET /api/product/rest/v1/costs/:skuId': {
    request: async (c) => ({ url: `${PRODUCT_API}/costs/${(await demoSku(c)).id}` }),
    expect: COST_READ,
  },
  'POST /api/product/rest/v1/costs': {
    request: async (c) => ({
      url: `${PRODUCT_API}/costs`,
      body: { skuId: (await demoSku(c)).id, effectiveFrom: cellDay(c), unitCost: 3.5 },
    }),
    expect: COST_WRITE,
  },
  'DELETE /api/product/rest/v1/costs/:skuId/:effectiveFrom': {
    request: async (c) => {
      const sku = await demoSku(c);
      await c.pool.query(`INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES ($1, $2, 2) ON CONFLICT DO NOTHING`, [
        sku.id,
        cellDay(c),
      ]);
      return { url: `${PRODUCT_API}/costs/${sku.id}/${cellDay(c)}` };
    },
    expect: COST_WRITE,
  },
  'GET /api/product/rest/v1/fees': { request: () => ({ url: `${PRODUCT_API}/fees` }), expect: COST_READ },
  'GET /api/product/rest/v1/fees/excel': { request: () => ({ url: `${PRODUCT_API}/fees/excel` }), expect: COST_WRITE },
  'GET /api/product/rest/v1/fees/template': { request: () => ({ url: `${PRODUCT_API}/fees/template` }), expect: COST_READ },
  'GET /api/product/rest/v1/fees/:skuId/:marketId': {
    request: async (c) => ({ url: `${PRODUCT_API}/fees/${(await demoSku(c)).id}/0` }),
    expect: COST_READ,
  },
  'POST /api/product/rest/v1/fees': {
    request: async (c) => ({
      url: `${PRODUCT_API}/fees`,
      body: { skuId: (await demoSku(c)).id, marketId: 0, effectiveFrom: cellDay(c), referralRate: 0.15, fbaFee: 4 },
    }),
    expect: COST_WRITE,
  },
  'DELETE /api/product/rest/v1/fees/:skuId/:marketId/:effectiveFrom': {
    request: async (c) => {
      const sku = await demoSku(c);
      await c.pool.query(
        `INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee) VALUES ($1, 0, $2, 0.1, 3) ON CONFLICT DO NOTHING`,
        [sku.id, cellDay(c)],
      );
      return { url: `${PRODUCT_API}/fees/${sku.id}/0/${cellDay(c)}` };
    },
    expect: COST_WRITE,
  },
  'GET /api/product/rest/v1/materials': { request: () => ({ url: `${PRODUCT_API}/materials` }), expect: COST_READ },
  'GET /api/product/rest/v1/materials/options': {
    request: () => ({ url: `${PRODUCT_API}/materials/options` }),
    expect: COST_READ,
  },
  'GET /api/product/rest/v1/materials/excel': { request: () => ({ url: `${PRODUCT_API}/materials/excel` }), expect: COST_WRITE },
  'GET /api/product/rest/v1/materials/template': {
    request: () => ({ url: `${PRODUCT_API}/materials/template` }),
    expect: COST_READ,
  },
  'GET /api/product/rest/v1/materials/:id': {
    request: async (c) => ({ url: `${PRODUCT_API}/materials/${(await freshMaterial(c)).id}` }),
    expect: COST_READ,
  },
  'POST /api/product/rest/v1/materials': {
    request: (c) => ({
      url: `${PRODUCT_API}/materials`,
      body: { code: `MN-${c.n}`, name: 'New part', unit: 'pcs', category: 'matrix', supplier: '', currency: 'CNY' },
    }),
    expect: COST_WRITE,
  },
  'PUT /api/product/rest/v1/materials/:id': {
    request: async (c) => {
      const m = await freshMaterial(c);
      return {
        url: `${PRODUCT_API}/materials/${m.id}`,
        body: {
          code: `MX-${c.n}`,
          name: 'Renamed',
          unit: 'm',
          category: 'matrix',
          supplier: 'S',
          currency: 'USD',
          version: m.version,
        },
      };
    },
    expect: COST_WRITE,
  },
  'POST /api/product/rest/v1/materials/:id/prices': {
    request: async (c) => ({
      url: `${PRODUCT_API}/materials/${(await freshMaterial(c)).id}/prices`,
      body: { effectiveFrom: '2026-01-01', unitPrice: 2.25 },
    }),
    expect: COST_WRITE,
  },
  'DELETE /api/product/rest/v1/materials/:id/prices/:effectiveFrom': {
    request: async (c) => ({ url: `${PRODUCT_API}/materials/${(await freshMaterial(c)).id}/prices/2018-01-01` }),
    expect: COST_WRITE,
  },
  'GET /api/product/rest/v1/boms': { request: () => ({ url: `${PRODUCT_API}/boms` }), expect: COST_READ },
  'GET /api/product/rest/v1/boms/excel': { request: () => ({ url: `${PRODUCT_API}/boms/excel` }), expect: COST_WRITE },
  'GET /api/product/rest/v1/boms/template': { request: () => ({ url: `${PRODUCT_API}/boms/template` }), expect: COST_READ },
  'GET /api/product/rest/v1/boms/:skuId': {
    request: async (c) => ({ url: `${PRODUCT_API}/boms/${(await bomSku(c)).id}` }),
    expect: COST_READ,
  },
  'POST /api/product/rest/v1/boms/:skuId/apply': {
    request: async (c) => ({ url: `${PRODUCT_API}/boms/${(await bomSku(c)).id}/apply`, body: { effectiveFrom: cellDay(c) } }),
    expect: COST_WRITE,
  },
});
