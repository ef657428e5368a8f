/**
 * Forecast estimates and their review through the API: submit, change, withdraw, approve and
 * reject (one or many, all or none), the review list and the decision log with their exports,
 * the sign-in count, the manual override; wrong states, wrong persons, permissions, bad input
 * (which changes nothing) and the shop scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';

type Json = Record<string, unknown>;
const SALES = '/api/sales/rest/v2';
/** planner: manage and review; pm: given the planner role here, a second reviewer; ppc: manage only. */
const t = testAppPerFile({ signIn: { planner: 'planner', pm: 'pm', ppc: 'ppc.specialist', analyst: 'sales.analyst' } });
const ids: Record<string, number> = {};
/** Listings of the internal account without an estimate (the demo seed has some). */
let free: number[] = [];

const call = (token: string, method: string, path: string, body?: unknown, query?: Record<string, string>) =>
  t.call(method, `/api/${path}`, { token, body, query });
const ok = async (token: string, method: string, path: string, body?: unknown, query?: Record<string, string>) => {
  const res = await call(token, method, path, body, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const estimateCount = async () =>
  Number((await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM forecast_estimates`))[0]?.n);
const submit = (token: string, listingId: number, over: Json = {}) =>
  call(token, 'POST', 'sales/rest/v2/estimate-sales', {
    listingId,
    granularity: 'week',
    periods: [10, 20, 30],
    reason: 'Promotion in week 2',
    ...over,
  });

beforeAll(async () => {
  const { pool } = t.database;
  await pool.query(
    `INSERT INTO user_roles SELECT u.id, r.id FROM users u, roles r
      WHERE u.login_name = 'pm' AND r.name = 'supply-chain planner' AND r.account_id = 1 ON CONFLICT DO NOTHING`,
  );
  // A role with the forecast page only (no review), for the PPC specialist.
  const role = await pool.query(`INSERT INTO roles (account_id, name, description) VALUES (1, 'forecast only', '') RETURNING id`);
  await pool.query(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern = 'scm:forecast:manage'`,
    [role.rows[0].id],
  );
  await pool.query(`INSERT INTO user_roles SELECT id, $1 FROM users WHERE login_name = 'ppc.specialist'`, [role.rows[0].id]);
  for (const r of await t.rows<{ id: number; login_name: string }>(`SELECT id, login_name FROM users`))
    ids[r.login_name] = Number(r.id);
  free = (
    await t.rows<{ listing_id: number }>(
      `SELECT fl.listing_id FROM forecast_listings fl JOIN shops s ON s.id = fl.shop_id
        WHERE s.account_id = 1 AND NOT EXISTS (SELECT 1 FROM forecast_estimates e WHERE e.listing_id = fl.listing_id)
        ORDER BY fl.next30 DESC LIMIT 12`,
    )
  ).map((r) => Number(r.listing_id));
  expect(free.length).toBe(12);
});

describe('the demo', () => {
  it('holds estimates in every state, with their timeline, and some wait for the planner', async () => {
    const states = await t.rows<{ status: number; n: number }>(
      `SELECT status, count(*)::int AS n FROM forecast_estimates GROUP BY status ORDER BY status`,
    );
    expect(states.map((s) => s.status)).toEqual([1, 2, 3, 5]);
    expect((await ok(t.as.planner, 'GET', 'sales/rest/v2/forecast-reviews/to-review-count')).count).toBe(2);
    const log = await ok(t.as.planner, 'GET', 'sales/rest/v2/forecasts/listAuditRecord');
    expect(log.total).toBeGreaterThanOrEqual(13);
  });
});

describe('submit', () => {
  it('submits an estimate for review, asking every other reviewer', async () => {
    const e = await ok(t.as.planner, 'POST', 'sales/rest/v2/estimate-sales', {
      listingId: free[0],
      granularity: 'week',
      periods: [10, 20, 30],
      reason: 'Promotion in week 2',
    });
    expect(e).toMatchObject({ listingId: free[0], status: 2, totalUnits: 60, periods: [10, 20, 30], canReview: false });
    expect(e.submitterName).toContain('Planner');
    expect(typeof e.systemUnits).toBe('number');
    const [origin] = await t.rows<{ origin: string }>(
      `SELECT to_char(origin, 'YYYY-MM-DD') AS origin FROM forecast_listings WHERE listing_id = $1`,
      [free[0]],
    );
    expect(e.startDay).toBe(origin?.origin);
    const waits = await t.rows<{ user_id: number }>(
      `SELECT w.user_id FROM approval_waits w JOIN approvals a ON a.id = w.approval_id
        WHERE a.flow = 'forecast.estimate' AND a.entity_id = $1`,
      [String(e.id)],
    );
    const waiting = waits.map((w) => Number(w.user_id));
    expect(waiting).toContain(ids.pm);
    expect(waiting).not.toContain(ids.planner);
    expect(waiting).not.toContain(ids['ppc.specialist']);
    // As pm sees it.
    const seen = await ok(t.as.pm, 'GET', 'ms-ai-sales/rest/v2/estimate-sales/latest', undefined, { listingId: String(free[0]) });
    expect(seen).toMatchObject({ id: e.id, canReview: true });
    const [row] = await t.rows<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'forecast_estimate' AND entity_id = $1`,
      [String(e.id)],
    );
    expect(row?.action).toBe('forecastEstimate.submit');
  });

  it('starts months at the first whole month', async () => {
    const e = (await submit(t.as.ppc, free[1]!, { granularity: 'month', periods: [100, 120] })).json().data;
    expect(e.startDay).toMatch(/-01$/);
    expect(e.status).toBe(2);
  });

  it('refuses a second estimate in review for the listing, bad input, an unknown listing: nothing changes', async () => {
    const before = await estimateCount();
    const again = await submit(t.as.planner, free[0]!);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain('in review');
    for (const bad of [
      { periods: [] },
      { periods: [-1] },
      { periods: [1.5] },
      { periods: new Array(27).fill(1) },
      { granularity: 'month', periods: [1, 2, 3, 4, 5, 6, 7] },
      { granularity: 'day' },
      { reason: '  ' },
      { listingId: 0 },
    ])
      expect((await submit(t.as.planner, free[2]!, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await submit(t.as.planner, 99_999_999)).statusCode).toBe(404);
    expect(await estimateCount()).toBe(before);
  });

  it('takes scm:forecast:manage', async () => {
    expect((await submit(t.as.analyst, free[2]!)).statusCode).toBe(403);
    expect(
      (await call(t.as.analyst, 'GET', 'sales/rest/v2/estimate-sales/latest-approval', undefined, { listingId: '1' })).statusCode,
    ).toBe(403);
  });
});

describe('review', () => {
  it('approves: never one own, never with a stale version, only while in review', async () => {
    const e = await ok(t.as.planner, 'GET', 'ms-ai-sales/rest/v2/estimate-sales/latest', undefined, {
      listingId: String(free[0]),
    });
    const countBefore = (await ok(t.as.pm, 'GET', 'sales/rest/v2/forecast-reviews/to-review-count')).count as number;
    expect(countBefore).toBeGreaterThanOrEqual(2);
    const own = await call(t.as.planner, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [{ id: e.id, version: e.version }],
      action: 'approve',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toContain('own');
    const stale = await call(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [{ id: e.id, version: e.version + 5 }],
      action: 'approve',
    });
    expect(stale.statusCode).toBe(409);
    const done = await ok(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [{ id: e.id, version: e.version }],
      action: 'approve',
      remark: 'Fine',
    });
    const approved = (done.list as Json[])[0]!;
    expect(approved).toMatchObject({ status: 5, remark: 'Fine', canReview: false });
    expect(approved.reviewerName).toContain('Project Manager');
    expect((await ok(t.as.pm, 'GET', 'sales/rest/v2/forecast-reviews/to-review-count')).count).toBe(countBefore - 1);
    const latest = await ok(t.as.planner, 'GET', 'sales/rest/v2/estimate-sales/latest-approval', undefined, {
      listingId: String(free[0]),
    });
    expect(latest.id).toBe(e.id);
    const twice = await call(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [{ id: e.id, version: approved.version }],
      action: 'approve',
    });
    expect(twice.statusCode).toBe(400);
    // An approved estimate is not changed or withdrawn.
    const body = { id: e.id, version: approved.version, granularity: 'week', periods: [1], reason: 'x' };
    expect((await call(t.as.planner, 'PUT', 'sales/rest/v2/estimate-sales/form', body)).statusCode).toBe(400);
    expect(
      (await call(t.as.planner, 'PUT', 'sales/rest/v2/estimate-sales/withdraw', { id: e.id, version: approved.version }))
        .statusCode,
    ).toBe(400);
    // A new estimate of the listing may be submitted now.
    expect((await submit(t.as.planner, free[0]!, { periods: [5] })).statusCode).toBe(200);
    const latestAny = await ok(t.as.planner, 'GET', 'ms-ai-sales/rest/v2/estimate-sales/latest', undefined, {
      listingId: String(free[0]),
    });
    expect(latestAny.status).toBe(2);
    expect(
      (await ok(t.as.planner, 'GET', 'sales/rest/v2/estimate-sales/latest-approval', undefined, { listingId: String(free[0]) }))
        .id,
    ).toBe(e.id);
  });

  it('rejects with a remark; the submitter changes it, which submits it again', async () => {
    const e = (await submit(t.as.planner, free[3]!)).json().data;
    const noRemark = await call(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [{ id: e.id, version: e.version }],
      action: 'reject',
    });
    expect(noRemark.statusCode).toBe(400);
    const rejected = (
      await ok(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', {
        items: [{ id: e.id, version: e.version }],
        action: 'reject',
        remark: 'Too high for the season',
      })
    ).list[0];
    expect(rejected).toMatchObject({ status: 3, remark: 'Too high for the season' });
    const notMine = await call(t.as.pm, 'PUT', 'sales/rest/v2/estimate-sales/form', {
      id: e.id,
      version: rejected.version,
      granularity: 'week',
      periods: [8],
      reason: 'Lower',
    });
    expect(notMine.statusCode).toBe(403);
    const changed = await ok(t.as.planner, 'PUT', 'sales/rest/v2/estimate-sales/form', {
      id: e.id,
      version: rejected.version,
      granularity: 'week',
      periods: [8, 9],
      reason: 'Lower',
    });
    expect(changed).toMatchObject({ status: 2, totalUnits: 17, reason: 'Lower', remark: null, reviewerName: null });
    // Changed while submitted: it stays in review.
    const again = await ok(t.as.planner, 'PUT', 'sales/rest/v2/estimate-sales/form', {
      id: e.id,
      version: changed.version,
      granularity: 'week',
      periods: [7],
      reason: 'Lower still',
    });
    expect(again).toMatchObject({ status: 2, totalUnits: 7 });
    const stale = await call(t.as.planner, 'PUT', 'sales/rest/v2/estimate-sales/form', {
      id: e.id,
      version: changed.version,
      granularity: 'week',
      periods: [7],
      reason: 'x',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('approves many at once, or none when one is refused', async () => {
    const a = (await submit(t.as.planner, free[4]!)).json().data;
    const b = (await submit(t.as.planner, free[5]!)).json().data;
    const own = (await submit(t.as.pm, free[6]!)).json().data;
    const mixed = await call(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [
        { id: a.id, version: a.version },
        { id: b.id, version: b.version },
        { id: own.id, version: own.version },
      ],
      action: 'approve',
    });
    expect(mixed.statusCode).toBe(403);
    const states = await t.rows<{ status: number }>(`SELECT status FROM forecast_estimates WHERE id = ANY($1) ORDER BY id`, [
      [a.id, b.id, own.id],
    ]);
    expect(states.map((s) => s.status)).toEqual([2, 2, 2]);
    const unknown = await call(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [
        { id: a.id, version: a.version },
        { id: 99_999_999, version: 0 },
      ],
      action: 'approve',
    });
    expect(unknown.statusCode).toBe(404);
    const dup = await call(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [
        { id: a.id, version: a.version },
        { id: a.id, version: a.version },
      ],
      action: 'approve',
    });
    expect(dup.statusCode).toBe(400);
    expect((await call(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', { items: [], action: 'approve' })).statusCode).toBe(400);
    const both = await ok(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [
        { id: a.id, version: a.version },
        { id: b.id, version: b.version },
      ],
      action: 'approve',
    });
    expect((both.list as Json[]).map((x) => x.status)).toEqual([5, 5]);
    // The planner reviews pm's.
    const theirs = await ok(t.as.planner, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [{ id: own.id, version: own.version }],
      action: 'approve',
    });
    expect(theirs.list[0].status).toBe(5);
  });

  it('takes scm:forecast:review', async () => {
    const e = (await submit(t.as.planner, free[7]!)).json().data;
    const res = await call(t.as.ppc, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [{ id: e.id, version: e.version }],
      action: 'approve',
    });
    expect(res.statusCode).toBe(403);
    for (const path of [
      'sales/rest/v2/forecasts/listPendingReview',
      'sales/rest/v2/forecasts/listAuditRecord',
      'sales/rest/v2/forecast-reviews/to-review-count',
    ])
      expect((await call(t.as.ppc, 'GET', path)).statusCode, path).toBe(403);
  });
});

describe('withdraw', () => {
  it('withdraws while nobody has reviewed it, by the submitter only', async () => {
    const e = (await submit(t.as.planner, free[8]!)).json().data;
    expect(
      (await call(t.as.pm, 'PUT', 'sales/rest/v2/estimate-sales/withdraw', { id: e.id, version: e.version })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.as.planner, 'PUT', 'sales/rest/v2/estimate-sales/withdraw', { id: e.id, version: e.version + 1 })).statusCode,
    ).toBe(409);
    const w = await ok(t.as.planner, 'PUT', 'sales/rest/v2/estimate-sales/withdraw', { id: e.id, version: e.version });
    expect(w.status).toBe(1);
    const again = await call(t.as.planner, 'PUT', 'sales/rest/v2/estimate-sales/withdraw', { id: e.id, version: w.version });
    expect(again.statusCode).toBe(400);
    expect((await call(t.as.planner, 'PUT', 'sales/rest/v2/estimate-sales/withdraw', { id: 'x', version: 0 })).statusCode).toBe(
      400,
    );
    // Withdrawn: not reviewable, and nobody waits for it.
    const audit = await call(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [{ id: e.id, version: w.version }],
      action: 'approve',
    });
    expect(audit.statusCode).toBe(400);
    const [waits] = await t.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM approval_waits w JOIN approvals a ON a.id = w.approval_id WHERE a.entity_id = $1 AND a.flow = 'forecast.estimate'`,
      [String(e.id)],
    );
    expect(waits?.n).toBe(0);
    // Submitted again through the form.
    const back = await ok(t.as.planner, 'PUT', 'sales/rest/v2/estimate-sales/form', {
      id: e.id,
      version: w.version,
      granularity: 'month',
      periods: [300],
      reason: 'Back',
    });
    expect(back.status).toBe(2);
  });
});

