/**
 * The back office's rows: every endpoint answers the back-office user (admin) alone. "page" and
 * "pageButton" hold every permission, backMgr:manage included, and still get 403; god view
 * (the administrator looking as sales.manager) too.
 */
import { one } from '../../../test/matrix/cells';
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
});
