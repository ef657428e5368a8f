/**
 * Permission-matrix rows of OKR. Reads need an OKR page; writes need the page's button and
 * the objective's owner or the administrator: each cell's objective is pm's, fresh, so the
 * page holders (buttons or not) are refused and the administrator acts. A new objective is
 * the caller's own: the button holder creates it (200), the page holder without the button
 * is refused. godView looks as sales.manager, who holds no OKR page.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 403 403 403 200 403';
const CREATE = '401 401 403 403 200 403 403 200 403';
const API = '/api/okr/rest/v1';
const QUARTER = '2026Q4';

/** A GTM objective of pm with one manual key result, fresh per cell. */
async function fresh(c: CellContext, state = 'draft') {
  const o = await one(
    c.pool,
    `INSERT INTO okr_objectives (account_id, list_type, quarter, title, owner_id, state)
     SELECT 1, 1, $1, $2, id, $3 FROM users WHERE login_name = 'pm' RETURNING id, version`,
    [QUARTER, `Matrix objective ${c.n}`, state],
  );
  const k = await one(
    c.pool,
    `INSERT INTO okr_key_results (objective_id, title, weight, kind, target) VALUES ($1, 'Matrix KR', 1, 'manual', 1) RETURNING id, version`,
    [o.id],
  );
  return { id: Number(o.id), version: Number(o.version), kr: Number(k.id), krVersion: Number(k.version) };
}

const body = (c: CellContext) => ({
  quarter: QUARTER,
  title: `Matrix objective ${c.n}`,
  keyResults: [{ title: 'Signed partner', weight: 1, kind: 'manual', target: 1 }],
});

export const matrixRows = (): Record<string, Row> => ({
  [`GET ${API}/objectives`]: { request: () => ({ url: `${API}/objectives`, query: { listType: '1' } }), expect: READ },
  [`GET ${API}/objectives/:id`]: { request: async (c) => ({ url: `${API}/objectives/${(await fresh(c)).id}` }), expect: READ },
  [`POST ${API}/objectives`]: {
    request: (c) => ({ url: `${API}/objectives`, body: { listType: 1, ...body(c) } }),
    expect: CREATE,
  },
  [`PUT ${API}/objectives/:id`]: {
    request: async (c) => {
      const o = await fresh(c);
      return { url: `${API}/objectives/${o.id}`, body: { ...body(c), version: o.version } };
    },
    expect: WRITE,
  },
  [`POST ${API}/objectives/:id/publish`]: {
    request: async (c) => {
      const o = await fresh(c);
      return { url: `${API}/objectives/${o.id}/publish`, body: { version: o.version } };
    },
    expect: WRITE,
  },
  [`POST ${API}/objectives/:id/close`]: {
    request: async (c) => {
      const o = await fresh(c, 'published');
      return { url: `${API}/objectives/${o.id}/close`, body: { version: o.version } };
    },
    expect: WRITE,
  },
  [`DELETE ${API}/objectives/:id`]: {
    request: async (c) => ({ url: `${API}/objectives/${(await fresh(c)).id}` }),
    expect: WRITE,
  },
  [`GET ${API}/keyResults`]: { request: () => ({ url: `${API}/keyResults` }), expect: READ },
  [`POST ${API}/keyResults/:id/checkins`]: {
    request: async (c) => {
      const o = await fresh(c, 'published');
      return { url: `${API}/keyResults/${o.kr}/checkins`, body: { version: o.krVersion, score: 0.5, comment: 'Halfway' } };
    },
    expect: WRITE,
  },
  [`GET ${API}/keyResults/:id/checkins`]: {
    request: async (c) => ({ url: `${API}/keyResults/${(await fresh(c)).kr}/checkins` }),
    expect: READ,
  },
  [`GET ${API}/dashboard`]: { request: () => ({ url: `${API}/dashboard`, query: { quarter: QUARTER } }), expect: READ },
  [`GET ${API}/options`]: { request: () => ({ url: `${API}/options` }), expect: READ },
});
