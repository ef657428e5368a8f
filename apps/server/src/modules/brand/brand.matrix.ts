/**
 * Permission-matrix rows of brand. The KOLs need digitize:brandKol (reads) and its create, edit and
 * delete buttons (writes: the page actor is refused, the page-and-button actor and the
 * administrator pass); the board needs digitize:brandExposure. Both are company data: the shop
 * accounts are refused whatever they hold. God view looks as sales.manager, who holds the page and its buttons through the demo roles.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const READ = '401 401 403 200 200 403 403 200 200';
const BUTTON = '401 401 403 403 200 403 403 200 200';
const API = '/api/digitize/rest/v1/brand';

/** A KOL no other cell uses, in a state. */
async function freshKol(c: CellContext, state = 'prospect') {
  const handles = JSON.stringify([{ platform: 'TT', handle: `@matrix${c.n}`, followers: 10 }]);
  const k = await one(
    c.pool,
    `INSERT INTO brand_kols (account_id, name, handles, followers, country, language, category, state)
     VALUES (1, $1, $2::jsonb, 10, 'US', 'en', 'tech', $3) RETURNING id, version`,
    [`Matrix KOL ${c.n}`, handles, state],
  );
  return { id: Number(k.id), version: Number(k.version) };
}
async function freshCooperation(c: CellContext) {
  const k = await freshKol(c, 'cooperating');
  const r = await one(
    c.pool,
    `INSERT INTO brand_cooperations (account_id, kol_id, platform, deliverable, cost) VALUES (1, $1, 'TT', 'Matrix', 10) RETURNING id, version`,
    [k.id],
  );
  return { id: Number(r.id), version: Number(r.version) };
}
const kolBody = (c: CellContext) => ({
  name: `Matrix KOL body ${c.n}`,
  handles: [{ platform: 'IG', handle: `@matrixbody${c.n}`, followers: 5 }],
  country: 'DE',
  language: 'de',
  category: 'home',
});
const coopBody = { platform: 'TT', deliverable: 'Matrix video', cost: 100 };

export const matrixRows = (): Record<string, Row> => ({
  [`GET ${API}/kols`]: { request: () => ({ url: `${API}/kols` }), expect: READ },
  [`GET ${API}/kols/excel`]: { request: () => ({ url: `${API}/kols/excel` }), expect: READ },
  [`GET ${API}/kols/options`]: { request: () => ({ url: `${API}/kols/options` }), expect: READ },
  [`GET ${API}/kols/:id`]: { request: async (c) => ({ url: `${API}/kols/${(await freshKol(c)).id}` }), expect: READ },
  [`POST ${API}/kols`]: { request: (c) => ({ url: `${API}/kols`, body: kolBody(c) }), expect: BUTTON },
  [`PUT ${API}/kols/:id`]: {
    request: async (c) => {
      const k = await freshKol(c);
      return { url: `${API}/kols/${k.id}`, body: { ...kolBody(c), version: k.version } };
    },
    expect: BUTTON,
  },
  [`POST ${API}/kols/:id/actions`]: {
    request: async (c) => {
      const k = await freshKol(c);
      return { url: `${API}/kols/${k.id}/actions`, body: { action: 'contact', version: k.version } };
    },
    expect: BUTTON,
  },
  [`DELETE ${API}/kols/:id`]: { request: async (c) => ({ url: `${API}/kols/${(await freshKol(c)).id}` }), expect: BUTTON },
  [`GET ${API}/kols/:id/cooperations`]: {
    request: async (c) => ({ url: `${API}/kols/${(await freshKol(c)).id}/cooperations` }),
    expect: READ,
  },
  [`POST ${API}/kols/:id/cooperations`]: {
    request: async (c) => ({ url: `${API}/kols/${(await freshKol(c, 'cooperating')).id}/cooperations`, body: coopBody }),
    expect: BUTTON,
  },
  [`PUT ${API}/cooperations/:id`]: {
    request: async (c) => {
      const r = await freshCooperation(c);
      return { url: `${API}/cooperations/${r.id}`, body: { ...coopBody, version: r.version } };
    },
    expect: BUTTON,
  },
  [`DELETE ${API}/cooperations/:id`]: {
    request: async (c) => ({ url: `${API}/cooperations/${(await freshCooperation(c)).id}` }),
    expect: BUTTON,
  },
  [`GET ${API}/exposure`]: { request: () => ({ url: `${API}/exposure` }), expect: READ },
  [`GET ${API}/exposure/excel`]: { request: () => ({ url: `${API}/exposure/excel` }), expect: READ },
});
