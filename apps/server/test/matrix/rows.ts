/**
 * One row per API route: a request that is valid for the route, and the status each
 * actor must get, in ACTORS order:
 *   noToken expired none page pageButton shopA shopB admin godView
 * "page" holds every page (type-2) permission, "pageButton" every page and button
 * permission but no capability; godView is the administrator looking as sales.manager.
 * A route without a row fails the matrix test. An area keeps its rows in
 * `modules/<area>/<area>.matrix.ts` (`matrixRows`), found through modules/areas.ts, so a new
 * area adds its rows without editing this file; the rows below are those of the areas that
 * have not moved theirs yet.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Pool } from 'pg';
import { AREAS } from '../../src/modules/areas';

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

/** A registration waiting for approval, in an account of its own, fresh per cell. */
async function freshRegistration(c: CellContext) {
  const hash = (await one(c.pool, `SELECT password_hash FROM users WHERE login_name = 'pm'`)).password_hash;
  const acct = await one(c.pool, `INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [`Matrix seller ${c.n}`]);
  return one(
    c.pool,
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type, enabled, state, account_owner)
     VALUES ($1, $2, $2, $3, 0, false, 'pending', true) RETURNING id, version`,
    [acct.id, `matrix.seller.${c.n}`, hash],
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

/** A committed sales import of "Lumio US" that wrote nothing, fresh per cell: revertible. */
async function freshCommittedImport(c: CellContext) {
  return one(
    c.pool,
    `INSERT INTO imports (kind, status, account_id, shop_id, market_id, file_name, file_hash, file_size, fingerprint, time_zone,
                          rate_snapshot, row_count, error_count, warning_count, errors, warnings, payload, created_by,
                          result, committed_at, commit_seq, revertible)
     SELECT 'all-orders', 'committed', 1, id, 0, $1, repeat('0', 64), 1, repeat('0', 64), 'America/Los_Angeles', '{}', 0, 0, 0,
            '[]', '[]', '[]', 1,
            '{"inserted":0,"updated":0,"unchanged":0,"zeroed":0,"periodTotals":0,"days":[],"changes":[]}', now(),
            nextval('import_commit_seq'), true
       FROM shops WHERE name = 'Lumio US' RETURNING id`,
    [`matrix-committed-${c.n}.txt`],
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

const BASIS_READ = '401 401 403 200 200 403 403 200 200';
const BASIS_WRITE = '401 401 403 403 200 403 403 200 200';
/** A day within the rate editor's reach, distinct per cell (yesterday and up to 59 days before). */
const basisDay = (c: CellContext) => new Date(Date.now() - (1 + (c.n % 60)) * 86_400_000).toISOString().slice(0, 10);
/** A sales team without lines, fresh per cell. */
async function freshTeam(c: CellContext) {
  return one(c.pool, `INSERT INTO sales_teams (name) VALUES ($1) RETURNING id`, [`matrix team ${c.n} fresh`]);
}

// ---- costs (/productCost, /mcost, /bomcost) ----
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

const SHARED_ROWS: Record<string, Row> = {
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
  'GET /api/user/rest/v1/users/child/role-options': {
    request: () => ({ url: '/api/user/rest/v1/users/child/role-options' }),
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
  'GET /api/user/rest/v1/users/registrations': {
    request: () => ({ url: '/api/user/rest/v1/users/registrations' }),
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'PUT /api/user/rest/v1/users/registrations/:id/approve': {
    request: async (c) => {
      const u = await freshRegistration(c);
      return { url: `/api/user/rest/v1/users/registrations/${u.id}/approve`, body: { version: u.version } };
    },
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'PUT /api/user/rest/v1/users/registrations/:id/reject': {
    request: async (c) => {
      const u = await freshRegistration(c);
      return { url: `/api/user/rest/v1/users/registrations/${u.id}/reject`, body: { version: u.version } };
    },
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'GET /api/user/rest/v1/audit-log': {
    request: () => ({ url: '/api/user/rest/v1/audit-log' }),
    expect: '401 401 403 200 200 403 403 200 403',
  },
  // A link of a company shop: its reader asks for product:link, and a shop account would not see it.
  'GET /api/user/rest/v1/history/:entity/:entityId': {
    request: async (c) => {
      const l = await one(
        c.pool,
        `SELECT l.id FROM listings l JOIN shops s ON s.id = l.shop_id WHERE s.account_id = 1 ORDER BY l.id LIMIT 1`,
      );
      return { url: `/api/user/rest/v1/history/listing/${l.id}` };
    },
    expect: '401 401 403 200 200 403 403 200 200',
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
  'POST /api/imports/:id/revert': {
    request: async (c) => ({ url: `/api/imports/${(await freshCommittedImport(c)).id}/revert` }),
    expect: '401 401 404 403 200 404 404 200 200',
  },
  'DELETE /api/imports/:id': {
    request: async (c) => ({ url: `/api/imports/${(await freshImport(c)).id}` }),
    expect: '401 401 404 403 200 404 404 200 200',
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
  ...catalogRows(),
  ...mailTemplateRows(),
  ...ppcRows(),
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

// ---- catalog (products, model info, product links) -------------------------------------------

/** Rows of the product screens: company data for holders of product:* only, never the shop accounts. */
function catalogRows(): Record<string, Row> {
  const API = '/api/product/rest/v1';
  const READ = '401 401 403 200 200 403 403 200 200';
  const WRITE = '401 401 403 403 200 403 403 200 200';
  const product = async (c: CellContext) =>
    one(
      c.pool,
      `INSERT INTO products (model, name, name_en, product_line_id, category_code)
       SELECT $1, 'Matrix', 'Matrix', id, '6111' FROM product_lines WHERE code = '6111' RETURNING id, version`,
      [`MX-${c.n}`],
    );
  const sku = async (c: CellContext) =>
    one(c.pool, `INSERT INTO skus (sku, product_id) VALUES ($1, $2) RETURNING id, version`, [
      `MX-SKU-${c.n}`,
      (await product(c)).id,
    ]);
  const withInfo = async (c: CellContext) => {
    const p = await product(c);
    await c.pool.query(
      `INSERT INTO product_model_info (product_id, length_mm, width_mm, height_mm, net_weight_g, gross_weight_g, package_length_mm,
         package_width_mm, package_height_mm, power_pack, material, hs_code, country_of_origin)
       VALUES ($1, 10, 10, 10, 100, 120, 20, 20, 20, 0, 2, '940540', 'CN')`,
      [p.id],
    );
    return p;
  };
  const link = async (c: CellContext) => {
    const s = await sku(c);
    return one(
      c.pool,
      `INSERT INTO listings (shop_id, sku_id, asin, market_id, currency) SELECT id, $1, 'B0MATRIX01', 0, 'USD' FROM shops
        WHERE name = 'Lumio US' RETURNING id, version`,
      [s.id],
    );
  };
  const info = {
    lengthMm: 10,
    widthMm: 10,
    heightMm: 10,
    netWeightG: 100,
    grossWeightG: 120,
    packageLengthMm: 20,
    packageWidthMm: 20,
    packageHeightMm: 20,
    powerPack: 0,
    material: 2,
    hsCode: '940540',
    countryOfOrigin: 'CN',
  };
  return {
    'GET /api/product/rest/v1/products': { request: () => ({ url: `${API}/products` }), expect: READ },
    'GET /api/product/rest/v1/products/excel': { request: () => ({ url: `${API}/products/excel` }), expect: WRITE },
    'GET /api/product/rest/v1/products/:id': {
      request: async (c) => ({ url: `${API}/products/${(await product(c)).id}` }),
      expect: READ,
    },
    'GET /api/product/rest/v1/products/:id/sales': {
      request: async (c) => ({ url: `${API}/products/${(await product(c)).id}/sales` }),
      expect: READ,
    },
    'POST /api/product/rest/v1/products': {
      request: async (c) => {
        const line = await one(c.pool, `SELECT id FROM product_lines WHERE code = '6111'`);
        return {
          url: `${API}/products`,
          body: { model: `MC-${c.n}`, name: 'M', nameEn: 'M', productLineId: line.id, categoryCode: '6111', lifecycle: 0 },
        };
      },
      expect: WRITE,
    },
    'PUT /api/product/rest/v1/products': {
      request: async (c) => {
        const p = await product(c);
        const line = await one(c.pool, `SELECT id FROM product_lines WHERE code = '6111'`);
        return {
          url: `${API}/products`,
          body: {
            id: p.id,
            version: p.version,
            model: `MU-${c.n}`,
            name: 'M',
            nameEn: 'M',
            productLineId: line.id,
            categoryCode: '6111',
            lifecycle: 1,
          },
        };
      },
      expect: WRITE,
    },
    'DELETE /api/product/rest/v1/products/:id': {
      request: async (c) => ({ url: `${API}/products/${(await product(c)).id}` }),
      expect: WRITE,
    },
    'POST /api/product/rest/v1/products/:id/skus': {
      request: async (c) => ({ url: `${API}/products/${(await product(c)).id}/skus`, body: { sku: `MS-${c.n}` } }),
      expect: WRITE,
    },
    'PUT /api/product/rest/v1/products/skus/:skuId': {
      request: async (c) => {
        const s = await sku(c);
        return { url: `${API}/products/skus/${s.id}`, body: { variant: 'red', version: s.version } };
      },
      expect: WRITE,
    },
    'DELETE /api/product/rest/v1/products/skus/:skuId': {
      request: async (c) => ({ url: `${API}/products/skus/${(await sku(c)).id}` }),
      expect: WRITE,
    },
    'GET /api/product/rest/v1/model-info': { request: () => ({ url: `${API}/model-info` }), expect: READ },
    'POST /api/product/rest/v1/model-info': {
      request: async (c) => ({ url: `${API}/model-info`, body: { productId: (await product(c)).id, ...info } }),
      expect: WRITE,
    },
    'PUT /api/product/rest/v1/model-info': {
      request: async (c) => ({ url: `${API}/model-info`, body: { productId: (await withInfo(c)).id, version: 1, ...info } }),
      expect: WRITE,
    },
    'DELETE /api/product/rest/v1/model-info/:productId': {
      request: async (c) => ({ url: `${API}/model-info/${(await withInfo(c)).id}` }),
      expect: WRITE,
    },
    'GET /api/product/rest/v1/links': { request: () => ({ url: `${API}/links` }), expect: READ },
    'GET /api/product/rest/v1/links/skus': {
      request: () => ({ url: `${API}/links/skus`, query: { keyword: 'H' } }),
      expect: READ,
    },
    'POST /api/product/rest/v1/links': {
      request: async (c) => {
        const s = await sku(c);
        const shop = await one(c.pool, `SELECT id FROM shops WHERE name = 'Lumio US'`);
        return { url: `${API}/links`, body: { skuId: s.id, shopId: shop.id, asin: 'B0MATRIX02' } };
      },
      expect: WRITE,
    },
    'PUT /api/product/rest/v1/links': {
      request: async (c) => {
        const l = await link(c);
        return { url: `${API}/links`, body: { id: l.id, version: l.version, asin: 'B0MATRIX03', status: 0 } };
      },
      expect: WRITE,
    },
    'DELETE /api/product/rest/v1/links/:id': {
      request: async (c) => ({ url: `${API}/links/${(await link(c)).id}` }),
      expect: WRITE,
    },
  };
}

// ---- mail templates (/mailTemplate, /faqtemplate) ----------------------------------------------

/** Company configuration of customer service: holders of userCenter:cs:configuration, never the shop accounts. */
function mailTemplateRows(): Record<string, Row> {
  const API = '/api/email/rest/v1/reply/templates';
  const READ = '401 401 403 200 200 403 403 200 403';
  const WRITE = '401 401 403 403 200 403 403 200 403';
  const body = (c: CellContext) => ({
    kind: 'reply',
    scope: 'shared',
    name: `matrix template ${c.n}`,
    category: 'shipping',
    language: 'en',
    marketId: null,
    subject: 'Order {{orderId}}',
    body: '<p>Hi {{buyerName}}</p>',
  });
  const fresh = (c: CellContext) =>
    one(
      c.pool,
      `INSERT INTO mail_templates (account_id, kind, name, category, language, subject, body, created_by, updated_by)
       VALUES (1, 'reply', $1, 'shipping', 'en', '', '<p>Hi</p>', 1, 1) RETURNING id, version`,
      [`matrix fresh template ${c.n}`],
    );
  return {
    'GET /api/email/rest/v1/reply/templates': { request: () => ({ url: API }), expect: READ },
    'GET /api/email/rest/v1/reply/templates/:templateId/content': {
      request: async (c) => ({ url: `${API}/${(await fresh(c)).id}/content` }),
      expect: READ,
    },
    'POST /api/email/rest/v1/reply/templates': { request: (c) => ({ url: API, body: body(c) }), expect: WRITE },
    'PUT /api/email/rest/v1/reply/templates': {
      request: async (c) => {
        const f = await fresh(c);
        return { url: API, body: { ...body(c), templateId: f.id, version: f.version } };
      },
      expect: WRITE,
    },
    'DELETE /api/email/rest/v1/reply/templates/:templateId': {
      request: async (c) => ({ url: `${API}/${(await fresh(c)).id}` }),
      expect: WRITE,
    },
    ...csTreeRows(READ, WRITE),
    ...keywordRows('dialogue', READ, WRITE),
    ...keywordRows('product', READ, WRITE),
  };
}

/** Keyword routing rules (/mail/setKeyWord, /mail/productKeyWord): each page its own permission, same actors. */
function keywordRows(kind: 'dialogue' | 'product', READ: string, WRITE: string): Record<string, Row> {
  const API = `/api/email/rest/v1/keywords/${kind}`;
  const target = async (c: CellContext) =>
    kind === 'dialogue' ? 1 : (await one(c.pool, `SELECT id FROM product_lines WHERE code = '6111'`)).id;
  const rule = async (c: CellContext) =>
    one(
      c.pool,
      `INSERT INTO mail_keyword_rules (account_id, kind, keyword, target_id) VALUES (1, $1, $2, $3) RETURNING id, version`,
      [kind, `matrix fresh ${c.n}`, await target(c)],
    );
  return {
    [`GET ${API}`]: { request: () => ({ url: API }), expect: READ },
    [`POST ${API}/test`]: { request: () => ({ url: `${API}/test`, body: { subject: 'refund', body: '' } }), expect: READ },
    [`POST ${API}`]: {
      request: async (c) => ({ url: API, body: { keyword: `matrix ${c.n}`, targetId: await target(c) } }),
      expect: WRITE,
    },
    [`PUT ${API}`]: {
      request: async (c) => {
        const r = await rule(c);
        return { url: API, body: { id: r.id, version: r.version, keyword: `matrix changed ${c.n}`, targetId: await target(c) } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/:id`]: { request: async (c) => ({ url: `${API}/${(await rule(c)).id}` }), expect: WRITE },
  };
}

/** Problem and demand trees (/problemTree, /demandTree): the same permission as the templates. */
function csTreeRows(READ: string, WRITE: string): Record<string, Row> {
  const API = '/api/email/rest/v1/cs-trees';
  const node = (c: CellContext) =>
    one(
      c.pool,
      `INSERT INTO cs_tree_nodes (account_id, kind, name, sort) VALUES (1, 'problem', $1, 1000 + $2) RETURNING id, version`,
      [`matrix node ${c.n}`, c.n],
    );
  return {
    'GET /api/email/rest/v1/cs-trees/:kind': { request: () => ({ url: `${API}/problem` }), expect: READ },
    'POST /api/email/rest/v1/cs-trees/:kind': {
      request: (c) => ({ url: `${API}/demand`, body: { parentId: null, name: `matrix demand ${c.n}` } }),
      expect: WRITE,
    },
    'PUT /api/email/rest/v1/cs-trees/:kind': {
      request: async (c) => {
        const n = await node(c);
        return {
          url: `${API}/problem`,
          body: { id: n.id, version: n.version, name: `matrix renamed ${c.n}`, nameEn: '', enabled: false },
        };
      },
      expect: WRITE,
    },
    'PUT /api/email/rest/v1/cs-trees/:kind/move': {
      request: async (c) => {
        const n = await node(c);
        return { url: `${API}/problem/move`, body: { id: n.id, version: n.version, parentId: null, index: 0 } };
      },
      expect: WRITE,
    },
    'DELETE /api/email/rest/v1/cs-trees/:kind/:id': {
      request: async (c) => ({ url: `${API}/problem/${(await node(c)).id}` }),
      expect: WRITE,
    },
  };
}

/** Advertising: boards (ppc:report), exports (ppc:report:export), monitors (ppc:report:create/edit/delete). */
function ppcRows(): Record<string, Row> {
  const PPC = '/api/ppc/rest';
  const READ = '401 401 403 200 200 403 403 200 403';
  const BUTTON = '401 401 403 403 200 403 403 200 403';
  /** An advertised listing and its campaign in "Lumio US" (demo data). */
  const advertised = (c: CellContext) =>
    one(
      c.pool,
      `SELECT a.listing_id AS "listingId", a.campaign_id AS "campaignId", a.shop_id AS "shopId" FROM ppc_product_ads a
         JOIN shops s ON s.id = a.shop_id WHERE s.name = 'Lumio US' AND a.listing_id IS NOT NULL ORDER BY a.id LIMIT 1`,
    );
  /** A monitor of that campaign, fresh per cell. */
  const monitor = async (c: CellContext) => {
    const a = await advertised(c);
    return one(
      c.pool,
      `INSERT INTO ppc_monitors (account_id, shop_id, name, scope, campaign_id, metric, comparator, threshold, window_days, created_by)
       VALUES (1, $1, $2, 'campaign', $3, 'acos', 'gt', 0.3, 7, 1) RETURNING id, version, shop_id AS "shopId", campaign_id AS "campaignId"`,
      [a.shopId, `matrix monitor ${c.n}`, a.campaignId],
    );
  };
  /** An enabled keyword of "Lumio US" (demo data). */
  const keyword = (c: CellContext) =>
    one(
      c.pool,
      `SELECT k.id, k.bid FROM ppc_keywords k JOIN shops s ON s.id = k.shop_id
        WHERE s.name = 'Lumio US' AND k.state = 'enabled' AND k.bid IS NOT NULL ORDER BY k.id LIMIT 1`,
    );
  /** A history row of that keyword whose after is its current bid, fresh per cell. */
  const change = async (c: CellContext) => {
    const k = await keyword(c);
    const b = await one(c.pool, `INSERT INTO ppc_change_batches (source) VALUES ('manual') RETURNING id`);
    return one(
      c.pool,
      `INSERT INTO ppc_changes (batch_id, shop_id, campaign_id, campaign_type, entity_type, entity_id, field, before, after, source)
       SELECT $1, k.shop_id, k.campaign_id, 'sp', 'keyword', k.id, 'bid', to_jsonb(k.bid::float8), to_jsonb(k.bid::float8), 'manual'
         FROM ppc_keywords k WHERE k.id = $2 RETURNING id`,
      [b.id, k.id],
    );
  };
  /** A valid create body for a campaign of the type, named per cell, advertising a listing of "Lumio US". */
  const created = async (c: CellContext, type: 'sp' | 'sb' | 'sd') => {
    const a = await advertised(c);
    const l = await one(c.pool, `SELECT asin FROM listings WHERE id = $1`, [a.listingId]);
    const base = {
      shopId: a.shopId,
      name: `matrix ${type} ${c.n}`,
      dailyBudget: 20,
      adGroupName: 'g',
      defaultBid: 0.5,
      asins: [l.asin],
    };
    if (type === 'sp') return { ...base, targeting: 'auto' };
    if (type === 'sb')
      return { ...base, brandName: 'Lumio', headline: 'Lumio', keywords: [{ text: 'lamp', matchType: 'exact' }] };
    return { ...base, targets: [{ asin: 'B0MATRIX01' }] };
  };
  const body = (m: { shopId: number; campaignId: number }, c: CellContext) => ({
    name: `matrix ${c.n}`,
    shopId: m.shopId,
    scope: 'campaign',
    campaignId: m.campaignId,
    metric: 'spend',
    comparator: 'gt',
    threshold: 10,
    windowDays: 7,
  });
  return {
    'GET /api/ppc/rest/v3/manager/shops/names': { request: () => ({ url: `${PPC}/v3/manager/shops/names` }), expect: LOGIN_ONLY },
    'GET /api/ppc/rest/v4/index/skuPerform': { request: () => ({ url: `${PPC}/v4/index/skuPerform` }), expect: READ },
    'GET /api/ppc/rest/v4/index/skuPerform/csv': { request: () => ({ url: `${PPC}/v4/index/skuPerform/csv` }), expect: BUTTON },
    'GET /api/ppc/rest/v1/index/skuPerformChart': { request: () => ({ url: `${PPC}/v1/index/skuPerformChart` }), expect: READ },
    'GET /api/ppc/rest/v1/index/skuPerformChart/export/csv': {
      request: () => ({ url: `${PPC}/v1/index/skuPerformChart/export/csv` }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/index/skuCostAnalysis/:id': {
      request: async (c) => ({ url: `${PPC}/v1/index/skuCostAnalysis/${(await advertised(c)).listingId}` }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/index/adGroupCost': { request: () => ({ url: `${PPC}/v1/index/adGroupCost` }), expect: READ },
    'GET /api/ppc/rest/v1/index/dashboard': { request: () => ({ url: `${PPC}/v1/index/dashboard` }), expect: READ },
    'GET /api/ppc/rest/v1/index/skuAdvAnalysis': {
      request: async (c) => ({ url: `${PPC}/v1/index/skuAdvAnalysis?listingId=${(await advertised(c)).listingId}` }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/index/reportAnalysis': {
      request: () => ({ url: `${PPC}/v1/index/reportAnalysis?groupBy=keyword&compare=true` }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/index/reportAnalysis/csv': {
      request: () => ({ url: `${PPC}/v1/index/reportAnalysis/csv?groupBy=searchTerm` }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/index/reportExport': {
      request: () => ({ url: `${PPC}/v1/index/reportExport?report=keyword&format=csv` }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/index/suggestions': {
      request: () => ({ url: `${PPC}/v1/index/suggestions?kind=negative&minClicks=1` }),
      expect: READ,
    },
    'POST /api/ppc/rest/v1/index/suggestions/apply': {
      request: async (c) => ({
        url: `${PPC}/v1/index/suggestions/apply`,
        body: { changes: [{ entityType: 'keyword', entityId: (await keyword(c)).id, value: 0.3 + (c.n % 50) / 100 }] },
      }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/index/outBudget': { request: () => ({ url: `${PPC}/v1/index/outBudget` }), expect: READ },
    'GET /api/ppc/rest/v1/index/monitoring': { request: () => ({ url: `${PPC}/v1/index/monitoring` }), expect: READ },
    'POST /api/ppc/rest/v1/index/monitoring': {
      request: async (c) => {
        const a = await advertised(c);
        return { url: `${PPC}/v1/index/monitoring`, body: body(a, c) };
      },
      expect: BUTTON,
    },
    'PUT /api/ppc/rest/v1/index/monitoring': {
      request: async (c) => ({ url: `${PPC}/v1/index/monitoring`, body: { ids: [(await monitor(c)).id], enabled: false } }),
      expect: BUTTON,
    },
    'PUT /api/ppc/rest/v1/index/monitoring/:id': {
      request: async (c) => {
        const m = await monitor(c);
        return { url: `${PPC}/v1/index/monitoring/${m.id}`, body: { ...body(m, c), version: m.version } };
      },
      expect: BUTTON,
    },
    'DELETE /api/ppc/rest/v1/index/monitoring/:id': {
      request: async (c) => ({ url: `${PPC}/v1/index/monitoring/${(await monitor(c)).id}` }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/index/monitoring/:id/chart': {
      request: async (c) => ({ url: `${PPC}/v1/index/monitoring/${(await monitor(c)).id}/chart` }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/manager/changes': { request: () => ({ url: `${PPC}/v1/manager/changes` }), expect: READ },
    'PUT /api/ppc/rest/v1/manager/changes': {
      request: async (c) => ({
        url: `${PPC}/v1/manager/changes`,
        body: {
          changes: [{ entityType: 'keyword', entityId: (await keyword(c)).id, field: 'bid', value: 0.3 + (c.n % 50) / 100 }],
          // The bid an earlier cell left may be more than 50 % away: confirmed, so the cell does
          // not depend on which rows ran before it (the order the areas bind their routes).
          confirmed: true,
        },
      }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/manager/changes/undo': {
      request: async (c) => ({ url: `${PPC}/v1/manager/changes/undo`, body: { changeIds: [(await change(c)).id] } }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/diagnosis': {
      request: async (c) => ({ url: `${PPC}/v1/diagnosis`, query: { shopId: String((await advertised(c)).shopId) } }),
      expect: READ,
    },
    'POST /api/ppc/rest/v1/diagnosis/fixes': {
      request: async (c) => {
        const k = await keyword(c);
        const a = await advertised(c);
        return {
          url: `${PPC}/v1/diagnosis/fixes`,
          body: {
            shopId: a.shopId,
            fixes: [{ action: 'set_bid', entityType: 'keyword', entityId: k.id, value: 0.3 + (c.n % 50) / 100 }],
          },
        };
      },
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/manager/searchTerms': {
      request: async (c) => ({ url: `${PPC}/v1/manager/searchTerms`, query: { shopId: String((await advertised(c)).shopId) } }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/manager/searchTerms/csv': {
      request: async (c) => ({
        url: `${PPC}/v1/manager/searchTerms/csv`,
        query: { shopId: String((await advertised(c)).shopId) },
      }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/manager/searchTerms/adGroups': {
      request: async (c) => ({
        url: `${PPC}/v1/manager/searchTerms/adGroups`,
        query: { shopId: String((await advertised(c)).shopId) },
      }),
      expect: READ,
    },
    'POST /api/ppc/rest/v1/manager/searchTerms/harvest': {
      request: async (c) => {
        const g = await one(
          c.pool,
          `SELECT g.id FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id JOIN shops s ON s.id = c.shop_id
            WHERE s.name = 'Lumio US' AND c.campaign_type = 'sp' AND c.targeting = 'manual' AND c.state <> 'archived'
              AND g.state <> 'archived' ORDER BY g.id LIMIT 1`,
        );
        return {
          url: `${PPC}/v1/manager/searchTerms/harvest`,
          body: { items: [{ as: 'keyword', searchTerm: `matrix term ${c.n}`, adGroupId: g.id, matchType: 'exact', bid: 0.5 }] },
        };
      },
      expect: BUTTON,
    },
    ...Object.fromEntries(
      ['campaigns', 'placements', 'adGroups', 'ads', 'keywords', 'targets'].map((l) => [
        `GET /api/ppc/rest/v1/manager/:type/${l}`,
        { request: () => ({ url: `${PPC}/v1/manager/sp/${l}` }), expect: READ },
      ]),
    ),
    'GET /api/ppc/rest/v1/manager/products': {
      request: async (c) => ({ url: `${PPC}/v1/manager/products`, query: { shopId: String((await advertised(c)).shopId) } }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/manager/portfolios': {
      request: async (c) => ({ url: `${PPC}/v1/manager/portfolios`, query: { shopId: String((await advertised(c)).shopId) } }),
      expect: READ,
    },
    'POST /api/ppc/rest/v1/manager/sp/campaigns': {
      request: async (c) => ({ url: `${PPC}/v1/manager/sp/campaigns`, body: await created(c, 'sp') }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/manager/sb/campaigns': {
      request: async (c) => ({ url: `${PPC}/v1/manager/sb/campaigns`, body: await created(c, 'sb') }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/manager/sd/campaigns': {
      request: async (c) => ({ url: `${PPC}/v1/manager/sd/campaigns`, body: await created(c, 'sd') }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/manager/additions': {
      request: async (c) => ({
        url: `${PPC}/v1/manager/additions`,
        body: {
          campaignId: (await advertised(c)).campaignId,
          negativeKeywords: [{ text: `matrix ${c.n}`, matchType: 'negative_exact' }],
        },
      }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/manager/changes/bulk-sheet': {
      request: async (c) => ({
        url: `${PPC}/v1/manager/changes/bulk-sheet`,
        query: { shopId: String((await advertised(c)).shopId) },
      }),
      expect: BUTTON,
    },
  };
}

/** Each listed area's own rows (`modules/<area>/<area>.matrix.ts`), when it has them. */
async function areaRows(): Promise<Record<string, Row>> {
  const rows: Record<string, Row> = {};
  for (const area of AREAS) {
    const file = new URL(`../../src/modules/${area.name}/${area.name}.matrix.ts`, import.meta.url);
    if (!existsSync(file)) continue;
    const { matrixRows } = (await import(file.href)) as { matrixRows: () => Record<string, Row> };
    for (const [key, row] of Object.entries(matrixRows())) {
      if (rows[key] || SHARED_ROWS[key]) throw new Error(`the matrix has two rows for ${key} (${area.name}.matrix.ts)`);
      rows[key] = row;
    }
  }
  return rows;
}

export const ROWS: Record<string, Row> = { ...SHARED_ROWS, ...(await areaRows()) };
