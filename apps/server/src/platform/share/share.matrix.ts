/**
 * Permission-matrix rows of the share links (platform/share, listed with the areas). The
 * routes are the same for every kind (the projects' `project`, `data-view`, `chat-task`, whose
 * own cases are in projects-share.test.ts): the matrix app mounts the tests' kind
 * (test/share-kinds.ts: account 1's own row, for holders of the project board), so these rows
 * prove each route's rule on a kind whose record every account's cell can be reasoned about.
 */

import { LOGIN_ONLY, one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';
import { TEST_SHARE_KIND } from '../../../test/share-kinds';

/** A live link to account 1's record, made by the administrator, fresh per cell. */
const adminLink = (c: CellContext) =>
  one(
    c.pool,
    `INSERT INTO share_links (token_hash, kind, entity_id, account_id, created_by, expires_at)
     SELECT $1, $2, '1', 1, id, now() + interval '1 hour' FROM users WHERE login_name = 'admin' RETURNING id`,
    [`matrix-${c.n}`, TEST_SHARE_KIND],
  );

// Account 1's record, for the holders of the project board (page, pageButton, admin); the
// shop accounts' users and sales.manager (god view) do not hold it: 403.
const KIND_HOLDERS = '401 401 403 200 200 403 403 200 403';

export const matrixRows = (): Record<string, Row> => ({
  'POST /api/share/links': {
    request: () => ({ url: '/api/share/links', body: { kind: TEST_SHARE_KIND, entityId: '1', expiresInHours: 1 } }),
    expect: KIND_HOLDERS,
  },
  'GET /api/share/links/mine': { request: () => ({ url: '/api/share/links/mine' }), expect: LOGIN_ONLY },
  'GET /api/share/links/:kind/:entityId': {
    request: () => ({ url: `/api/share/links/${TEST_SHARE_KIND}/1` }),
    expect: KIND_HOLDERS,
  },
  // The administrator's link: the creator and the kind's holders of account 1 revoke it;
  // another account's user is told nothing of it (404).
  'POST /api/share/links/:id/revoke': {
    request: async (c) => ({ url: `/api/share/links/${(await adminLink(c)).id}/revoke` }),
    expect: '401 401 403 200 200 404 404 200 403',
  },
  // Public: no session is read, and a made-up token is unknown to everyone, signed in or not.
  'GET /api/public/share/:token': {
    request: (c) => ({ url: `/api/public/share/made-up-token-${c.n}` }),
    expect: '404 404 404 404 404 404 404 404 404',
  },
});
