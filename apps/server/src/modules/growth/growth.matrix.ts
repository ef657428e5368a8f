/**
 * Permission-matrix rows of growth. Every route needs a staff member of the company holding
 * user:info (none and the shop accounts are refused; godView looks as sales.manager, who holds
 * it through the demo roles). A review's cell is a fresh review of matrix.page (the page actor)
 * whose leader is matrix.button (the page-and-button actor): only the employee writes the self
 * part, only the leader the leader part; reading it is theirs and HR's (user:organization:edit,
 * which the button actor and the administrator hold). Cycles: HR and the administrator;
 * values: the administrator. Study records need digitize:grow:study (godView holds it through the
 * demo roles); a record's cell is a fresh record of matrix.page, who has no leader: only they
 * change it, HR (the button actor) and the administrator confirm it, nobody writes under god view.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const READ = '401 401 403 200 200 403 403 200 200';
const REVIEW_READ = '401 401 403 200 200 403 403 200 403';
const EMPLOYEE = '401 401 403 200 403 403 403 403 403';
const LEADER = '401 401 403 403 200 403 403 403 403';
const HR = '401 401 403 403 200 403 403 200 403';
const ADMIN = '401 401 403 403 403 403 403 200 403';
const API = '/api/grow/rest/v1';

/** An open cycle of a quarter no other cell uses. */
async function freshCycle(c: CellContext) {
  const dims = JSON.stringify([{ key: 'v1', nameZh: '维度', nameEn: 'Dimension', description: '' }]);
  return one(
    c.pool,
    `INSERT INTO growth_cycles (account_id, quarter, dimensions) VALUES (1, $1, $2::jsonb) RETURNING id, version`,
    [`${1000 + c.n}Q2`, dims],
  );
}

/** A review of matrix.page led by matrix.button, in a state, its self part filled. */
async function freshReview(c: CellContext, state = 'draft') {
  const cycle = await freshCycle(c);
  const r = await one(
    c.pool,
    `INSERT INTO growth_reviews (account_id, cycle_id, employee_id, leader_id, state, self_goals, self_achievements, self_scores)
     SELECT 1, $1, e.id, l.id, $2, 'Goals met', 'Shipped', '[{"dimension":"v1","score":4}]'::jsonb
       FROM users e, users l WHERE e.login_name = 'matrix.page' AND l.login_name = 'matrix.button' RETURNING id, version`,
    [cycle.id, state],
  );
  return { id: Number(r.id), version: Number(r.version) };
}

async function freshValue(c: CellContext) {
  const v = await one(
    c.pool,
    `INSERT INTO growth_values (account_id, name_zh, name_en, behaviours) VALUES (1, $1, $2, '["Shows it"]'::jsonb) RETURNING id, version`,
    [`矩阵 ${c.n}`, `Matrix ${c.n}`],
  );
  return { id: Number(v.id), version: Number(v.version) };
}

/** A study record of matrix.page in a state. */
async function freshStudy(c: CellContext, state = 'planned') {
  const r = await one(
    c.pool,
    `INSERT INTO growth_study (account_id, employee_id, title, kind, hours, state, end_day)
     SELECT 1, e.id, $1, 'course', 4, $2, current_date FROM users e WHERE e.login_name = 'matrix.page' RETURNING id, version`,
    [`Matrix course ${c.n}`, state],
  );
  return { id: Number(r.id), version: Number(r.version) };
}
const studyBody = (c: CellContext) => ({ title: `Matrix study ${c.n}`, kind: 'book', hours: 2.5 });
const WRITER = '401 401 403 200 200 403 403 200 403';

/** A badge no other cell uses, and an award of it to matrix.page by the administrator. */
async function freshBadge(c: CellContext) {
  const b = await one(
    c.pool,
    `INSERT INTO growth_badges (account_id, name_zh, name_en, icon) VALUES (1, $1, $2, 'star') RETURNING id, version`,
    [`矩阵徽章 ${c.n}`, `Matrix badge ${c.n}`],
  );
  return { id: Number(b.id), version: Number(b.version) };
}
async function freshAward(c: CellContext) {
  const b = await freshBadge(c);
  const a = await one(
    c.pool,
    `INSERT INTO growth_badge_awards (account_id, badge_id, employee_id, reason, day, awarded_by)
     SELECT 1, $1, e.id, 'Matrix', current_date, a.id FROM users e, users a WHERE e.login_name = 'matrix.page' AND a.login_name = 'admin'
     RETURNING id, version`,
    [b.id],
  );
  return { id: Number(a.id), version: Number(a.version) };
}
const badgeBody = (c: CellContext) => ({ nameZh: `矩阵章 ${c.n}`, nameEn: `Matrix mark ${c.n}`, icon: 'rocket' });

const valueBody = (c: CellContext) => ({ nameZh: `矩阵值 ${c.n}`, nameEn: `Matrix value ${c.n}`, behaviours: ['Shows it'] });

