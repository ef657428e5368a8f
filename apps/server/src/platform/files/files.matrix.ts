/** Permission-matrix rows of the file store (platform/files, listed with the areas). */
import { createHash } from 'node:crypto';
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const pdf = (n: number) => Buffer.from(`%PDF-1.7\nmatrix cell ${n}\n%%EOF\n`);

/** A research document of the administrator (account 1), fresh per cell. */
async function freshResearchFile(c: CellContext) {
  const bytes = pdf(c.n);
  const sha = createHash('sha256').update(bytes).digest('hex');
  await c.pool.query(
    `INSERT INTO file_blobs (sha256, size, type, chunk_size) VALUES ($1, $2, 'pdf', 262144) ON CONFLICT DO NOTHING`,
    [sha, bytes.length],
  );
  await c.pool.query(`INSERT INTO file_chunks (sha256, seq, data) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING`, [sha, bytes]);
  return one(
    c.pool,
    `INSERT INTO files (account_id, purpose, blob_sha, name, owner_id)
     SELECT 1, 'research', $1, $2, id FROM users WHERE login_name = 'admin' RETURNING id`,
    [sha, `matrix-${c.n}.pdf`],
  );
}

/** A stored export of the administrator (a csv of a permission everyone who reaches it holds), fresh per cell. */
async function freshStoredExport(c: CellContext) {
  const bytes = Buffer.from(`name\r\nmatrix ${c.n}\r\n`);
  const sha = createHash('sha256').update(bytes).digest('hex');
  await c.pool.query(
    `INSERT INTO file_blobs (sha256, size, type, chunk_size) VALUES ($1, $2, 'csv', 262144) ON CONFLICT DO NOTHING`,
    [sha, bytes.length],
  );
  await c.pool.query(`INSERT INTO file_chunks (sha256, seq, data) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING`, [sha, bytes]);
  const file = await one(
    c.pool,
    `INSERT INTO files (account_id, purpose, blob_sha, name, owner_id)
     SELECT 1, 'export', $1, $2, id FROM users WHERE login_name = 'admin' RETURNING id, owner_id`,
    [sha, `matrix-${c.n}.csv`],
  );
  return one(
    c.pool,
    `INSERT INTO stored_exports (account_id, user_id, file_id, endpoint, path, query, permission, file_name, content_type, size, expires_at)
     VALUES (1, $1, $2, 'GET product/rest/v1/products/excel', '/api/product/rest/v1/products/excel', '{}', 'tools:download',
             $3, 'text/csv; charset=utf-8', $4, now() + interval '7 days') RETURNING id`,
    [file.owner_id, file.id, `matrix-${c.n}.csv`, bytes.length],
  );
}

/** A queued background export of the administrator, fresh per cell. */
const freshExportJob = (c: CellContext) =>
  one(
    c.pool,
    `INSERT INTO export_jobs (account_id, user_id, endpoint, query)
     SELECT 1, id, 'GET product/rest/v1/products/excel', jsonb_build_object('keyword', $1::text) FROM users WHERE login_name = 'admin'
     RETURNING id`,
    [`matrix ${c.n}`],
  );

/** The file store's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
export const matrixRows = (): Record<string, Row> => ({
  // Research documents need the project board's edit button.
  'POST /api/files/upload': {
    request: (c) => ({
      url: '/api/files/upload?purpose=research',
      multipart: { fields: {}, file: { name: `matrix-${c.n}.pdf`, bytes: pdf(c.n) } },
    }),
    expect: '401 401 403 403 200 403 403 200 403',
  },
  // Reading one needs the project board (or being its owner, the administrator); another account's user is told nothing.
  'GET /api/files/:id': {
    request: async (c) => ({ url: `/api/files/${(await freshResearchFile(c)).id}` }),
    expect: '401 401 403 200 200 404 404 200 403',
  },
  // The download centre: one's own stored exports only (the administrator's are nobody else's).
  'GET /api/files/exports': {
    request: () => ({ url: '/api/files/exports' }),
    expect: '401 401 403 200 200 403 403 200 403',
  },
  'GET /api/files/exports/:id': {
    request: async (c) => ({ url: `/api/files/exports/${(await freshStoredExport(c)).id}` }),
    expect: '401 401 403 404 404 403 403 200 403',
  },
  'DELETE /api/files/exports/:id': {
    request: async (c) => ({ url: `/api/files/exports/${(await freshStoredExport(c)).id}` }),
    expect: '401 401 403 404 404 403 403 200 403',
  },
  // Background exports: the download centre's permission, then the export's own (a button).
  'POST /api/files/exports/jobs': {
    request: async (c) => {
      // The matrix's own queued exports of other cells would fill the administrator's queue.
      await c.pool.query(
        `UPDATE export_jobs SET state = 'cancelled' WHERE state = 'queued' AND query->>'keyword' LIKE 'matrix %'`,
      );
      return { url: '/api/files/exports/jobs', body: { endpoint: 'GET product/rest/v1/products/excel', query: {} } };
    },
    expect: '401 401 403 403 200 403 403 200 403',
  },
  'GET /api/files/exports/jobs': {
    request: () => ({ url: '/api/files/exports/jobs' }),
    expect: '401 401 403 200 200 403 403 200 403',
  },
  'GET /api/files/exports/jobs/:id': {
    request: async (c) => ({ url: `/api/files/exports/jobs/${(await freshExportJob(c)).id}` }),
    expect: '401 401 403 404 404 403 403 200 403',
  },
  'POST /api/files/exports/jobs/:id/cancel': {
    request: async (c) => ({ url: `/api/files/exports/jobs/${(await freshExportJob(c)).id}/cancel` }),
    expect: '401 401 403 404 404 403 403 200 403',
  },
  'GET /api/files/exports/exportables': {
    request: () => ({ url: '/api/files/exports/exportables' }),
    expect: '401 401 403 200 200 403 403 200 403',
  },
});
