/**
 * Permission-matrix rows of the access area (modules/access): sign-in and sessions, the
 * password reset and registration, roles, users, user groups, mail settings. The targets of
 * writes are fresh per cell and held by no actor.
 */
import { LOGIN_ONLY, one, PUBLIC_OK } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

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

/** A user group of account 1, fresh per cell. */
async function freshGroup(c: CellContext) {
  return one(c.pool, `INSERT INTO user_groups (account_id, name) VALUES (1, $1) RETURNING id, version`, [`matrix group ${c.n}`]);
}

/** The access area's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
export const matrixRows = (): Record<string, Row> => ({
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
});
