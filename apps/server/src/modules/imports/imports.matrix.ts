/** Permission-matrix rows of the one import facility (modules/imports): uploads, previews, commits, reverts. */
import { readFileSync } from 'node:fs';
import { LOGIN_ONLY, lumioListing, one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

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

/** The import facility's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
export const matrixRows = (): Record<string, Row> => ({
  'POST /api/imports': {
    request: async (c) => ({
      url: '/api/imports',
      multipart: {
        fields: { kind: 'all-orders', shopId: String((await lumioListing(c)).shopId) },
        file: { name: 'orders.txt', bytes: readFileSync(new URL('../../../test/fixtures/imports/ao-2023.txt', import.meta.url)) },
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
});
