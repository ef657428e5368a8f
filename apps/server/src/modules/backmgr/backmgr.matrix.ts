/**
 * The back office's rows: every endpoint answers the back-office user (admin) alone. "page" and
 * "pageButton" hold every permission, backMgr:manage included, and still get 403; god view
 * (the administrator looking as sales.manager) too.
 */
import { LOGIN_ONLY, one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

/** Only the back-office user; everyone else signed in gets 403. */
const ADMIN_ONLY = '401 401 403 403 403 403 403 200 403';
const J = '/api/backmgr/rest/v1/jobs';

const job = async (c: CellContext, state: string) =>
  one(
    c.pool,
    `INSERT INTO jobs (kind, state, attempts, last_error, finished_at)
     VALUES ('matrix.job', $1, 1, 'matrix', CASE WHEN $1 = 'queued' THEN NULL ELSE now() END) RETURNING id`,
    [state],
  );

const N = '/api/backmgr/rest/v1/notices';
const notice = async (c: CellContext, state: string) =>
  one(
    c.pool,
    `INSERT INTO system_notices (title_en, body_en, publish_from, state) VALUES ($1, 'matrix', now() - interval '1 hour', $2) RETURNING id`,
    [`matrix ${c.n}`, state],
  );
const noticeBody = (c: CellContext) => ({
  titleEn: `matrix ${c.n}`,
  bodyEn: 'matrix',
  level: 'info',
  audience: 'everyone',
  publishFrom: '2026-01-01T00:00:00Z',
});
/** Any signed-in user acknowledges a notice shown to them; god view does not (403). */
const ACK = '401 401 200 200 200 200 200 200 403';

const F = '/api/backmgr/rest/v1/fba-codes';
const fbaCode = async (c: CellContext) =>
  one(c.pool, `INSERT INTO fba_codes (code, market_id, country) VALUES ($1, 9, 'AU') RETURNING id`, [`MX${c.n}`]);
const fbaBody = (c: CellContext) => ({ code: `MY${c.n}`, marketId: 9, country: 'AU' });

export const matrixRows = (): Record<string, Row> => ({
  [`GET ${J}`]: { request: () => ({ url: J, query: { state: 'failed' } }), expect: ADMIN_ONLY },
  [`GET ${J}/kinds`]: { request: () => ({ url: `${J}/kinds` }), expect: ADMIN_ONLY },
  [`GET ${J}/:id`]: {
    request: async (c) => ({ url: `${J}/${(await job(c, 'failed')).id}` }),
    expect: ADMIN_ONLY,
  },
  [`POST ${J}/:id/retry`]: {
    request: async (c) => ({ url: `${J}/${(await job(c, 'failed')).id}/retry` }),
    expect: ADMIN_ONLY,
  },
  [`POST ${J}/:id/cancel`]: {
    request: async (c) => ({ url: `${J}/${(await job(c, 'queued')).id}/cancel` }),
    expect: ADMIN_ONLY,
  },

  [`GET ${N}`]: { request: () => ({ url: N, query: { state: 'published' } }), expect: ADMIN_ONLY },
  [`GET ${N}/audience`]: { request: () => ({ url: `${N}/audience` }), expect: ADMIN_ONLY },
  [`POST ${N}`]: { request: (c) => ({ url: N, body: noticeBody(c) }), expect: ADMIN_ONLY },
  [`PUT ${N}/:id`]: {
    request: async (c) => ({ url: `${N}/${(await notice(c, 'draft')).id}`, body: noticeBody(c) }),
    expect: ADMIN_ONLY,
  },
  [`POST ${N}/:id/publish`]: {
    request: async (c) => ({ url: `${N}/${(await notice(c, 'draft')).id}/publish` }),
    expect: ADMIN_ONLY,
  },
  [`POST ${N}/:id/withdraw`]: {
    request: async (c) => ({ url: `${N}/${(await notice(c, 'published')).id}/withdraw` }),
    expect: ADMIN_ONLY,
  },
  [`DELETE ${N}/:id`]: {
    request: async (c) => ({ url: `${N}/${(await notice(c, 'draft')).id}` }),
    expect: ADMIN_ONLY,
  },
  [`GET ${F}`]: { request: () => ({ url: F, query: { marketId: '0' } }), expect: ADMIN_ONLY },
  [`POST ${F}`]: { request: (c) => ({ url: F, body: fbaBody(c) }), expect: ADMIN_ONLY },
  [`PUT ${F}/:id`]: { request: async (c) => ({ url: `${F}/${(await fbaCode(c)).id}`, body: fbaBody(c) }), expect: ADMIN_ONLY },
  [`DELETE ${F}/:id`]: { request: async (c) => ({ url: `${F}/${(await fbaCode(c)).id}` }), expect: ADMIN_ONLY },
  'GET /api/user/rest/v1/notices/unacknowledged': {
    request: () => ({ url: '/api/user/rest/v1/notices/unacknowledged' }),
    expect: LOGIN_ONLY,
  },
  'POST /api/user/rest/v1/notices/:id/acknowledge': {
    request: async (c) => ({ url: `/api/user/rest/v1/notices/${(await notice(c, 'published')).id}/acknowledge` }),
    expect: ACK,
  },
});
