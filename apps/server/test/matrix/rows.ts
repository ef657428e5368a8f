/**
 * One row per API route: a request that is valid for the route, and the status each
 * actor must get, in ACTORS order:
 *   noToken expired none page pageButton shopA shopB admin godView
 * "page" holds every page (type-2) permission, "pageButton" every page and button
 * permission but no capability; godView is the administrator looking as sales.manager.
 * A route without a row fails the matrix test.
 */
import { readFileSync } from 'node:fs';
import type { Pool } from 'pg';

export interface CellContext {
  /** Unique per cell, for names that must not collide. */
  n: number;
  pool: Pool;
}
export interface MatrixRequest {
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as multipart/form-data instead of a JSON body. */
  multipart?: { fields: Record<string, string>; file: { name: string; bytes: Buffer } };
}
export interface Row {
  request: (c: CellContext) => Promise<MatrixRequest> | MatrixRequest;
  expect: string;
}

const LOGIN_ONLY = '401 401 200 200 200 200 200 200 200';
const PUBLIC_OK = '200 200 200 200 200 200 200 200 200';

const one = async (pool: Pool, text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0];

/** A role of account 1 that no actor holds, fresh per cell. */
async function freshRole(c: CellContext) {
  return one(c.pool, `INSERT INTO roles (account_id, name) VALUES (1, $1) RETURNING id, version`, [`matrix role ${c.n}`]);
}
async function freshUser(c: CellContext) {
  const hash = (await one(c.pool, `SELECT password_hash FROM users WHERE login_name = 'pm'`)).password_hash;
  return one(
    c.pool,
    `INSERT INTO users (account_id, login_name, user_name, password_hash) VALUES (1, $1, $1, $2) RETURNING id, version`,
    [`matrix.user.${c.n}`, hash],
  );
}

/** A seller id unique per cell: 'A9' and 11 digits. */
const matrixSeller = (c: CellContext) => `A9${String(c.n).padStart(11, '0')}`;
/** A shop of account 1 that no actor is linked to, fresh per cell. */
async function freshShop(c: CellContext) {
  return one(
    c.pool,
    `INSERT INTO shops (account_id, name, seller_id, market_id) VALUES (1, $1, $2, 0) RETURNING id, seller_id AS "sellerId", version`,
    [`Matrix ${c.n} US`, matrixSeller(c)],
  );
}

/** A user group of account 1, fresh per cell. */
async function freshGroup(c: CellContext) {
  return one(c.pool, `INSERT INTO user_groups (account_id, name) VALUES (1, $1) RETURNING id, version`, [`matrix group ${c.n}`]);
}

/** A listing of the internal account's "Lumio US" shop (demo data). */
async function lumioListing(c: CellContext) {
  return one(
    c.pool,
    `SELECT li.shop_id AS "shopId", li.asin FROM listings li JOIN shops s ON s.id = li.shop_id WHERE s.name = 'Lumio US' ORDER BY li.id LIMIT 1`,
  );
}

/** An import of the internal "Lumio US" shop waiting for commit, fresh per cell. */
async function freshImport(c: CellContext) {
  return one(
    c.pool,
    `INSERT INTO imports (kind, status, account_id, shop_id, market_id, file_name, file_hash, file_size, fingerprint, time_zone,
                          rate_snapshot, row_count, error_count, warning_count, errors, warnings, payload, created_by)
     SELECT 'all-orders', 'preview', 1, id, 0, $1, repeat('0', 64), 1, repeat('0', 64), 'America/Los_Angeles', '{}', 0, 0, 0, '[]', '[]', '[]', 1
       FROM shops WHERE name = 'Lumio US' RETURNING id`,
    [`matrix-${c.n}.txt`],
  );
}

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

