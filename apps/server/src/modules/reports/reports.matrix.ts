/** Permission-matrix rows of the report centre (modules/reports): /report's page, its 'export' button for changes. */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';
/** The administrator's own report: nobody else's, whatever they hold. */
const ADMINS_READ = '401 401 403 404 404 403 403 200 403';
const ADMINS_WRITE = '401 401 403 403 404 403 403 200 403';
const API = '/api/tools/rest/v1/reports';
const PRODUCTS = 'GET product/rest/v1/products/excel';

const body = (n: number) => ({
  name: `Matrix report ${n}`,
  export: { endpoint: PRODUCTS, query: {} },
  schedule: { kind: 'daily', time: '08:00', timeZone: 'Asia/Shanghai' },
  recipients: [],
  enabled: true,
});

/** A report of the administrator, fresh per cell. */
const freshReport = (c: CellContext) =>
  one(
    c.pool,
    `INSERT INTO report_definitions (account_id, owner_id, name, endpoint, schedule_kind, schedule_time, time_zone)
     SELECT 1, id, $1, $2, 'daily', '08:00', 'Asia/Shanghai' FROM users WHERE login_name = 'admin' RETURNING id, version`,
    [`Matrix report ${c.n}`, PRODUCTS],
  );

export const matrixRows = (): Record<string, Row> => ({
  [`GET ${API}`]: { request: () => ({ url: API }), expect: READ },
  [`GET ${API}/recipients`]: { request: () => ({ url: `${API}/recipients`, query: { endpoint: PRODUCTS } }), expect: READ },
  [`GET ${API}/:id`]: { request: async (c) => ({ url: `${API}/${(await freshReport(c)).id}` }), expect: ADMINS_READ },
  [`POST ${API}`]: { request: (c) => ({ url: API, body: body(c.n) }), expect: WRITE },
  [`PUT ${API}/:id`]: {
    request: async (c) => {
      const r = await freshReport(c);
      return { url: `${API}/${r.id}`, body: { ...body(c.n), version: r.version } };
    },
    expect: ADMINS_WRITE,
  },
  [`DELETE ${API}/:id`]: { request: async (c) => ({ url: `${API}/${(await freshReport(c)).id}` }), expect: ADMINS_WRITE },
  [`POST ${API}/:id/run`]: { request: async (c) => ({ url: `${API}/${(await freshReport(c)).id}/run` }), expect: ADMINS_WRITE },
  [`GET ${API}/:id/runs`]: { request: async (c) => ({ url: `${API}/${(await freshReport(c)).id}/runs` }), expect: ADMINS_READ },
});