describe('the review list and the decision log', () => {
  it('lists by status, shop, marketplace and keyword, and exports', async () => {
    const pending = await ok(t.as.pm, 'GET', 'sales/rest/v2/forecasts/listPendingReview', undefined, {
      status: 'PENDING',
      pageSize: '100',
    });
    expect((pending.list as Json[]).every((x) => x.status === 2 || x.status === 4)).toBe(true);
    expect((pending.list as Json[]).some((x) => x.canReview === true)).toBe(true);
    const approved = await ok(t.as.pm, 'GET', 'sales/rest/v2/forecasts/listPendingReview', undefined, { status: 'APPROVED' });
    expect(approved.total).toBeGreaterThanOrEqual(3);
    expect((approved.list as Json[]).every((x) => x.status === 5)).toBe(true);
    const one = (pending.list as Json[])[0]!;
    const bySku = await ok(t.as.pm, 'GET', 'sales/rest/v2/forecasts/listPendingReview', undefined, {
      keyword: String(one.sku),
      shopId: String(one.shopId),
      marketId: String(one.marketId),
    });
    expect((bySku.list as Json[]).map((x) => x.id)).toContain(one.id);
    expect((bySku.list as Json[]).every((x) => x.shopId === one.shopId)).toBe(true);
    expect(
      (await call(t.as.pm, 'GET', 'sales/rest/v2/forecasts/listPendingReview', undefined, { status: 'DONE' })).statusCode,
    ).toBe(400);
    const file = await t.call('GET', `${SALES}/forecasts/export-pending-review`, {
      token: t.as.pm,
      query: { status: 'PENDING' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it('logs who decided what and when, and exports it', async () => {
    const log = await ok(t.as.pm, 'GET', 'sales/rest/v2/forecasts/listAuditRecord', undefined, { pageSize: '200' });
    const list = log.list as Json[];
    const actions = new Set(list.map((x) => x.action));
    for (const a of ['submit', 'approve', 'reject', 'withdraw']) expect(actions.has(a), a).toBe(true);
    const reject = list.find((x) => x.action === 'reject' && x.remark === 'Too high for the season')!;
    expect(reject).toMatchObject({ fromStatus: 2, toStatus: 3 });
    expect(reject.userName).toContain('Project Manager');
    const onlyApprovals = await ok(t.as.pm, 'GET', 'sales/rest/v2/forecasts/listAuditRecord', undefined, { action: 'approve' });
    expect((onlyApprovals.list as Json[]).every((x) => x.action === 'approve')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await ok(t.as.pm, 'GET', 'sales/rest/v2/forecasts/listAuditRecord', undefined, { from: today, to: today });
    expect(dated.total).toBeGreaterThan(0);
    expect(
      (await call(t.as.pm, 'GET', 'sales/rest/v2/forecasts/listAuditRecord', undefined, { from: '2026-13-01' })).statusCode,
    ).toBe(400);
    const file = await t.call('GET', `${SALES}/forecasts/exportAuditRecord`, { token: t.as.pm, query: { action: 'reject' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('shop scope', () => {
  it('an external account sees and reviews only its own shops', async () => {
    const { pool } = t.database;
    const [shop] = await t.rows<{ user_id: number; account_id: number; shop_id: number }>(
      `SELECT u.id AS user_id, u.account_id, us.shop_id FROM users u JOIN user_shops us ON us.user_id = u.id WHERE u.login_name = 'shop.a' LIMIT 1`,
    );
    expect(shop).toBeDefined();
    const role = await pool.query(`INSERT INTO roles (account_id, name, description) VALUES ($1, 'forecasts', '') RETURNING id`, [
      shop!.account_id,
    ]);
    await pool.query(
      `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern IN ('scm:forecast:manage', 'scm:forecast:review', 'scm:forecast:review:approve')`,
      [role.rows[0].id],
    );
    await pool.query(`INSERT INTO user_roles VALUES ($1, $2)`, [shop!.user_id, role.rows[0].id]);
    const ext = await t.login('shop.a');
    expect((await submit(ext, free[9]!)).statusCode).toBe(404);
    const list = await ok(ext, 'GET', 'sales/rest/v2/forecasts/listPendingReview');
    expect(list.total).toBe(0);
    expect((await ok(ext, 'GET', 'sales/rest/v2/forecasts/listAuditRecord')).total).toBe(0);
    expect(
      await ok(ext, 'GET', 'ms-ai-sales/rest/v2/estimate-sales/latest', undefined, { listingId: String(free[0]) }),
    ).toBeNull();
    const e = (await submit(t.as.planner, free[10]!)).json().data;
    const audit = await call(ext, 'PUT', 'sales/rest/v2/forecasts/audit', {
      items: [{ id: e.id, version: e.version }],
      action: 'approve',
    });
    expect(audit.statusCode).toBe(404);
    expect(
      (await call(ext, 'PUT', `sales/rest/v1/forecasts/${String(free[10])}`, { version: 0, daily: [1], reason: 'x' })).statusCode,
    ).toBe(404);
    // The external account alone holds review there: nobody else may review its estimate.
    const [own] = await t.rows<{ id: number }>(`SELECT id FROM listings WHERE shop_id = $1 LIMIT 1`, [shop!.shop_id]);
    if (own) {
      const res = await submit(ext, Number(own.id));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('nobody else');
    }
  });
});

describe('the manual override', () => {
  it("replaces a listing's days with its version, audited; a stale version or bad days change nothing", async () => {
    const listing = free[11]!;
    const [before] = await t.rows<{ version: number; next30: number }>(
      `SELECT version, next30 FROM forecast_listings WHERE listing_id = $1`,
      [listing],
    );
    const path = `sales/rest/v1/forecasts/${listing}`;
    const out = await ok(t.as.planner, 'PUT', path, {
      version: before!.version,
      daily: new Array(30).fill(2),
      reason: 'Stock-out ahead',
    });
    expect(out).toMatchObject({ listingId: listing, version: before!.version + 1, next7: 14, next30: 60 });
    const stale = await call(t.as.planner, 'PUT', path, { version: before!.version, daily: [1], reason: 'x' });
    expect(stale.statusCode).toBe(409);
    for (const bad of [{ daily: [] }, { daily: [-1] }, { daily: new Array(181).fill(1) }, { reason: '' }])
      expect((await call(t.as.planner, 'PUT', path, { version: out.version, daily: [1], reason: 'r', ...bad })).statusCode).toBe(
        400,
      );
    expect(
      (await call(t.as.planner, 'PUT', 'sales/rest/v1/forecasts/99999999', { version: 0, daily: [1], reason: 'r' })).statusCode,
    ).toBe(404);
    expect((await call(t.as.analyst, 'PUT', path, { version: out.version, daily: [1], reason: 'r' })).statusCode).toBe(403);
    const [after] = await t.rows<{ version: number; next30: number; overridden_by: number }>(
      `SELECT version, next30, overridden_by FROM forecast_listings WHERE listing_id = $1`,
      [listing],
    );
    expect(after).toMatchObject({ version: out.version, next30: 60, overridden_by: ids.planner });
    const [log] = await t.rows<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'forecast' AND entity_id = $1`, [
      String(listing),
    ]);
    expect(log?.action).toBe('forecast.override');
    // Units to the hundredth: a value below what PostgreSQL's real can hold is 0, not a 500 (found by the fuzz).
    const tiny = await ok(t.as.planner, 'PUT', path, { version: out.version, daily: [9.4e-323, 1.234], reason: 'tiny' });
    const [days] = await t.rows<{ daily: number[] }>(`SELECT daily FROM forecast_listings WHERE listing_id = $1`, [listing]);
    expect(days?.daily.slice(0, 2).map(Number)).toEqual([0, 1.23]);
    expect(tiny.version).toBe(out.version + 1);
  });
});
