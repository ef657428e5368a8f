/**
 * The review queue of /forecast/newAudit: the review list's `queue=mine` (only what waits for the
 * caller, oldest first, as many as the sign-in count) and the chart's read `forecasts/review-days`
 * (90 days of units, the forecast to the estimate's end, the estimate spread per day, by hand),
 * with its refusals: 403 without the page, 404 outside the shops, 400 on a bad id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';

type Json = Record<string, unknown>;
/** planner: manage and review; pm: given the planner role here, a second reviewer; ppc: manage only. */
const t = testAppPerFile({ signIn: { planner: 'planner', pm: 'pm', ppc: 'ppc.specialist' } });
let free: number[] = [];

const call = (token: string, method: string, path: string, body?: unknown, query?: Record<string, string>) =>
  t.call(method, `/api/${path}`, { token, body, query });
const ok = async (token: string, method: string, path: string, body?: unknown, query?: Record<string, string>) => {
  const res = await call(token, method, path, body, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const submit = async (token: string, listingId: number, periods: number[], granularity = 'week') =>
  ok(token, 'POST', 'sales/rest/v2/estimate-sales', { listingId, granularity, periods, reason: 'Queue test' });
const queue = (token: string) =>
  ok(token, 'GET', 'sales/rest/v2/forecasts/listPendingReview', undefined, { queue: 'mine', pageSize: '500' });
const count = async (token: string) => (await ok(token, 'GET', 'sales/rest/v2/forecast-reviews/to-review-count')).count;

beforeAll(async () => {
  const { pool } = t.database;
  await pool.query(
    `INSERT INTO user_roles SELECT u.id, r.id FROM users u, roles r
      WHERE u.login_name = 'pm' AND r.name = 'supply-chain planner' AND r.account_id = 1 ON CONFLICT DO NOTHING`,
  );
  const role = await pool.query(`INSERT INTO roles (account_id, name, description) VALUES (1, 'forecast only', '') RETURNING id`);
  await pool.query(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern = 'scm:forecast:manage'`,
    [role.rows[0].id],
  );
  await pool.query(`INSERT INTO user_roles SELECT id, $1 FROM users WHERE login_name = 'ppc.specialist'`, [role.rows[0].id]);
  free = (
    await t.rows<{ listing_id: number }>(
      `SELECT fl.listing_id FROM forecast_listings fl JOIN shops s ON s.id = fl.shop_id
        WHERE s.account_id = 1 AND NOT EXISTS (SELECT 1 FROM forecast_estimates e WHERE e.listing_id = fl.listing_id)
        ORDER BY fl.next30 DESC LIMIT 4`,
    )
  ).map((r) => Number(r.listing_id));
  expect(free.length).toBe(4);
});

describe('the queue', () => {
  it('holds only what waits for the caller, oldest first, as many as the sign-in count', async () => {
    const a = await submit(t.as.planner, free[0] as number, [70, 140]);
    const b = await submit(t.as.planner, free[1] as number, [7]);
    const mine = await queue(t.as.pm);
    const ids = (mine.list as Json[]).map((e) => e.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect((mine.list as Json[]).every((e) => e.canReview === true)).toBe(true);
    const days = (mine.list as Json[]).map((e) => String(e.submittedAt));
    expect([...days].sort()).toEqual(days);
    expect(mine.total).toBe(await count(t.as.pm));
    // The planner's own estimates never wait for the planner.
    const planners = await queue(t.as.planner);
    expect((planners.list as Json[]).map((e) => e.id)).not.toContain(a.id);
    expect(planners.total).toBe(await count(t.as.planner));

    // A decision takes it out of the queue and the count.
    const before = mine.total as number;
    await ok(t.as.pm, 'PUT', 'sales/rest/v2/forecasts/audit', { items: [{ id: b.id, version: b.version }], action: 'approve' });
    const after = await queue(t.as.pm);
    expect(after.total).toBe(before - 1);
    expect(await count(t.as.pm)).toBe(before - 1);
    expect((after.list as Json[]).map((e) => e.id)).not.toContain(b.id);
  });
});

describe('the chart of one estimate', () => {
  it('answers 90 days of units, the forecast to the estimate end, and the estimate per day', async () => {
    const e = await submit(t.as.planner, free[2] as number, [70, 140]);
    const d = await ok(t.as.pm, 'GET', 'sales/rest/v2/forecasts/review-days', undefined, { estimateId: String(e.id) });
    expect(d.listingId).toBe(e.listingId);
    const origin = Date.parse(`${d.origin}T00:00:00Z`);
    const dayOf = (s: string) => (Date.parse(`${s}T00:00:00Z`) - origin) / 86_400_000;
    const history = d.history as { day: string }[];
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((h) => dayOf(h.day) >= -90 && dayOf(h.day) < 0)).toBe(true);
    // Two weeks from the start day: 70 / 7 = 10 a day, then 140 / 7 = 20 a day.
    const est = d.estimate as { day: string; units: number }[];
    expect(est).toHaveLength(14);
    expect(est[0]).toEqual({ day: e.startDay, units: 10 });
    expect(est.slice(0, 7).every((x) => x.units === 10)).toBe(true);
    expect(est.slice(7).every((x) => x.units === 20)).toBe(true);
    // The forecast runs to the estimate's last day (at least a week), not the whole horizon.
    const forecast = d.forecast as { day: string; units: number }[];
    expect(forecast.at(-1)?.day).toBe(est.at(-1)?.day);
    // Its sum over the estimate's days is the list's system forecast.
    const inside = forecast.filter((f) => f.day >= (est[0]?.day ?? '') && f.day <= (est.at(-1)?.day ?? ''));
    const sum = inside.reduce((s, f) => s + f.units, 0);
    expect(Math.abs(sum - Number(e.systemUnits))).toBeLessThan(1);
  });

  it('spreads a month over its days', async () => {
    const e = await submit(t.as.planner, free[3] as number, [310], 'month');
    const d = await ok(t.as.pm, 'GET', 'sales/rest/v2/forecasts/review-days', undefined, { estimateId: String(e.id) });
    const est = d.estimate as { day: string; units: number }[];
    const start = new Date(`${e.startDay}T00:00:00Z`);
    const days = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
    expect(est).toHaveLength(days);
    expect(est[0]?.units).toBe(Math.round((310 / days) * 10) / 10);
  });

  it('refuses without the page (403), outside the shops (404) and a bad id (400)', async () => {
    const [e] = await t.rows<{ id: number }>(`SELECT id FROM forecast_estimates ORDER BY id LIMIT 1`);
    const path = 'sales/rest/v2/forecasts/review-days';
    expect((await call(t.as.ppc, 'GET', path, undefined, { estimateId: String(e?.id) })).statusCode).toBe(403);
    expect((await call(t.as.pm, 'GET', path, undefined, { estimateId: 'x' })).statusCode).toBe(400);
    expect((await call(t.as.pm, 'GET', path, undefined, { estimateId: '999999' })).statusCode).toBe(404);
    const [shop] = await t.rows<{ user_id: number; account_id: number }>(
      `SELECT u.id AS user_id, u.account_id FROM users u WHERE u.login_name = 'shop.a'`,
    );
    const role = await t.database.pool.query(
      `INSERT INTO roles (account_id, name, description) VALUES ($1, 'review', '') RETURNING id`,
      [shop?.account_id],
    );
    await t.database.pool.query(
      `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern = 'scm:forecast:review'`,
      [role.rows[0].id],
    );
    await t.database.pool.query(`INSERT INTO user_roles VALUES ($1, $2)`, [shop?.user_id, role.rows[0].id]);
    const ext = await t.login('shop.a');
    expect((await call(ext, 'GET', path, undefined, { estimateId: String(e?.id) })).statusCode).toBe(404);
    expect(
      (await call(ext, 'GET', 'sales/rest/v2/forecasts/listPendingReview', undefined, { queue: 'mine' })).json().data.total,
    ).toBe(0);
  });
});
