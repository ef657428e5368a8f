/**
 * /forecastAccuracy on a real database (demo data and the demo run): the stored buckets sum to
 * the listing's backtest, the method beats seasonal naive per bucket and in all; a hand-written
 * case's figures; the overrides per planner and approver recomputed here from the estimates and
 * the sales; an approval keeps the system forecast; the export streams; the shop scope; 400 and 403.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type OwnScope, seedCanaries } from '../../../test/external/canaries';
import { testAppPerFile } from '../../../test/harness';

type Json = Record<string, unknown>;
const AI = 'ms-ai-sales/rest/v2';
const SALES = 'sales/rest/v2';
const t = testAppPerFile({ admin: true });

const get = async (path: string, query: Record<string, string> = {}, token = t.admin) => {
  const res = await t.call('GET', `/api/${path}`, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the backtest per horizon bucket', () => {
  it('stores three buckets per listing that sum to its backtest', async () => {
    const [c] = await t.rows<{ n: number; off: number; three: number }>(`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE abs(x.actual - fl.bt_actual) > 0.5 OR abs(x.abs_error - fl.bt_abs_error) > 0.5
                                 OR abs(x.naive - fl.bt_naive_abs_error) > 0.5)::int AS off,
             count(*) FILTER (WHERE jsonb_array_length(fl.bt_buckets) = 3)::int AS three
        FROM forecast_listings fl
        CROSS JOIN LATERAL (SELECT sum((v->>'actual')::float8) AS actual, sum((v->>'absError')::float8) AS abs_error,
                                   sum((v->>'naiveAbsError')::float8) AS naive
                              FROM jsonb_array_elements(fl.bt_buckets) v) x`);
    expect(c?.n).toBeGreaterThan(50);
    expect(c?.three).toBe(c?.n);
    expect(c?.off).toBe(0);
  });

  it('beats seasonal naive on the demo, in all and per bucket, and the headline equals the SQL sums', async () => {
    const s = await get(`${AI}/forecast-accuracy/summary`);
    console.info(
      `demo accuracy: ${s.total.listings} listings, WAPE ${s.total.wape} vs naive ${s.total.naiveWape}; per bucket ${(
        s.buckets as Json[]
      )
        .map((b) => `${b.bucket} ${b.wape}/${b.naiveWape}`)
        .join(', ')}`,
    );
    expect(s.total.wape).toBeLessThan(s.total.naiveWape);
    expect(s.buckets).toHaveLength(3);
    for (const b of s.buckets as { wape: number; naiveWape: number }[]) expect(b.wape).toBeLessThan(b.naiveWape);
    const [sql] = await t.rows<{ actual: number; abs: number; naive: number; err: number; days: number }>(`
      SELECT sum(fl.bt_actual)::float8 AS actual, sum(fl.bt_abs_error)::float8 AS abs,
             sum(fl.bt_naive_abs_error)::float8 AS naive, sum(fl.bt_error)::float8 AS err,
             sum((SELECT sum((v->>'days')::int) FROM jsonb_array_elements(fl.bt_buckets) v))::int AS days
        FROM forecast_listings fl JOIN shops s ON s.id = fl.shop_id WHERE s.account_id = 1`);
    expect(s.total.actual).toBeCloseTo(sql!.actual, 0);
    expect(s.total.wape).toBeCloseTo(sql!.abs / sql!.actual, 3);
    expect(s.total.naiveWape).toBeCloseTo(sql!.naive / sql!.actual, 3);
    expect(s.total.bias).toBeCloseTo(sql!.err / sql!.actual, 2);
    expect(s.total.days).toBe(sql!.days);
    expect(s.origin).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // One bucket: the headline is that bucket's.
    const week = await get(`${AI}/forecast-accuracy/summary`, { horizon: 'd1_7' });
    expect(week.total.wape).toBeCloseTo((s.buckets as Json[])[0]!.wape as number, 4);
  });

  it('groups by marketplace and shop, sorted on the server, the groups adding up to the total', async () => {
    const s = await get(`${AI}/forecast-accuracy/summary`, { horizon: 'd15_28' });
    const markets = await get(`${AI}/forecast-accuracy`, { by: 'market', horizon: 'd15_28', pageSize: '100' });
    const rows = markets.list as { actual: number; days: number; marketId: number; wape: number }[];
    expect(rows.reduce((a, r) => a + r.days, 0)).toBe(s.total.days);
    expect(rows.reduce((a, r) => a + r.actual, 0)).toBeCloseTo(s.total.actual, -1);
    const shops = await get(`${AI}/forecast-accuracy`, { by: 'shop', sortField: 'wape', sortOrder: 'asc', pageSize: '100' });
    const w = (shops.list as { wape: number | null }[]).map((r) => r.wape ?? Infinity);
    for (let i = 1; i < w.length; i++) expect(w[i]!).toBeGreaterThanOrEqual(w[i - 1]!);
    expect((shops.list as Json[])[0]).toMatchObject({ shopId: expect.any(Number), label: expect.any(String) });
    const skus = await get(`${AI}/forecast-accuracy`, { pageSize: '5' });
    expect(skus.total).toBeGreaterThan(5);
    expect(skus.list).toHaveLength(5);
  });

  it('streams the rows as an .xlsx file', async () => {
    const res = await t.call('GET', `/api/${SALES}/forecast-accuracy/exportation`, { token: t.admin, query: { by: 'shop' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });

  it('refuses a bad query with 400 and a caller without the page with 403', async () => {
    for (const query of [{ by: 'planet' }, { horizon: 'd1_99' }, { sortField: 'price' }] as Record<string, string>[])
      expect((await t.call('GET', `/api/${AI}/forecast-accuracy`, { token: t.admin, query })).statusCode).toBe(400);
    expect(
      (await t.call('GET', `/api/${AI}/forecast-accuracy/overrides`, { token: t.admin, query: { role: 'boss' } })).statusCode,
    ).toBe(400);
    const none = await t.login('shop.b');
    for (const path of [`${AI}/forecast-accuracy`, `${AI}/forecast-accuracy/summary`, `${AI}/forecast-accuracy/overrides`])
      expect((await t.call('GET', `/api/${path}`, { token: none })).statusCode).toBe(403);
  });
});

describe('the overrides', () => {
  /** The overrides recomputed here: per estimate period with passed days, pro rata, from the rows and the facts. */
  async function expected(role: 'submitter_id' | 'reviewer_id') {
    const [span] = await t.rows<{ until: string }>(`SELECT to_char(max(day) + 1, 'YYYY-MM-DD') AS until FROM sales_facts`);
    const until = Date.parse(`${span!.until}T00:00:00Z`);
    const estimates = await t.rows<{
      id: number;
      who: number;
      listing_id: number;
      granularity: string;
      start_day: string;
      periods: number[];
      system_periods: (number | null)[] | null;
    }>(`SELECT id, ${role} AS who, listing_id, granularity, to_char(start_day, 'YYYY-MM-DD') AS start_day, periods, system_periods
          FROM forecast_estimates WHERE status = 5`);
    const by = new Map<number, { estimates: number; compared: number; actual: number; abs: number; sysAbs: number }>();
    const day = 86_400_000;
    for (const e of estimates) {
      const start = Date.parse(`${e.start_day}T00:00:00Z`);
      const spans = e.periods.map((_, k) => {
        if (e.granularity === 'week') return [start + 7 * k * day, start + 7 * (k + 1) * day] as const;
        const d = new Date(start);
        return [
          Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, 1),
          Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k + 1, 1),
        ] as const;
      });
      const passed = spans.map(([from]) => from < until);
      if (!passed.some(Boolean)) continue;
      const compared = spans.every(([from], k) => from >= until || (e.system_periods?.[k] ?? null) !== null);
      const cell = by.get(e.who) ?? { estimates: 0, compared: 0, actual: 0, abs: 0, sysAbs: 0 };
      cell.estimates++;
      if (compared) {
        cell.compared++;
        for (const [k, [from, to]] of spans.entries()) {
          if (from >= until) continue;
          const end = Math.min(to, until);
          const share = (end - from) / (to - from);
          const [a] = await t.rows<{ units: number }>(
            `SELECT coalesce(sum(units), 0)::float8 AS units FROM sales_facts WHERE listing_id = $1 AND day >= $2::date AND day < $3::date`,
            [e.listing_id, new Date(from).toISOString().slice(0, 10), new Date(end).toISOString().slice(0, 10)],
          );
          const actual = Number(a?.units);
          cell.actual += actual;
          cell.abs += Math.abs(e.periods[k]! * share - actual);
          cell.sysAbs += Math.abs(Number(e.system_periods![k]) * share - actual);
        }
      }
      by.set(e.who, cell);
    }
    return by;
  }

  it('answers per planner and per approver the WAPE of their overrides against the system forecast, as computed here', async () => {
    for (const [role, column] of [
      ['planner', 'submitter_id'],
      ['approver', 'reviewer_id'],
    ] as const) {
      const want = await expected(column);
      const page = await get(`${AI}/forecast-accuracy/overrides`, { role, pageSize: '100' });
      const rows = page.list as {
        userId: number;
        estimates: number;
        compared: number;
        actual: number;
        wape: number | null;
        systemWape: number | null;
        helped: boolean | null;
      }[];
      expect(rows.length).toBe(want.size);
      for (const r of rows) {
        const w = want.get(r.userId)!;
        expect(r.estimates).toBe(w.estimates);
        expect(r.compared).toBe(w.compared);
        expect(r.actual).toBeCloseTo(w.actual, 0);
        if (w.actual > 0) {
          expect(r.wape).toBeCloseTo(w.abs / w.actual, 3);
          expect(r.systemWape).toBeCloseTo(w.sysAbs / w.actual, 3);
          expect(r.helped).toBe(w.abs < w.sysAbs);
        }
      }
    }
    // The demo: the planner's overrides helped, the administrator's did not.
    const planners = (
      await get(`${AI}/forecast-accuracy/overrides`, { role: 'planner', sortField: 'userName', sortOrder: 'asc' })
    ).list as { userName: string; helped: boolean | null; compared: number }[];
    const [ids] = await t.rows<{ planner: string; admin: string }>(
      `SELECT (SELECT user_name FROM users WHERE login_name = 'planner') AS planner, (SELECT user_name FROM users WHERE login_name = 'admin') AS admin`,
    );
    expect(planners.find((r) => r.userName === ids!.planner)).toMatchObject({ helped: true, compared: 3 });
    expect(planners.find((r) => r.userName === ids!.admin)).toMatchObject({ helped: false, compared: 1 });
  });

  it('keeps the system forecast per period when an estimate is approved', async () => {
    const planner = await t.login('planner');
    const [l] = await t.rows<{ listing_id: number }>(`
      SELECT fl.listing_id FROM forecast_listings fl JOIN shops s ON s.id = fl.shop_id
       WHERE s.account_id = 1 AND NOT EXISTS (SELECT 1 FROM forecast_estimates e WHERE e.listing_id = fl.listing_id)
       ORDER BY fl.next30 DESC LIMIT 1`);
    const sub = await t.call('POST', `/api/${SALES}/estimate-sales`, {
      token: planner,
      body: { listingId: l!.listing_id, granularity: 'week', periods: [10, 20, 30], reason: 'test' },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const e = sub.json().data as { id: number; version: number; systemUnits: number };
    const res = await t.call('PUT', `/api/${SALES}/forecasts/audit`, {
      token: t.admin,
      body: { items: [{ id: e.id, version: e.version }], action: 'approve' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.rows<{ system_periods: number[] }>(`SELECT system_periods FROM forecast_estimates WHERE id = $1`, [
      e.id,
    ]);
    expect(row!.system_periods).toHaveLength(3);
    const [fl] = await t.rows<{ daily: number[] }>(`SELECT daily FROM forecast_listings WHERE listing_id = $1`, [l!.listing_id]);
    const week = (k: number) => fl!.daily.slice(7 * k, 7 * k + 7).reduce((a, b) => a + Number(b), 0);
    for (let k = 0; k < 3; k++) expect(Number(row!.system_periods[k])).toBeCloseTo(week(k), 0);
    expect(row!.system_periods.reduce((a, b) => a + Number(b), 0)).toBeCloseTo(e.systemUnits, 0);
  });
});

describe('shop scope', () => {
  let own: OwnScope;
  beforeAll(async () => {
    own = await seedCanaries(t.database.pool);
  }, 120_000);

  it('an external shop account holding the page sees only its own shops, with figures from its buckets', async () => {
    const pool = t.database.pool;
    // A hand-written backtest for one of its listings: bucket 1 100 units, |e| 20, e −10, naive |e| 30, 14 days; bucket 3 50, 25, 15, 20, 7.
    const buckets = [
      { actual: 100, absError: 20, error: -10, naiveAbsError: 30, naiveError: 5, days: 14 },
      { actual: 0, absError: 0, error: 0, naiveAbsError: 0, naiveError: 0, days: 0 },
      { actual: 50, absError: 25, error: 15, naiveAbsError: 20, naiveError: 0, days: 7 },
    ];
    await pool.query(
      `INSERT INTO forecast_listings (listing_id, shop_id, market_id, run_id, origin, daily, month_start, months, method,
                                      bt_actual, bt_abs_error, bt_error, bt_naive_abs_error, bt_buckets)
       SELECT l.id, l.shop_id, l.market_id, 0, current_date, '{1,1}', current_date, '{1}', 'smoothing', 150, 45, 5, 50, $2::jsonb
         FROM listings l WHERE l.id = $1
       ON CONFLICT (listing_id) DO UPDATE SET bt_buckets = excluded.bt_buckets`,
      [own.listing.id, JSON.stringify(buckets)],
    );
    const role = (await pool.query(`INSERT INTO roles (account_id, name) VALUES ($1, 'accuracy') RETURNING id`, [own.accountId]))
      .rows[0];
    await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [own.userId, role.id]);
    await pool.query(
      `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = 'scm:forecast:accuracy'`,
      [role.id],
    );
    const token = await t.login('shop.a');
    const shops = await get(`${AI}/forecast-accuracy`, { by: 'shop', pageSize: '100' }, token);
    expect(shops.total).toBeGreaterThan(0);
    for (const r of shops.list as Json[]) expect(own.shopIds).toContain(r.shopId);
    const mine = await get(`${AI}/forecast-accuracy`, { keyword: own.listing.sku }, token);
    expect(mine.list).toEqual([
      {
        key: own.listing.sku,
        label: own.listing.sku,
        marketId: null,
        shopId: null,
        listings: 1,
        actual: 150,
        wape: 0.3,
        naiveWape: 0.3333,
        gain: 0.0333,
        bias: 0.0333,
        days: 21,
      },
    ]);
    const late = await get(`${AI}/forecast-accuracy`, { keyword: own.listing.sku, horizon: 'd15_28' }, token);
    expect(late.list).toMatchObject([{ actual: 50, wape: 0.5, naiveWape: 0.4, gain: -0.1, bias: 0.3, days: 7 }]);
    // Nobody of the account approved an estimate there: no overrides to show.
    expect((await get(`${AI}/forecast-accuracy/overrides`, {}, token)).total).toBe(0);
    // Another shop asked for by id: nothing.
    const foreign = await t.rows<{ shop_id: number }>(`SELECT shop_id FROM forecast_listings WHERE shop_id <> ALL($1) LIMIT 1`, [
      own.shopIds,
    ]);
    const other = await get(`${AI}/forecast-accuracy`, { shopId: String(foreign[0]!.shop_id) }, token);
    expect(other.total).toBe(0);
  });
});