export const ROWS: Record<string, Row> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expect: PUBLIC_OK },
  'POST /api/user/rest/v2/login': {
    request: (c) => ({ url: '/api/user/rest/v2/login', body: { loginName: `ghost.${c.n}`, password: 'wrong-password' } }),
    expect: '403 403 403 403 403 403 403 403 403',
  },
  'GET /api/user/rest/v1/users/godView': {
    request: () => ({ url: '/api/user/rest/v1/users/godView', query: { name: 'sales.analyst' } }),
    expect: '401 401 403 403 403 403 403 200 403',
  },
  'GET /api/user/rest/v1/logout': { request: () => ({ url: '/api/user/rest/v1/logout' }), expect: LOGIN_ONLY },
  'GET /api/user/rest/v1/login': { request: () => ({ url: '/api/user/rest/v1/login' }), expect: LOGIN_ONLY },
  'GET /api/user/rest/v2/users/permissions': {
    request: () => ({ url: '/api/user/rest/v2/users/permissions' }),
    expect: LOGIN_ONLY,
  },
  'GET /api/user/rest/robot/v1/menu/getUserMenu/byCurrentUser': {
    request: () => ({ url: '/api/user/rest/robot/v1/menu/getUserMenu/byCurrentUser', query: { version: '1' } }),
    expect: LOGIN_ONLY,
  },
  'GET /api/user/rest/v1/subsystems': { request: () => ({ url: '/api/user/rest/v1/subsystems' }), expect: LOGIN_ONLY },
  'GET /api/user/rest/v1/users/productLines': {
    request: () => ({ url: '/api/user/rest/v1/users/productLines' }),
    expect: LOGIN_ONLY,
  },
  'GET /api/sales/rest/v1/listings/product-position-all': {
    request: () => ({ url: '/api/sales/rest/v1/listings/product-position-all' }),
    expect: LOGIN_ONLY,
  },
  'GET /api/user/rest/v1/users/names': { request: () => ({ url: '/api/user/rest/v1/users/names' }), expect: LOGIN_ONLY },
  'GET /api/user/rest/v1/users/resetPassword/generateCaptcha': {
    request: (c) => ({ url: '/api/user/rest/v1/users/resetPassword/generateCaptcha', query: { loginName: `ghost.${c.n}` } }),
    expect: PUBLIC_OK,
  },
  'GET /api/user/rest/v1/users/checkUserCaptcha': {
    request: () => ({ url: '/api/user/rest/v1/users/checkUserCaptcha', query: { loginName: 'pm', captcha: '123456' } }),
    expect: PUBLIC_OK,
  },
  'PUT /api/user/rest/v1/users/resetPassword': {
    request: () => ({
      url: '/api/user/rest/v1/users/resetPassword',
      body: { loginName: 'pm', captcha: '123456', password: 'Whatever-pass-1' },
    }),
    expect: '400 400 400 400 400 400 400 400 400',
  },
  'GET /api/user/rest/v1/users/checkCellphoneExists': {
    request: () => ({ url: '/api/user/rest/v1/users/checkCellphoneExists', query: { cellphone: '13800000000' } }),
    expect: LOGIN_ONLY,
  },
  'POST /api/user/rest/v1/users/register': {
    request: (c) => ({
      url: '/api/user/rest/v1/users/register',
      body: { loginName: `reg.${c.n}`, userName: 'R', email: 'r@example.com', company: 'R', password: 'Register-pass-1' },
    }),
    expect: PUBLIC_OK,
  },
  'PUT /api/user/rest/v1/users/password': {
    request: () => ({
      url: '/api/user/rest/v1/users/password',
      body: { oldPassword: 'not-the-password', newPassword: 'Another-pass-1' },
    }),
    expect: '401 401 400 400 400 400 400 400 400',
  },
  'PUT /api/user/rest/v1/users/profile': {
    request: () => ({
      url: '/api/user/rest/v1/users/profile',
      body: { userName: 'Matrix', email: null, zoneId: 'UTC', language: null },
    }),
    expect: LOGIN_ONLY,
  },

  'GET /api/user/rest/v1/roles': {
    request: () => ({ url: '/api/user/rest/v1/roles' }),
    expect: '401 401 403 200 200 403 403 200 403',
  },
  'GET /api/user/rest/v1/roles/permissions/:id': {
    request: async (c) => ({ url: `/api/user/rest/v1/roles/permissions/${(await freshRole(c)).id}` }),
    expect: '401 401 403 200 200 403 403 200 403',
  },
  'GET /api/user/rest/v1/roles/permissionTree': {
    request: () => ({ url: '/api/user/rest/v1/roles/permissionTree' }),
    expect: '401 401 403 200 200 403 403 200 403',
  },
  'POST /api/user/rest/v1/roles': {
    request: (c) => ({ url: '/api/user/rest/v1/roles', body: { name: `created ${c.n}`, permissionIds: [] } }),
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'PUT /api/user/rest/v1/roles': {
    request: async (c) => {
      const r = await freshRole(c);
      return {
        url: '/api/user/rest/v1/roles',
        body: { id: r.id, version: r.version, name: `renamed ${c.n}`, permissionIds: [] },
      };
    },
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'DELETE /api/user/rest/v1/roles': {
    request: async (c) => ({ url: '/api/user/rest/v1/roles', query: { id: String((await freshRole(c)).id) } }),
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'GET /api/user/rest/v1/users/role/:id': {
    request: async (c) => ({ url: `/api/user/rest/v1/users/role/${(await freshRole(c)).id}` }),
    expect: '401 401 403 200 200 403 403 200 403',
  },

  'GET /api/user/rest/v1/users/child': {
    request: () => ({ url: '/api/user/rest/v1/users/child' }),
    expect: '401 401 403 200 200 403 403 200 200',
  },
  'POST /api/user/rest/v1/users/child': {
    request: (c) => ({
      url: '/api/user/rest/v1/users/child',
      body: { loginName: `child.${c.n}`, userName: 'C', password: 'Child-pass-1' },
    }),
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'PUT /api/user/rest/v1/users/child/:id': {
    request: async (c) => {
      const u = await freshUser(c);
      return { url: `/api/user/rest/v1/users/child/${u.id}`, body: { version: u.version, userName: 'Renamed' } };
    },
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'PUT /api/user/rest/v1/users/child/:id/state': {
    request: async (c) => {
      const u = await freshUser(c);
      return { url: `/api/user/rest/v1/users/child/${u.id}/state`, body: { version: u.version, enabled: false } };
    },
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'PUT /api/user/rest/v1/users/child/:id/password': {
    request: async (c) => ({
      url: `/api/user/rest/v1/users/child/${(await freshUser(c)).id}/password`,
      body: { password: 'Fresh-pass-123' },
    }),
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'GET /api/user/rest/v1/audit-log': {
    request: () => ({ url: '/api/user/rest/v1/audit-log' }),
    expect: '401 401 403 200 200 403 403 200 403',
  },

  'GET /api/sales/rest/v1/shops/user': { request: () => ({ url: '/api/sales/rest/v1/shops/user' }), expect: LOGIN_ONLY },
  'GET /api/sales/rest/v1/shops/auth2': {
    request: () => ({ url: '/api/sales/rest/v1/shops/auth2' }),
    expect: '401 401 403 200 200 200 200 200 403',
  },
  'POST /api/sales/rest/v1/shops/auth2': {
    request: (c) => ({
      url: '/api/sales/rest/v1/shops/auth2',
      body: { sellerId: matrixSeller(c), name: `Matrix ${c.n}`, marketIds: [0] },
    }),
    expect: '401 401 403 403 200 200 200 200 403',
  },
  'PUT /api/sales/rest/v1/shops/auth2/:sellerId': {
    request: async (c) => {
      const s = await freshShop(c);
      return { url: `/api/sales/rest/v1/shops/auth2/${s.sellerId}`, body: { name: `Renamed ${c.n}`, version: s.version } };
    },
    expect: '401 401 403 403 200 404 404 200 403',
  },
  'DELETE /api/sales/rest/v1/shops/auth2/:sellerId': {
    request: async (c) => ({ url: `/api/sales/rest/v1/shops/auth2/${(await freshShop(c)).sellerId}` }),
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'PUT /api/sales/rest/v1/shops/auth2/authState/:shopId': {
    request: async (c) => ({ url: `/api/sales/rest/v1/shops/auth2/authState/${(await freshShop(c)).id}`, body: { state: 1 } }),
    expect: '401 401 403 403 200 404 404 200 403',
  },
  'PUT /api/sales/rest/v1/shops/auth2/ppcState/:shopId': {
    request: async (c) => ({ url: `/api/sales/rest/v1/shops/auth2/ppcState/${(await freshShop(c)).id}`, body: { state: 1 } }),
    expect: '401 401 403 403 200 404 404 200 403',
  },
  'GET /api/ppc/rest/v1/ppc/profile/register': {
    request: () => ({ url: '/api/ppc/rest/v1/ppc/profile/register' }),
    expect: '401 401 403 200 200 200 200 200 403',
  },
  'GET /api/sales/rest/v1/shops/sp/auth/state': {
    request: () => ({ url: '/api/sales/rest/v1/shops/sp/auth/state' }),
    expect: '401 401 403 200 200 200 200 200 403',
  },
  'POST /api/sales/rest/v1/shops/sp/auth': {
    request: async (c) => ({ url: '/api/sales/rest/v1/shops/sp/auth', body: { shopId: (await freshShop(c)).id } }),
    expect: '401 401 403 403 200 404 404 200 403',
  },
  'GET /api/user/rest/v1/userGroups': {
    request: () => ({ url: '/api/user/rest/v1/userGroups' }),
    expect: '401 401 403 200 200 403 403 200 200',
  },
  'POST /api/user/rest/v1/userGroups': {
    request: (c) => ({ url: '/api/user/rest/v1/userGroups', body: { name: `group ${c.n}` } }),
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'PUT /api/user/rest/v1/userGroups/:id': {
    request: async (c) => {
      const g = await freshGroup(c);
      return { url: `/api/user/rest/v1/userGroups/${g.id}`, body: { version: g.version, name: `renamed group ${c.n}` } };
    },
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'DELETE /api/user/rest/v1/userGroups/:id': {
    request: async (c) => ({ url: `/api/user/rest/v1/userGroups/${(await freshGroup(c)).id}` }),
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'GET /api/user/rest/v1/users/mailSettings': {
    request: () => ({ url: '/api/user/rest/v1/users/mailSettings' }),
    expect: '401 401 403 200 200 403 403 200 403',
  },
  'PUT /api/user/rest/v1/users/mailSettings': {
    request: () => ({
      url: '/api/user/rest/v1/users/mailSettings',
      body: {
        senderName: 'M',
        signature: '',
        autoSignature: true,
        notifyOnAssignment: true,
        dailyDigest: false,
        notificationEmail: null,
        version: 0,
      },
    }),
    expect: '401 401 403 403 200 403 403 200 403',
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

  'POST /api/imports': {
    request: async (c) => ({
      url: '/api/imports',
      multipart: {
        fields: { kind: 'all-orders', shopId: String((await lumioListing(c)).shopId) },
        file: { name: 'orders.txt', bytes: readFileSync(new URL('../fixtures/imports/ao-2023.txt', import.meta.url)) },
      },
    }),
    expect: '401 401 403 403 200 404 404 200 200',
  },
  'GET /api/imports': { request: () => ({ url: '/api/imports' }), expect: LOGIN_ONLY },
  'GET /api/imports/:id': {
    request: async (c) => ({ url: `/api/imports/${(await freshImport(c)).id}` }),
    expect: '401 401 404 200 200 404 404 200 200',
  },
  'POST /api/imports/:id/commit': {
    request: async (c) => ({ url: `/api/imports/${(await freshImport(c)).id}/commit`, body: {} }),
    expect: '401 401 404 403 200 404 404 200 200',
  },
  'DELETE /api/imports/:id': {
    request: async (c) => ({ url: `/api/imports/${(await freshImport(c)).id}` }),
    expect: '401 401 404 403 200 404 404 200 200',
  },

  // ---- listings: SKU analysis, listing monitor, listing filter ----
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
};
