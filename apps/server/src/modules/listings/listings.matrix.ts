/**
 * Permission-matrix rows of SKU analysis, the listing monitor and the listing filter
 * (modules/listings). A company SKU is not there for the external shops (404); a watch or a
 * saved filter of the "pm" user (no actor) is nobody else's to change (404).
 */
import { lumioListing, one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

/** A SKU of the company's "Lumio US" shop: the external shops have no listing of it. */
async function companySku(c: CellContext): Promise<string> {
  const row = await one(
    c.pool,
    `SELECT sk.sku FROM skus sk JOIN listings li ON li.sku_id = sk.id JOIN shops s ON s.id = li.shop_id
      WHERE s.name = 'Lumio US' ORDER BY li.id LIMIT 1`,
  );
  return row.sku as string;
}

/** A watch of the "pm" user (no actor), fresh per cell. */
async function freshWatch(c: CellContext) {
  return one(
    c.pool,
    `INSERT INTO listing_watches (user_id, listing_id)
     SELECT u.id, li.id FROM users u, listings li WHERE u.login_name = 'pm'
        AND li.id NOT IN (SELECT listing_id FROM listing_watches WHERE user_id = u.id)
      ORDER BY li.id LIMIT 1 RETURNING id`,
  );
}

/** A saved listing filter of the "pm" user (no actor), fresh per cell. */
async function freshSavedFilter(c: CellContext) {
  return one(
    c.pool,
    `INSERT INTO listing_saved_filters (user_id, name, query) SELECT id, $1, 'noSales=true' FROM users WHERE login_name = 'pm' RETURNING id`,
    [`matrix ${c.n}`],
  );
}

const SALES_READ = '401 401 403 200 200 200 200 200 200';
const COMPANY_SKU_READ = '401 401 403 200 200 404 404 200 200';
const SALES_EXPORT = '401 401 403 403 200 200 200 200 200';
const SALES_API = '/api/sales/rest/v1';
const salesRead = (path: string, query: Record<string, string> = {}): Row => ({
  request: () => ({ url: `${SALES_API}/${path}`, query }),
  expect: SALES_READ,
});

/** The listings area's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
export const matrixRows = (): Record<string, Row> => ({
  // A company SKU is not there for the external shops (404).
  'GET /api/sales/rest/v1/sku-analysis/skus': salesRead('sku-analysis/skus', { keyword: 'a' }),
  'GET /api/sales/rest/v1/sku-analysis/summary': {
    request: async (c) => ({ url: `${SALES_API}/sku-analysis/summary`, query: { sku: await companySku(c) } }),
    expect: COMPANY_SKU_READ,
  },
  'GET /api/sales/rest/v1/sku-analysis/trend': {
    request: async (c) => ({ url: `${SALES_API}/sku-analysis/trend`, query: { sku: await companySku(c), granularity: 'week' } }),
    expect: COMPANY_SKU_READ,
  },
  'GET /api/sales/rest/v1/sku-analysis/excel': {
    request: async (c) => ({ url: `${SALES_API}/sku-analysis/excel`, query: { sku: await companySku(c) } }),
    expect: '401 401 403 403 200 404 404 200 200',
  },
  'GET /api/sales/rest/v1/listings/monitor': salesRead('listings/monitor'),
  'POST /api/sales/rest/v1/listings/monitor': {
    request: async (c) => ({ url: `${SALES_API}/listings/monitor`, body: { asins: [(await lumioListing(c)).asin] } }),
    expect: '401 401 403 403 200 403 403 200 200',
  },
  'PUT /api/sales/rest/v1/listings/monitor/:id': {
    request: async (c) => ({
      url: `${SALES_API}/listings/monitor/${(await freshWatch(c)).id}`,
      body: { unitsDropPct: 20, noSalesDays: 2, minMarginPct: 5, version: 1 },
    }),
    expect: '401 401 403 403 404 403 403 404 404',
  },
  'DELETE /api/sales/rest/v1/listings/monitor/:id': {
    request: async (c) => ({ url: `${SALES_API}/listings/monitor/${(await freshWatch(c)).id}` }),
    expect: '401 401 403 403 404 403 403 404 404',
  },
  'GET /api/sales/rest/v1/listings/monitor/excel': {
    request: () => ({ url: `${SALES_API}/listings/monitor/excel` }),
    expect: SALES_EXPORT,
  },
  'GET /api/sales/rest/v1/listings/filter': salesRead('listings/filter', { noSales: 'true' }),
  'GET /api/sales/rest/v1/listings/filter/excel': {
    request: () => ({ url: `${SALES_API}/listings/filter/excel`, query: { revenueMin: '1000000' } }),
    expect: SALES_EXPORT,
  },
  'GET /api/sales/rest/v1/listings/filter/saved': salesRead('listings/filter/saved'),
  'POST /api/sales/rest/v1/listings/filter/saved': {
    request: (c) => ({ url: `${SALES_API}/listings/filter/saved`, body: { name: `matrix ${c.n}`, query: 'noSales=true' } }),
    expect: SALES_READ,
  },
  'DELETE /api/sales/rest/v1/listings/filter/saved/:id': {
    request: async (c) => ({ url: `${SALES_API}/listings/filter/saved/${(await freshSavedFilter(c)).id}` }),
    expect: '401 401 403 404 404 404 404 404 404',
  },
});
