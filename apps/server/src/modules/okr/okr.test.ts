import { OBJECTIVE_MACHINE, OBJECTIVE_STATES, objectiveScore, quarterDays, quarterOf } from '@bo/contract/okr/okr';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';

const t = testAppPerFile();
let admin: string;
let pm: string;
let reader: string;
let pmId: number;
const API = '/api/okr/rest/v1';
let quarter: string;

async function user(login: string, perms: string[]): Promise<number> {
  const [pw] = await t.rows<{ password_hash: string }>(`SELECT password_hash FROM users WHERE login_name = 'pm'`);
  const [u] = await t.rows<{ id: number }>(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type) VALUES (1, $1, $1, $2, 1) RETURNING id`,
    [login, pw?.password_hash],
  );
  const [r] = await t.rows<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES (1, $1) RETURNING id`, [`${login} role`]);
  await t.rows(`INSERT INTO user_roles VALUES ($1, $2)`, [u?.id, r?.id]);
  await t.rows(`INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2)`, [
    r?.id,
    perms,
  ]);
  return Number(u?.id);
}

const manual = (title = 'Sign a partner', weight = 1) => ({ title, weight, kind: 'manual', target: 1, unit: 'partner' });
const create = (token: string, over: Record<string, unknown> = {}) =>
  t.call('POST', `${API}/objectives`, {
    token,
    body: { listType: 1, quarter, title: 'Launch well', keyResults: [manual()], ...over },
  });

/** An objective of pm put straight into a state. */
async function inState(state: string) {
  const res = await create(pm);
  expect(res.statusCode, res.body).toBe(200);
  const o = dataOf<{ id: number; keyResults: { id: number; version: number }[] }>(res);
  await t.rows(`UPDATE okr_objectives SET state = $1 WHERE id = $2`, [state, o.id]);
  const [v] = await t.rows<{ version: number }>(`SELECT version FROM okr_objectives WHERE id = $1`, [o.id]);
  return { id: o.id, version: Number(v?.version), kr: o.keyResults[0] as { id: number; version: number } };
}

beforeAll(async () => {
  const [d] = await t.rows<{ q: string }>(`SELECT (current_date - 1)::text AS q`);
  quarter = quarterOf(String(d?.q));
  pmId = await user('okr.pm', ['okr:gtm', 'okr:gtm:create', 'okr:gtm:edit', 'okr:gtm:delete', 'okr:kr', 'okr:kr:edit']);
  await user('okr.reader', ['okr:gtm', 'okr:kr', 'okr:dashboard']);
  [admin, pm, reader] = await Promise.all([t.login('admin'), t.login('okr.pm'), t.login('okr.reader')]);
});

