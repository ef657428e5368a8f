/**
 * The entity rollups (`ppc_entity_week`, `ppc_entity_day`) and the period reads built on
 * them (`entityPeriodRows`): the rollups equal the facts (per Monday-based week, per day)
 * after the demo, imports, restatements and deletes, and a period read (whole weeks from
 * the weekly rollup, edge days from the daily one) equals the facts of the period summed alone;
 * the campaign, ad-group and SKU week rollups and the shop-day rollup equal their day
 * rollups summed, and `rollupPeriodRows` equals the day rollup summed over any period.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { createPpcFixture, type PpcFixture, perf, writePerformance } from '../ppc.fixtures';
import { lockShopAds, replacePerformance } from './facts.service';
import { entityPeriodRows, rollupPeriodRows, splitPeriod } from './period';

const t = testAppPerFile();
let fx: PpcFixture;
beforeAll(async () => {
  fx = await createPpcFixture(t);
});

/** SQL: how many rows of the CTEs `a` and `b` differ, counted both ways (0: the same rows). */
const DIFFERING = `((SELECT count(*) FROM (SELECT * FROM a EXCEPT SELECT * FROM b) x)
  + (SELECT count(*) FROM (SELECT * FROM b EXCEPT SELECT * FROM a) y))::int`;

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Periods to read from a table's range of days (other shops than the fixture's): all of it, less edge days, and a few days without a whole week. */
async function periodsOf(table: string): Promise<{ first: string; periods: [string, string][] }> {
  const r = await t.database.pool.query(
    `SELECT to_char(min(day), 'YYYY-MM-DD') AS a, to_char(max(day), 'YYYY-MM-DD') AS b FROM ${table} WHERE shop_id <> $1`,
    [fx.shop.id],
  );
  const { a, b } = r.rows[0] as { a: string; b: string };
  return {
    first: a,
    periods: [
      [a, b],
      [addDays(a, 3), addDays(b, -2)],
      [addDays(a, 9), addDays(a, 12)],
      [addDays(b, -29), b],
    ],
  };
}

/** Rows of the rollup that differ from the facts summed per week (both directions), for one shop or all. */
async function mismatches(shopId: number | null): Promise<number> {
  const shop = (a: string) => (shopId === null ? sql`true` : sql`${sql.raw(a)}.shop_id = ${shopId}`);
  const r = await t.database.db.execute<{ n: number }>(sql`
    WITH a AS (
      SELECT f.entity_type, f.entity_id, date_trunc('week', f.day)::date AS week, f.shop_id, f.campaign_id, f.ad_group_id,
             f.campaign_type, sum(f.impressions)::bigint AS impressions, sum(f.clicks)::bigint AS clicks,
             sum((round(f.spend * f.rate, 2) * 100)::bigint)::bigint AS spend_cents, sum(f.orders)::bigint AS orders,
             sum((round(f.sales * f.rate, 2) * 100)::bigint)::bigint AS sales_cents, sum(f.units)::bigint AS units
        FROM ppc_performance f
       WHERE f.entity_type IN ('keyword', 'target', 'product_ad') AND ${shop('f')}
       GROUP BY 1, 2, 3, 4, 5, 6, 7),
    b AS (
      SELECT w.entity_type, w.entity_id, w.week, w.shop_id, w.campaign_id, w.ad_group_id, w.campaign_type, w.impressions,
             w.clicks, w.spend_cents, w.orders, w.sales_cents, w.units
        FROM ppc_entity_week w WHERE ${shop('w')})
    SELECT ${sql.raw(DIFFERING)} AS n`);
  return Number(r.rows[0]?.n);
}

/** Rows of `ppc_entity_day` that differ from the entity-level facts converted one by one (both directions). */
async function dayMismatches(): Promise<number> {
  const r = await t.database.pool.query(`
    WITH a AS (
      SELECT f.entity_type, f.entity_id, f.day, f.shop_id, f.market_id, f.campaign_id, f.ad_group_id, f.campaign_type,
             f.impressions::bigint, f.clicks::bigint, (round(f.spend * f.rate, 2) * 100)::bigint, f.orders::bigint,
             (round(f.sales * f.rate, 2) * 100)::bigint, f.units::bigint
        FROM ppc_performance f WHERE f.entity_type IN ('keyword', 'target', 'product_ad')),
    b AS (
      SELECT d.entity_type, d.entity_id, d.day, d.shop_id, d.market_id, d.campaign_id, d.ad_group_id, d.campaign_type,
             d.impressions, d.clicks, d.spend_cents, d.orders, d.sales_cents, d.units FROM ppc_entity_day d)
    SELECT ${DIFFERING} AS n`);
  return Number(r.rows[0].n);
}