export const matrixRows = (): Record<string, Row> => ({
  [`GET ${API}/cycles`]: { request: () => ({ url: `${API}/cycles` }), expect: READ },
  [`POST ${API}/cycles`]: {
    request: (c) => ({ url: `${API}/cycles`, body: { quarter: `${1000 + c.n}Q3` } }),
    expect: HR,
  },
  [`POST ${API}/cycles/:id/close`]: {
    request: async (c) => {
      const cy = await freshCycle(c);
      return { url: `${API}/cycles/${cy.id}/close`, body: { version: Number(cy.version) } };
    },
    expect: HR,
  },
  [`GET ${API}/reviews`]: { request: () => ({ url: `${API}/reviews` }), expect: READ },
  [`GET ${API}/reviews/:id`]: {
    request: async (c) => ({ url: `${API}/reviews/${(await freshReview(c)).id}` }),
    expect: REVIEW_READ,
  },
  [`PUT ${API}/reviews/:id/self`]: {
    request: async (c) => {
      const r = await freshReview(c);
      return { url: `${API}/reviews/${r.id}/self`, body: { version: r.version, goalsMet: 'All met' } };
    },
    expect: EMPLOYEE,
  },
  [`PUT ${API}/reviews/:id/leader`]: {
    request: async (c) => {
      const r = await freshReview(c, 'selfSubmitted');
      return { url: `${API}/reviews/${r.id}/leader`, body: { version: r.version, comments: 'Good quarter', rating: 4 } };
    },
    expect: LEADER,
  },
  [`POST ${API}/reviews/:id/actions`]: {
    request: async (c) => {
      const r = await freshReview(c);
      return { url: `${API}/reviews/${r.id}/actions`, body: { action: 'submitSelf', version: r.version } };
    },
    expect: EMPLOYEE,
  },
  [`GET ${API}/reviews/:id/events`]: {
    request: async (c) => ({ url: `${API}/reviews/${(await freshReview(c)).id}/events` }),
    expect: REVIEW_READ,
  },
  [`GET ${API}/reviews/:id/objectives`]: {
    request: async (c) => ({ url: `${API}/reviews/${(await freshReview(c)).id}/objectives` }),
    expect: REVIEW_READ,
  },
  [`GET ${API}/values`]: { request: () => ({ url: `${API}/values` }), expect: READ },
  [`POST ${API}/values`]: { request: (c) => ({ url: `${API}/values`, body: valueBody(c) }), expect: ADMIN },
  [`PUT ${API}/values/:id`]: {
    request: async (c) => {
      const v = await freshValue(c);
      return { url: `${API}/values/${v.id}`, body: { ...valueBody(c), version: v.version } };
    },
    expect: ADMIN,
  },
  [`DELETE ${API}/values/:id`]: { request: async (c) => ({ url: `${API}/values/${(await freshValue(c)).id}` }), expect: ADMIN },
  [`GET ${API}/study`]: { request: () => ({ url: `${API}/study` }), expect: READ },
  [`GET ${API}/study/summary`]: { request: () => ({ url: `${API}/study/summary` }), expect: READ },
  [`GET ${API}/study/excel`]: { request: () => ({ url: `${API}/study/excel` }), expect: READ },
  [`GET ${API}/study/:id`]: {
    request: async (c) => ({ url: `${API}/study/${(await freshStudy(c)).id}` }),
    expect: REVIEW_READ,
  },
  [`POST ${API}/study`]: { request: (c) => ({ url: `${API}/study`, body: studyBody(c) }), expect: WRITER },
  [`PUT ${API}/study/:id`]: {
    request: async (c) => {
      const r = await freshStudy(c);
      return { url: `${API}/study/${r.id}`, body: { ...studyBody(c), version: r.version } };
    },
    expect: EMPLOYEE,
  },
  [`DELETE ${API}/study/:id`]: { request: async (c) => ({ url: `${API}/study/${(await freshStudy(c)).id}` }), expect: EMPLOYEE },
  [`POST ${API}/study/:id/actions`]: {
    request: async (c) => {
      const r = await freshStudy(c, 'completed');
      return { url: `${API}/study/${r.id}/actions`, body: { action: 'confirm', version: r.version } };
    },
    expect: HR,
  },
  [`GET ${API}/badges`]: { request: () => ({ url: `${API}/badges` }), expect: READ },
  [`GET ${API}/badges/access`]: { request: () => ({ url: `${API}/badges/access` }), expect: READ },
  [`GET ${API}/badges/awards`]: { request: () => ({ url: `${API}/badges/awards` }), expect: READ },
  [`GET ${API}/badges/wall`]: { request: () => ({ url: `${API}/badges/wall` }), expect: READ },
  [`POST ${API}/badges`]: { request: (c) => ({ url: `${API}/badges`, body: badgeBody(c) }), expect: HR },
  [`PUT ${API}/badges/:id`]: {
    request: async (c) => {
      const b = await freshBadge(c);
      return { url: `${API}/badges/${b.id}`, body: { ...badgeBody(c), version: b.version } };
    },
    expect: HR,
  },
  [`POST ${API}/badges/:id/actions`]: {
    request: async (c) => {
      const b = await freshBadge(c);
      return { url: `${API}/badges/${b.id}/actions`, body: { action: 'retire', version: b.version } };
    },
    expect: HR,
  },
  [`DELETE ${API}/badges/:id`]: { request: async (c) => ({ url: `${API}/badges/${(await freshBadge(c)).id}` }), expect: HR },
  // HR (the button actor) and the administrator award anyone; matrix.page may not award themself.
  [`POST ${API}/badges/awards`]: {
    request: async (c) => {
      const b = await freshBadge(c);
      const e = await one(c.pool, `SELECT id FROM users WHERE login_name = 'matrix.page'`);
      return { url: `${API}/badges/awards`, body: { badgeId: b.id, employeeId: Number(e.id), reason: 'Matrix' } };
    },
    expect: HR,
  },
  [`POST ${API}/badges/awards/:id/revoke`]: {
    request: async (c) => {
      const a = await freshAward(c);
      return { url: `${API}/badges/awards/${a.id}/revoke`, body: { version: a.version, reason: 'Matrix' } };
    },
    expect: HR,
  },
});
