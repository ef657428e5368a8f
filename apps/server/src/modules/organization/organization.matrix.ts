/** Permission-matrix rows of the organisation (modules/organization): reads for anyone signed in, upkeep for /organization. */
import { LOGIN_ONLY, one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

/** The /organization screen's page permission, then its buttons: company staff who hold them. */
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';
const SPEC = '/api/digitize/rest/v1';
const API = '/api/user/rest/v1/organization';

/** A department of account 1, fresh per cell. */
const freshDept = (c: CellContext) =>
  one(c.pool, `INSERT INTO org_departments (account_id, name, sort) VALUES (1, $1, 1000 + $2) RETURNING id, version`, [
    `Matrix dept ${c.n}`,
    c.n,
  ]);
/** An employee of account 1 in a fresh department since a year ago, fresh per cell. */
async function freshEmployee(c: CellContext) {
  const d = await freshDept(c);
  const e = await one(
    c.pool,
    `INSERT INTO org_employees (account_id, employee_id, name) VALUES (1, $1, $1) RETURNING id, version`,
    [`MX${c.n}`],
  );
  await c.pool.query(`INSERT INTO org_memberships (employee_id, dept_id, effective_from) VALUES ($1, $2, current_date - 365)`, [
    e.id,
    d.id,
  ]);
  return { id: e.id, version: e.version, deptId: d.id };
}

export const matrixRows = (): Record<string, Row> => ({
  'GET /api/digitize/rest/v1/organization/dept': {
    request: () => ({ url: `${SPEC}/organization/dept`, query: { status: '1' } }),
    expect: LOGIN_ONLY,
  },
  'GET /api/digitize/rest/v1/organization/emp': {
    request: () => ({ url: `${SPEC}/organization/emp`, query: { status: '1' } }),
    expect: LOGIN_ONLY,
  },
  'GET /api/digitize/rest/v1/organizationTree': {
    request: () => ({ url: `${SPEC}/organizationTree`, query: { status: '1' } }),
    expect: LOGIN_ONLY,
  },
  'GET /api/digitize/rest/v1/deptTree': {
    request: () => ({ url: `${SPEC}/deptTree`, query: { status: '1' } }),
    expect: LOGIN_ONLY,
  },
  'GET /api/user/rest/v1/organization/employees': { request: () => ({ url: `${API}/employees` }), expect: READ },
  'GET /api/user/rest/v1/organization/users': { request: () => ({ url: `${API}/users` }), expect: READ },
  'GET /api/user/rest/v1/organization/employees/:id/memberships': {
    request: async (c) => ({ url: `${API}/employees/${(await freshEmployee(c)).id}/memberships` }),
    expect: READ,
  },
  'POST /api/user/rest/v1/organization/departments': {
    request: (c) => ({ url: `${API}/departments`, body: { parentId: null, name: `Matrix new ${c.n}` } }),
    expect: WRITE,
  },
  'PUT /api/user/rest/v1/organization/departments': {
    request: async (c) => {
      const d = await freshDept(c);
      return {
        url: `${API}/departments`,
        body: { id: d.id, version: d.version, name: `Matrix renamed ${c.n}`, nameEn: '', leaderUserId: null, enabled: true },
      };
    },
    expect: WRITE,
  },
  'PUT /api/user/rest/v1/organization/departments/move': {
    request: async (c) => {
      const d = await freshDept(c);
      return { url: `${API}/departments/move`, body: { id: d.id, version: d.version, parentId: null, index: 0 } };
    },
    expect: WRITE,
  },
  'DELETE /api/user/rest/v1/organization/departments/:id': {
    request: async (c) => ({ url: `${API}/departments/${(await freshDept(c)).id}` }),
    expect: WRITE,
  },
  'POST /api/user/rest/v1/organization/employees': {
    request: async (c) => ({
      url: `${API}/employees`,
      body: { employeeId: `MN${c.n}`, name: `Matrix ${c.n}`, deptId: (await freshDept(c)).id },
    }),
    expect: WRITE,
  },
  'PUT /api/user/rest/v1/organization/employees': {
    request: async (c) => {
      const e = await freshEmployee(c);
      return { url: `${API}/employees`, body: { id: e.id, version: e.version, name: `Matrix edited ${c.n}`, position: 'x' } };
    },
    expect: WRITE,
  },
  'PUT /api/user/rest/v1/organization/employees/move': {
    request: async (c) => {
      const e = await freshEmployee(c);
      const d = await one(c.pool, `INSERT INTO org_departments (account_id, name) VALUES (1, $1) RETURNING id`, [
        `Matrix to ${c.n}`,
      ]);
      const today = new Date().toISOString().slice(0, 10);
      return { url: `${API}/employees/move`, body: { id: e.id, version: e.version, deptId: d.id, effectiveFrom: today } };
    },
    expect: WRITE,
  },
});
