/**
 * Permission-matrix rows of the sales area (modules/sales): profit lists, the dashboard, the
 * sales data screens (the shop accounts read their own shops), and the sales basis (rates,
 * teams, marketplaces: company master data the shop accounts are refused).
 */
import { LOGIN_ONLY, lumioListing, one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const SALES_READ = '401 401 403 200 200 200 200 200 200';
const SALES_EXPORT = '401 401 403 403 200 200 200 200 200';
const SALES_API = '/api/sales/rest/v1';
const salesRead = (path: string, query: Record<string, string> = {}): Row => ({
  request: () => ({ url: `${SALES_API}/${path}`, query }),
  expect: SALES_READ,
});

const BASIS_READ = '401 401 403 200 200 403 403 200 200';
const BASIS_WRITE = '401 401 403 403 200 403 403 200 200';
/** A day within the rate editor's reach, distinct per cell (yesterday and up to 59 days before). */
const basisDay = (c: CellContext) => new Date(Date.now() - (1 + (c.n % 60)) * 86_400_000).toISOString().slice(0, 10);
/** A sales team without lines, fresh per cell. */
async function freshTeam(c: CellContext) {
  return one(c.pool, `INSERT INTO sales_teams (name) VALUES ($1) RETURNING id`, [`matrix team ${c.n} fresh`]);
}

/** The sales area's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
export const matrixRows = (): Record<string, Row> => ({
  // A picker's read of SKU names: everyone signed in, each in their own shops (the shop canary covers it).
  'GET /api/sales/rest/v1/skuBoard/skuNameList': {
    request: () => ({ url: `${SALES_API}/skuBoard/skuNameList` }),
    expect: LOGIN_ONLY,
  },
  'GET /api/sales/rest/v1/listings/sku/sales_profit': salesRead('listings/sku/sales_profit'),
  'GET /api/sales/rest/v1/listings/shop/sales_profit': salesRead('listings/shop/sales_profit'),
  'GET /api/sales/rest/v1/listings/product_lines/sales_profit': salesRead('listings/product_lines/sales_profit'),
  'GET /api/sales/rest/v1/listings/sale_director/sales_profit': salesRead('listings/sale_director/sales_profit'),
  'GET /api/sales/rest/v1/listings/sku/sku-exist-fee': salesRead('listings/sku/sku-exist-fee'),
  'GET /api/sales/rest/v1/sales/team/names': { request: () => ({ url: `${SALES_API}/sales/team/names` }), expect: LOGIN_ONLY },
  'GET /api/sales/rest/v1/sales_profit/quarter_list': salesRead('sales_profit/quarter_list'),
  'GET /api/sales/rest/v1/sales_profit/:dimension/excel': {
    request: () => ({ url: `${SALES_API}/sales_profit/sku/excel` }),
    expect: SALES_EXPORT,
  },
  'GET /api/sales/rest/v1/ts-report/cost-induction-list': salesRead('ts-report/cost-induction-list'),
  'POST /api/sales/rest/v1/ts-report/cost-induction': {
    request: async (c) => {
      const l = await lumioListing(c);
      return {
        url: `${SALES_API}/ts-report/cost-induction`,
        body: { shopId: l.shopId, asin: l.asin, costDate: '2026-01-15', category: 'other', amount: 1.5 },
      };
    },
    expect: '401 401 403 403 200 403 403 200 200',
  },
  'POST /api/sales/rest/v1/ts-report/asin-verify': {
    request: () => ({ url: `${SALES_API}/ts-report/asin-verify`, body: { asins: ['B0TEST0001'] } }),
    expect: SALES_READ,
  },
  'GET /api/sales/rest/v1/ts-report/export': { request: () => ({ url: `${SALES_API}/ts-report/export` }), expect: SALES_EXPORT },
  'GET /api/sales/rest/v1/dashboard/kpis': salesRead('dashboard/kpis'),
  'GET /api/sales/rest/v1/dashboard/trend': salesRead('dashboard/trend', { granularity: 'week' }),
  'GET /api/sales/rest/v1/dashboard/markets': salesRead('dashboard/markets'),
  'GET /api/sales/rest/v1/dashboard/skus': salesRead('dashboard/skus', { order: 'bottom' }),
  'GET /api/sales/rest/v1/dashboard/panels': salesRead('dashboard/panels'),
  'PUT /api/sales/rest/v1/dashboard/panels': {
    request: () => ({ url: `${SALES_API}/dashboard/panels`, body: { trend: true } }),
    expect: SALES_READ,
  },

  // ---- salesBasis: /salesBasisInfo (company master data: shop accounts are refused) ----
  'GET /api/sales/rest/v1/exchange-rates': { request: () => ({ url: `${SALES_API}/exchange-rates` }), expect: BASIS_READ },
  'GET /api/sales/rest/v1/exchange-rates/excel': {
    request: () => ({ url: `${SALES_API}/exchange-rates/excel`, query: { currency: 'EUR' } }),
    expect: BASIS_WRITE,
  },
  'GET /api/sales/rest/v1/exchange-rates/:currency': {
    request: () => ({ url: `${SALES_API}/exchange-rates/EUR` }),
    expect: BASIS_READ,
  },
  'GET /api/sales/rest/v1/exchange-rates/:currency/series': {
    request: () => ({ url: `${SALES_API}/exchange-rates/EUR/series` }),
    expect: BASIS_READ,
  },
  'POST /api/sales/rest/v1/exchange-rates': {
    request: async (c) => {
      const day = basisDay(c);
      await c.pool.query(`DELETE FROM exchange_rates WHERE currency = 'SGD' AND day = $1`, [day]);
      return { url: `${SALES_API}/exchange-rates`, body: { currency: 'SGD', effectiveFrom: day, rate: 0.74 } };
    },
    expect: BASIS_WRITE,
  },
  'PUT /api/sales/rest/v1/exchange-rates/:currency/:effectiveFrom': {
    request: async (c) => {
      const day = basisDay(c);
      const e = await one(
        c.pool,
        `INSERT INTO exchange_rates (currency, day, rate) VALUES ('CAD', $1, 0.73) ON CONFLICT (currency, day) DO UPDATE SET rate = 0.73 RETURNING version`,
        [day],
      );
      return { url: `${SALES_API}/exchange-rates/CAD/${day}`, body: { rate: 0.72, version: e.version } };
    },
    expect: BASIS_WRITE,
  },
  'DELETE /api/sales/rest/v1/exchange-rates/:currency/:effectiveFrom': {
    request: async (c) => {
      const day = basisDay(c);
      await c.pool.query(`INSERT INTO exchange_rates (currency, day, rate) VALUES ('AUD', $1, 0.66) ON CONFLICT DO NOTHING`, [
        day,
      ]);
      return { url: `${SALES_API}/exchange-rates/AUD/${day}` };
    },
    expect: BASIS_WRITE,
  },
  'GET /api/sales/rest/v1/sales/teams': { request: () => ({ url: `${SALES_API}/sales/teams` }), expect: BASIS_READ },
  'GET /api/sales/rest/v1/sales/teams/product-lines': {
    request: () => ({ url: `${SALES_API}/sales/teams/product-lines` }),
    expect: BASIS_READ,
  },
  'GET /api/sales/rest/v1/sales/teams/excel': { request: () => ({ url: `${SALES_API}/sales/teams/excel` }), expect: BASIS_WRITE },
  'POST /api/sales/rest/v1/sales/teams': {
    request: (c) => ({
      url: `${SALES_API}/sales/teams`,
      body: { name: `matrix team ${c.n}`, directorId: null, productLineIds: [] },
    }),
    expect: BASIS_WRITE,
  },
  'PUT /api/sales/rest/v1/sales/teams/:id': {
    request: async (c) => ({
      url: `${SALES_API}/sales/teams/${(await freshTeam(c)).id}`,
      body: { name: `matrix team ${c.n} renamed`, directorId: null, productLineIds: [], version: 1 },
    }),
    expect: BASIS_WRITE,
  },
  'DELETE /api/sales/rest/v1/sales/teams/:id': {
    request: async (c) => ({ url: `${SALES_API}/sales/teams/${(await freshTeam(c)).id}` }),
    expect: BASIS_WRITE,
  },
  'GET /api/sales/rest/v1/marketplaces': { request: () => ({ url: `${SALES_API}/marketplaces` }), expect: BASIS_READ },
  // salesData: /salesData, /salesDataGroup, /salesDataAnalysis (read-only, their exports need the button).
  'GET /api/sales/rest/v1/sales-data/series': salesRead('sales-data/series', { granularity: 'week' }),
  'GET /api/sales/rest/v1/sales-data/series/excel': {
    request: () => ({ url: `${SALES_API}/sales-data/series/excel`, query: { rows: 'shop', granularity: 'week' } }),
    expect: SALES_EXPORT,
  },
  'GET /api/sales/rest/v1/sales-data/groups': salesRead('sales-data/groups', { groupBy: 'shop', thenBy: 'lifecycle' }),
  'GET /api/sales/rest/v1/sales-data/groups/excel': {
    request: () => ({ url: `${SALES_API}/sales-data/groups/excel`, query: { groupBy: 'market' } }),
    expect: SALES_EXPORT,
  },
  'GET /api/sales/rest/v1/sales-data/analysis': salesRead('sales-data/analysis', { dimension: 'shop', compare: 'yoy' }),
  'GET /api/sales/rest/v1/sales-data/analysis/excel': {
    request: () => ({ url: `${SALES_API}/sales-data/analysis/excel`, query: { dimension: 'market' } }),
    expect: SALES_EXPORT,
  },
});
