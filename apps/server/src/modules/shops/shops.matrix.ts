/** Permission-matrix rows of sellers and shops (modules/shops): a shop account manages its own shops only. */
import { LOGIN_ONLY, one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

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

/** The shops area's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
export const matrixRows = (): Record<string, Row> => ({
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
});