const weekRows = async () =>
  (
    await t.database.pool.query(
      `SELECT entity_id, to_char(week, 'YYYY-MM-DD') AS week, clicks::int, spend_cents::int
         FROM ppc_entity_week WHERE shop_id = $1 ORDER BY entity_id, week`,
      [fx.shop.id],
    )
  ).rows;

describe('ppc_entity_week', () => {
  it('equals the facts per week on the demo data (several currencies)', async () => {
    const n = await t.database.pool.query(`SELECT count(*)::int AS n FROM ppc_entity_week`);
    expect(n.rows[0].n).toBeGreaterThan(0);
    expect(await mismatches(null)).toBe(0);
    expect(await dayMismatches()).toBe(0);
  });

  it('follows imports, restatements and deletes of exactly the weeks touched', async () => {
    const kw = (entityId: number, day: string, clicks: number, spend: string) =>
      perf({ entityType: 'keyword', entityId, campaignId: fx.campaign, adGroupId: fx.adGroup, day, clicks, spend });
    // Sunday 2026-03-08 ends one week; Monday 2026-03-09 and Tuesday 2026-03-10 begin the next.
    await writePerformance(t, fx, [
      kw(fx.k1, '2026-03-08', 3, '1.50'),
      kw(fx.k1, '2026-03-09', 4, '2.00'),
      kw(fx.k1, '2026-03-10', 5, '2.25'),
      kw(fx.k2, '2026-03-10', 1, '0.40'),
    ]);
    expect(await weekRows()).toEqual([
      { entity_id: fx.k1, week: '2026-03-02', clicks: 3, spend_cents: 150 },
      { entity_id: fx.k1, week: '2026-03-09', clicks: 9, spend_cents: 425 },
      { entity_id: fx.k2, week: '2026-03-09', clicks: 1, spend_cents: 40 },
    ]);
    expect(await mismatches(fx.shop.id)).toBe(0);

    // A restated file for the 10th: k1 changes, k2 is gone; the 9th (same week) and the 8th stay.
    await writePerformance(t, fx, [kw(fx.k1, '2026-03-10', 7, '3.10')]);
    expect(await weekRows()).toEqual([
      { entity_id: fx.k1, week: '2026-03-02', clicks: 3, spend_cents: 150 },
      { entity_id: fx.k1, week: '2026-03-09', clicks: 11, spend_cents: 510 },
    ]);

    // The days of a file without rows are emptied: the week of the 8th disappears.
    await t.database.db.transaction(async (tx) => {
      await lockShopAds(tx, fx.shop.id);
      await replacePerformance(tx, fx.shop, { entityTypes: ['keyword'], days: ['2026-03-08'] }, [], {
        source: 'test',
        importId: null,
        asOf: new Date('2030-01-01T00:00:00Z'),
      });
    });
    expect(await weekRows()).toEqual([{ entity_id: fx.k1, week: '2026-03-09', clicks: 11, spend_cents: 510 }]);
    expect(await mismatches(fx.shop.id)).toBe(0);
    // Other shops' weeks were not touched; the daily rollup followed every step.
    expect(await mismatches(null)).toBe(0);
    expect(await dayMismatches()).toBe(0);
  });
});

