/**
 * The back office's rows: every endpoint answers the back-office user (admin) alone. "page" and
 * "pageButton" hold every permission, backMgr:manage included, and still get 403; god view
 * (the administrator looking as sales.manager) too.
 */
import { createHash } from 'node:crypto';
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

const D = '/api/backmgr/rest/v1/docs';
const doc = async (c: CellContext) =>
  one(
    c.pool,
    `WITH d AS (INSERT INTO backmgr_docs (title_en, category, body) VALUES ($1, 'guide', '<p>matrix</p>') RETURNING id)
     INSERT INTO backmgr_doc_versions (doc_id, no, title_zh, title_en, category, body)
     SELECT id, 1, '', $1, 'guide', '<p>matrix</p>' FROM d RETURNING doc_id AS id`,
    [`matrix ${c.n}`],
  );
const docBody = (c: CellContext) => ({ titleEn: `matrix ${c.n}`, category: 'guide', body: '<p>matrix</p>' });
const pdf = (n: number) => Buffer.from(`%PDF-1.7\nmatrix doc ${n}\n%%EOF\n`);
/** A document with one attachment of the administrator (a pdf in the file store). */
async function docWithFile(c: CellContext) {
  const { id } = await doc(c);
  const bytes = pdf(c.n);
  const sha = createHash('sha256').update(bytes).digest('hex');
  await c.pool.query(
    `INSERT INTO file_blobs (sha256, size, type, chunk_size) VALUES ($1, $2, 'pdf', 262144) ON CONFLICT DO NOTHING`,
    [sha, bytes.length],
  );
  await c.pool.query(`INSERT INTO file_chunks (sha256, seq, data) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING`, [sha, bytes]);
  const file = await one(
    c.pool,
    `INSERT INTO files (account_id, purpose, blob_sha, name, owner_id, entity)
     SELECT 1, 'document', $1, $2, id, $3 FROM users WHERE login_name = 'admin' RETURNING id`,
    [sha, `matrix-${c.n}.pdf`, `backmgr-doc:${id}`],
  );
  await c.pool.query(
    `INSERT INTO backmgr_doc_attachments (doc_id, file_id, name, size, content_type) VALUES ($1, $2, $3, $4, 'application/pdf')`,
    [id, file.id, `matrix-${c.n}.pdf`, bytes.length],
  );
  return { id, fileId: file.id };
}
const M = '/api/backmgr/rest/v1/menu-config';

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
  [`GET ${D}`]: { request: () => ({ url: D, query: { state: 'published' } }), expect: ADMIN_ONLY },
  [`GET ${D}/:id`]: { request: async (c) => ({ url: `${D}/${(await doc(c)).id}` }), expect: ADMIN_ONLY },
  [`POST ${D}`]: { request: (c) => ({ url: D, body: docBody(c) }), expect: ADMIN_ONLY },
  [`PUT ${D}/:id`]: {
    request: async (c) => ({ url: `${D}/${(await doc(c)).id}`, body: { ...docBody(c), version: 1 } }),
    expect: ADMIN_ONLY,
  },
  [`DELETE ${D}/:id`]: { request: async (c) => ({ url: `${D}/${(await doc(c)).id}` }), expect: ADMIN_ONLY },
  [`GET ${D}/:id/versions/:no`]: { request: async (c) => ({ url: `${D}/${(await doc(c)).id}/versions/1` }), expect: ADMIN_ONLY },
  [`POST ${D}/:id/versions/:no/restore`]: {
    request: async (c) => ({ url: `${D}/${(await doc(c)).id}/versions/1/restore`, body: { version: 1 } }),
    expect: ADMIN_ONLY,
  },
  [`POST ${D}/attachments`]: {
    request: async (c) => ({
      url: `${D}/attachments`,
      multipart: { fields: { docId: String((await doc(c)).id) }, file: { name: `matrix-${c.n}.pdf`, bytes: pdf(c.n) } },
    }),
    expect: ADMIN_ONLY,
  },
  [`GET ${D}/:id/attachments/:fileId`]: {
    request: async (c) => {
      const d = await docWithFile(c);
      return { url: `${D}/${d.id}/attachments/${d.fileId}` };
    },
    expect: ADMIN_ONLY,
  },
  [`DELETE ${D}/:id/attachments/:fileId`]: {
    request: async (c) => {
      const d = await docWithFile(c);
      return { url: `${D}/${d.id}/attachments/${d.fileId}` };
    },
    expect: ADMIN_ONLY,
  },
  [`GET ${M}`]: { request: () => ({ url: M, query: { group: 'backMgr' } }), expect: ADMIN_ONLY },
  [`PUT ${M}`]: {
    request: () => ({ url: M, body: { kind: 'route', key: '/backMgr/fbacode', sort: 5, hidden: false } }),
    expect: ADMIN_ONLY,
  },
  [`DELETE ${M}`]: { request: () => ({ url: M, query: { kind: 'group', key: 'backMgr' } }), expect: ADMIN_ONLY },
  // Every signed-in user's menu reads the overlay (it only hides, sorts and renames what they may open).
  'GET /api/user/rest/v1/menu-overlay': { request: () => ({ url: '/api/user/rest/v1/menu-overlay' }), expect: LOGIN_ONLY },
  'GET /api/user/rest/v1/notices/unacknowledged': {
    request: () => ({ url: '/api/user/rest/v1/notices/unacknowledged' }),
    expect: LOGIN_ONLY,
  },
  'POST /api/user/rest/v1/notices/:id/acknowledge': {
    request: async (c) => ({ url: `/api/user/rest/v1/notices/${(await notice(c, 'published')).id}/acknowledge` }),
    expect: ACK,
  },
});