describe('objectives: the state machine', () => {
  for (const state of OBJECTIVE_STATES) {
    for (const action of ['publish', 'close'] as const) {
      const step = OBJECTIVE_MACHINE.transitions.find((x) => x.action === action && x.from.includes(state));
      it(`${action} from ${state}: ${step ? `moves to ${step.to}` : '409, nothing changes'}`, async () => {
        const o = await inState(state);
        const res = await t.call('POST', `${API}/objectives/${o.id}/${action}`, { token: pm, body: { version: o.version } });
        const [row] = await t.rows<{ state: string }>(`SELECT state FROM okr_objectives WHERE id = $1`, [o.id]);
        if (step) {
          expect(res.statusCode, res.body).toBe(200);
          expect(row?.state).toBe(step.to);
        } else {
          expect(res.statusCode).toBe(409);
          expect(res.json().data).toMatchObject({ state });
          expect(row?.state).toBe(state);
        }
      });
    }
    it(`edit, check-in and delete from ${state}`, async () => {
      const o = await inState(state);
      const edit = await t.call('PUT', `${API}/objectives/${o.id}`, {
        token: pm,
        body: { quarter, title: 'Renamed', keyResults: [{ ...manual(), id: o.kr.id }], version: o.version },
      });
      expect(edit.statusCode, edit.body).toBe(state === 'closed' ? 409 : 200);
      const kr = (await t.rows<{ version: number }>(`SELECT version FROM okr_key_results WHERE id = $1`, [o.kr.id]))[0];
      const checkin = await t.call('POST', `${API}/keyResults/${o.kr.id}/checkins`, {
        token: pm,
        body: { version: Number(kr?.version), score: 0.4, comment: 'Talks going well' },
      });
      expect(checkin.statusCode, checkin.body).toBe(state === 'published' ? 200 : 409);
      const [n] = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM okr_checkins WHERE key_result_id = $1`, [o.kr.id]);
      expect(n?.n).toBe(state === 'published' ? 1 : 0);
      const del = await t.call('DELETE', `${API}/objectives/${o.id}`, { token: pm });
      expect(del.statusCode, del.body).toBe(state === 'draft' ? 200 : 409);
    });
  }
});

describe('objectives: writes', () => {
  it('creates with the caller as owner and their department, and keeps key results by id on edit', async () => {
    const res = await create(pm, { keyResults: [manual('A', 30), manual('B', 70)] });
    expect(res.statusCode, res.body).toBe(200);
    const o = dataOf<{ id: number; owner: { id: number }; version: number; state: string; keyResults: { id: number }[] }>(res);
    expect(o).toMatchObject({ owner: { id: pmId }, state: 'draft', version: 1 });
    const [a] = o.keyResults;
    const edit = await t.call('PUT', `${API}/objectives/${o.id}`, {
      token: pm,
      body: { quarter, title: 'Launch well', keyResults: [{ ...manual('A2', 50), id: a?.id }], version: 1 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const krs = await t.rows<{ id: number; title: string }>(`SELECT id, title FROM okr_key_results WHERE objective_id = $1`, [
      o.id,
    ]);
    expect(krs).toEqual([{ id: a?.id, title: 'A2' }]);
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const o = await inState('draft');
    const body = (title: string) => ({ quarter, title, keyResults: [{ ...manual(), id: o.kr.id }], version: o.version });
    expect((await t.call('PUT', `${API}/objectives/${o.id}`, { token: pm, body: body('First') })).statusCode).toBe(200);
    const second = await t.call('PUT', `${API}/objectives/${o.id}`, { token: pm, body: body('Second') });
    expect(second.statusCode).toBe(409);
    const [row] = await t.rows<{ title: string }>(`SELECT title FROM okr_objectives WHERE id = $1`, [o.id]);
    expect(row?.title).toBe('First');
    const kr = await t.call('POST', `${API}/keyResults/${o.kr.id}/checkins`, {
      token: pm,
      body: { version: o.kr.version + 5, score: 1, comment: 'x' },
    });
    expect(kr.statusCode).toBe(409);
  });

  it('answers bad input with coded 400s and writes nothing', async () => {
    const [before] = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM okr_objectives`);
    const noProject = await create(pm, {
      keyResults: [{ title: 'Units', weight: 1, kind: 'measurable', metric: 'units', target: 10 }],
    });
    expect(noProject.statusCode).toBe(400);
    expect(JSON.stringify(noProject.json())).toContain('okr.projectRequired');
    const noMetric = await create(pm, {
      projectId: 1,
      keyResults: [{ title: 'Units', weight: 1, kind: 'measurable', target: 10 }],
    });
    expect(noMetric.statusCode).toBe(400);
    expect(JSON.stringify(noMetric.json())).toContain('okr.metricRequired');
    expect((await create(pm, { quarter: '2026Q5' })).statusCode).toBe(400);
    const other = await create(pm, {
      ownerId: (await t.rows<{ id: number }>(`SELECT id FROM users WHERE login_name = 'admin'`))[0]?.id,
    });
    expect(other.statusCode).toBe(400);
    const [after] = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM okr_objectives`);
    expect(after?.n).toBe(before?.n);
  });

  it('lets only the owner or the administrator change an objective (403 for a reader, a button holder not owning it)', async () => {
    const o = await inState('draft');
    expect(
      (await t.call('POST', `${API}/objectives/${o.id}/publish`, { token: reader, body: { version: o.version } })).statusCode,
    ).toBe(403);
    expect((await create(reader)).statusCode).toBe(403);
    const byAdmin = await t.call('POST', `${API}/objectives/${o.id}/publish`, { token: admin, body: { version: o.version } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const got = await t.call('GET', `${API}/objectives/${o.id}`, { token: reader });
    expect(got.statusCode).toBe(200);
    expect(dataOf<{ editable: boolean }>(got).editable).toBe(false);
    expect((await t.call('GET', `${API}/objectives`, { token: reader, query: { listType: '21' } })).statusCode).toBe(403);
  });

  it('keeps the history of an objective for the HistoryDrawer', async () => {
    const o = await inState('draft');
    await t.call('POST', `${API}/objectives/${o.id}/publish`, { token: pm, body: { version: o.version } });
    const h = await t.call('GET', `/api/user/rest/v1/history/okr_objective/${o.id}`, { token: reader });
    expect(h.statusCode, h.body).toBe(200);
    const actions = dataOf<{ list: { action: string }[] }>(h).list.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['okr.publish', 'create']));
  });
});

describe('scores and figures', () => {
  it('scores an objective as the weighted mean of its key results (hand case), unscored counting 0', async () => {
    expect(
      objectiveScore([
        { weight: 30, score: 1 },
        { weight: 70, score: 0.5 },
      ]),
    ).toBe(0.65);
    expect(
      objectiveScore([
        { weight: 1, score: 0.8 },
        { weight: 3, score: null },
      ]),
    ).toBe(0.2);
    const res = await create(pm, { keyResults: [manual('A', 30), manual('B', 70)] });
    const o = dataOf<{ id: number; version: number; keyResults: { id: number; version: number }[] }>(res);
    await t.call('POST', `${API}/objectives/${o.id}/publish`, { token: pm, body: { version: o.version } });
    const [a, b] = o.keyResults;
    for (const [k, score] of [
      [a, 1],
      [b, 0.5],
    ] as const)
      expect(
        (
          await t.call('POST', `${API}/keyResults/${k?.id}/checkins`, {
            token: pm,
            body: { version: k?.version, score, comment: 'ok' },
          })
        ).statusCode,
      ).toBe(200);
    const got = dataOf<{ score: number }>(await t.call('GET', `${API}/objectives/${o.id}`, { token: pm }));
    expect(got.score).toBe(0.65);
    const checkins = dataOf<{ score: number; by: string }[]>(
      await t.call('GET', `${API}/keyResults/${b?.id}/checkins`, { token: reader }),
    );
    expect(checkins).toMatchObject([{ score: 0.5, by: 'okr.pm' }]);
    const dash = dataOf<{ rows: { id: number; score: number }[]; byType: { key: string; objectives: number }[] }>(
      await t.call('GET', `${API}/dashboard`, { token: reader, query: { quarter } }),
    );
    expect(dash.rows.find((r) => r.id === o.id)?.score).toBe(0.65);
  });

  it('binds a measurable key result to the direct SQL sum over the sales rollup, equal to /salesProfit', async () => {
    const { from } = quarterDays(quarter);
    const [best] = await t.rows<{ sku: string }>(
      `SELECT sk.sku FROM sales_listing_day s JOIN listings li ON li.id = s.listing_id JOIN skus sk ON sk.id = li.sku_id
        WHERE s.day >= $1::date AND s.day < current_date
          AND NOT EXISTS (SELECT 1 FROM listings l2 JOIN skus s2 ON s2.id = l2.sku_id
                           WHERE s2.sku <> sk.sku AND (s2.sku ILIKE '%' || sk.sku || '%' OR l2.asin ILIKE '%' || sk.sku || '%' OR l2.title ILIKE '%' || sk.sku || '%'))
        GROUP BY sk.sku ORDER BY sum(s.units) DESC LIMIT 1`,
      [from],
    );
    expect(best, 'the demo sales have a SKU sold this quarter').toBeTruthy();
    const sku = String(best?.sku);
    const [p] = await t.rows<{ id: number }>(
      `INSERT INTO projects (account_id, code, name, type, owner_id, skus, created_by) VALUES (1, 'OKR-T1', 'OKR figure', 'GTM_PROJECT', $1, ARRAY[$2], $1) RETURNING id`,
      [pmId, sku],
    );
    const res = await create(admin, {
      projectId: p?.id,
      keyResults: [
        { title: 'Units', weight: 1, kind: 'measurable', metric: 'units', target: 1 },
        { title: 'Sales', weight: 1, kind: 'measurable', metric: 'sales', target: 1 },
        { title: 'Ad spend', weight: 1, kind: 'measurable', metric: 'adSpend', target: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = dataOf<{ keyResults: { actual: number; figure: { from: string; to: string; units: number; sales: number } }[] }>(
      res,
    );
    const [direct] = await t.rows<{ units: string; cents: string; ad: string; to: string }>(
      `SELECT sum(s.units) AS units, sum(s.revenue_cents) AS cents, sum(s.ad_spend_cents) AS ad, least($2::date, current_date - 1)::text AS to
         FROM sales_listing_day s JOIN listings li ON li.id = s.listing_id JOIN skus sk ON sk.id = li.sku_id
        WHERE sk.sku = $3 AND s.day BETWEEN $1::date AND least($2::date, current_date - 1)`,
      [from, quarterDays(quarter).to, sku],
    );
    const [units, sales, ad] = o.keyResults;
    expect(units?.actual).toBe(Number(direct?.units));
    expect(sales?.actual).toBe(Number(direct?.cents) / 100);
    expect(ad?.actual).toBe(Number(direct?.ad) / 100);
    expect(units?.figure).toMatchObject({ from, to: direct?.to });
    const profit = await t.call('GET', '/api/sales/rest/v1/listings/sku/sales_profit', {
      token: admin,
      query: { startDate: from, endDate: String(direct?.to), keyword: sku },
    });
    expect(profit.statusCode, profit.body).toBe(200);
    const sum = dataOf<{ sum: { units: number; revenue: number } }>(profit).sum;
    expect(sum.units).toBe(units?.actual);
    expect(sum.revenue).toBeCloseTo(Number(sales?.actual), 2);
  });
});