describe('entityPeriodRows', () => {
  it('splits a period into whole Monday weeks and edge days', () => {
    expect(splitPeriod('2026-10-25', '2026-11-23')).toEqual({
      weeks: ['2026-10-26', '2026-11-16'],
      edges: [
        ['2026-10-25', '2026-10-25'],
        ['2026-11-23', '2026-11-23'],
      ],
    });
    expect(splitPeriod('2026-11-16', '2026-11-22')).toEqual({ weeks: ['2026-11-16', '2026-11-16'], edges: [] });
    expect(splitPeriod('2026-11-17', '2026-11-22')).toEqual({ weeks: null, edges: [['2026-11-17', '2026-11-22']] });
    expect(splitPeriod('2026-11-02', '2026-11-29')).toEqual({ weeks: ['2026-11-02', '2026-11-23'], edges: [] });
  });

  it('sums every entity of a period exactly as the facts alone, for periods with and without whole weeks', async () => {
    const { first, periods } = await periodsOf('ppc_performance');
    for (const type of ['keyword', 'target', 'product_ad'] as const) {
      for (const [start, end] of periods) {
        const r = await t.database.db.execute<{ n: number; rows: number }>(sql`
          WITH a AS (
            SELECT r.entity_id, sum(r.impressions)::bigint AS i, sum(r.clicks)::bigint AS c, sum(r.spend_cents)::bigint AS s,
                   sum(r.orders)::bigint AS o, sum(r.sales_cents)::bigint AS v, sum(r.units)::bigint AS u
              FROM (${entityPeriodRows(type, start, end, sql`r.campaign_type IN ('sp', 'sb', 'sd')`)}) r GROUP BY 1),
          b AS (
            SELECT f.entity_id, sum(f.impressions)::bigint, sum(f.clicks)::bigint,
                   sum((round(f.spend * f.rate, 2) * 100)::bigint)::bigint, sum(f.orders)::bigint,
                   sum((round(f.sales * f.rate, 2) * 100)::bigint)::bigint, sum(f.units)::bigint
              FROM ppc_performance f WHERE f.entity_type = ${type} AND f.day BETWEEN ${start}::date AND ${end}::date GROUP BY 1)
          SELECT ${sql.raw(DIFFERING)} AS n, (SELECT count(*) FROM a)::int AS rows`);
        expect({ type, start, end, n: r.rows[0]?.n }).toEqual({ type, start, end, n: 0 });
        if (start === first) expect(Number(r.rows[0]?.rows)).toBeGreaterThan(0);
      }
    }
  });
});

/** The week rollups kept from day rollups, and how to sum the day rollup per week for each. */
const LEVELS = [
  {
    level: 'campaign',
    week: 'ppc_campaign_week',
    day: 'ppc_campaign_day',
    keys: 'campaign_id',
    carried: 'shop_id, market_id, campaign_type',
  },
  {
    level: 'adGroup',
    week: 'ppc_ad_group_week',
    day: 'ppc_ad_group_day',
    keys: 'ad_group_id',
    carried: 'campaign_id, shop_id, market_id, campaign_type',
  },
  { level: 'sku', week: 'ppc_sku_week', day: 'ppc_sku_day', keys: 'listing_id, campaign_type', carried: 'shop_id, market_id' },
  {
    level: 'searchTerm',
    week: 'ppc_search_term_week',
    day: 'ppc_search_term_day',
    keys: 'shop_id, campaign_type, search_term',
    carried: 'market_id',
  },
] as const;
const SUMS =
  'sum(impressions)::bigint, sum(clicks)::bigint, sum(spend_cents)::bigint, sum(orders)::bigint, sum(sales_cents)::bigint, sum(units)::bigint';
const COLS = 'impressions, clicks, spend_cents, orders, sales_cents, units';

/** Rows where a week rollup and its day rollup summed per week differ (both directions), plus the shop-day rollup's. */
async function weekLevelMismatches(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const l of LEVELS) {
    const r = await t.database.pool.query(`
      WITH a AS (SELECT ${l.keys}, date_trunc('week', day)::date AS week, ${l.carried}, ${SUMS} FROM ${l.day}
                  GROUP BY ${l.keys}, date_trunc('week', day)::date, ${l.carried}),
           b AS (SELECT ${l.keys}, week, ${l.carried}, ${COLS} FROM ${l.week})
      SELECT ${DIFFERING} AS n, (SELECT count(*) FROM b)::int AS rows`);
    out[l.week] = r.rows[0].n;
    out[`${l.week} rows`] = r.rows[0].rows > 0 ? 1 : 0;
  }
  const r = await t.database.pool.query(`
    WITH a AS (SELECT shop_id, day, campaign_type, max(market_id), ${SUMS} FROM ppc_campaign_day GROUP BY 1, 2, 3),
         b AS (SELECT shop_id, day, campaign_type, market_id, ${COLS} FROM ppc_shop_day)
    SELECT ${DIFFERING} AS n`);
  out.ppc_shop_day = r.rows[0].n;
  // Search-term days: the rows of a term, shop, campaign type, currency and day converted once with the day's rate.
  const st = await t.database.pool.query(`
    WITH g AS (
      SELECT t.shop_id, t.day, c.campaign_type, t.search_term, t.currency, c.market_id, sum(t.impressions) AS i, sum(t.clicks) AS k,
             sum(t.spend) AS s, sum(t.orders) AS o, sum(t.sales) AS v, sum(t.units) AS u
        FROM ppc_search_terms t JOIN ppc_campaigns c ON c.id = t.campaign_id GROUP BY 1, 2, 3, 4, 5, 6),
    a AS (
      SELECT g.shop_id, g.day, g.campaign_type, g.search_term, g.market_id, sum(g.i)::bigint, sum(g.k)::bigint,
             sum((round(g.s * r.rate, 2) * 100)::bigint)::bigint, sum(g.o)::bigint, sum((round(g.v * r.rate, 2) * 100)::bigint)::bigint,
             sum(g.u)::bigint
        FROM g CROSS JOIN LATERAL (
          SELECT coalesce((SELECT er.rate FROM exchange_rates er WHERE er.currency = g.currency AND er.day <= g.day
                            ORDER BY er.day DESC LIMIT 1), CASE WHEN g.currency = 'USD' THEN 1 END) AS rate) r
       GROUP BY 1, 2, 3, 4, 5),
    b AS (SELECT shop_id, day, campaign_type, search_term, market_id, ${COLS} FROM ppc_search_term_day)
    SELECT ${DIFFERING} AS n`);
  out.ppc_search_term_day = st.rows[0].n;
  return out;
}

const allEqual = {
  ppc_campaign_week: 0,
  'ppc_campaign_week rows': 1,
  ppc_ad_group_week: 0,
  'ppc_ad_group_week rows': 1,
  ppc_sku_week: 0,
  'ppc_sku_week rows': 1,
  ppc_search_term_week: 0,
  'ppc_search_term_week rows': 1,
  ppc_shop_day: 0,
  ppc_search_term_day: 0,
};

describe('campaign, ad-group, SKU and search-term weeks, shop and search-term days', () => {
  it('equal their day rollups after the demo and after writes that restate and empty days', async () => {
    expect(await weekLevelMismatches()).toEqual(allEqual);
    const camp = (day: string, clicks: number, spend: string) =>
      perf({ entityType: 'campaign', entityId: fx.campaign, campaignId: fx.campaign, day, clicks, spend });
    await writePerformance(t, fx, [camp('2026-04-05', 2, '1.10'), camp('2026-04-06', 3, '2.20')]);
    expect(await weekLevelMismatches()).toEqual(allEqual);
    await writePerformance(t, fx, [camp('2026-04-06', 5, '4.40')]);
    await t.database.db.transaction(async (tx) => {
      await lockShopAds(tx, fx.shop.id);
      await replacePerformance(tx, fx.shop, { entityTypes: ['campaign'], days: ['2026-04-05'] }, [], {
        source: 'test',
        importId: null,
        asOf: new Date('2030-01-01T00:00:00Z'),
      });
    });
    expect(await weekLevelMismatches()).toEqual(allEqual);
    const w = await t.database.pool.query(
      `SELECT to_char(week, 'YYYY-MM-DD') AS week, clicks::int FROM ppc_campaign_week WHERE campaign_id = $1 ORDER BY week`,
      [fx.campaign],
    );
    expect(w.rows).toContainEqual({ week: '2026-04-06', clicks: 5 });
    expect(w.rows.find((x) => x.week === '2026-03-30')).toBeUndefined();
  });

  it('rollupPeriodRows sums every key of a period exactly as the day rollup alone', async () => {
    const { periods } = await periodsOf('ppc_campaign_day');
    for (const l of LEVELS) {
      for (const [start, end] of periods) {
        const period = rollupPeriodRows(l.level, start, end, sql`r.shop_id > 0`);
        const r = await t.database.db.execute<{ n: number; rows: number }>(sql`
          WITH a AS (SELECT ${sql.raw(l.keys)}, ${sql.raw(SUMS)} FROM (${period}) r GROUP BY ${sql.raw(l.keys)}),
               b AS (SELECT ${sql.raw(l.keys)}, ${sql.raw(SUMS)} FROM ${sql.raw(l.day)}
                      WHERE day BETWEEN ${start}::date AND ${end}::date GROUP BY ${sql.raw(l.keys)})
          SELECT ${sql.raw(DIFFERING)} AS n, (SELECT count(*) FROM a)::int AS rows`);
        expect({ level: l.level, start, end, n: r.rows[0]?.n }).toEqual({ level: l.level, start, end, n: 0 });
        expect(Number(r.rows[0]?.rows)).toBeGreaterThan(0);
      }
    }
  });
});
