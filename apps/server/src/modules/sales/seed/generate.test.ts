/**
 * The small sales demo on a fixed day (1 June 2025, so facts run 27 April 2024 … 31 May
 * 2025): the same data on every run, and data the sales screens can be trusted on.
 */
import { MARKETS } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { applySalesDemoOnce, generateSalesDemo, SALES_SEED_KEY, type SalesDemoResult } from './generate';

const TODAY = new Date('2025-06-01T00:00:00Z');
let t: TestApp;
let first: SalesDemoResult;

const one = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.rows<T>(text, values))[0] as T;

/** Everything generated, as one digest. */
const fingerprint = () =>
  one<{ n: number; revenue: string; digest: string }>(`
    SELECT count(*)::int AS n, sum(revenue)::text AS revenue,
           md5(string_agg(concat_ws(',', listing_id, day, units, orders, revenue, refunds, marketplace_fees, fulfilment_fees,
                                    ad_spend, cogs, other_costs, sessions, page_views, settlement, rate),
                          ';' ORDER BY listing_id, day)) AS digest
      FROM sales_facts`);

beforeAll(async () => {
  t = await createTestApp();
  first = await generateSalesDemo(t.database.db, { size: 'small', today: TODAY });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('sales demo generator, small', () => {
  it('makes about 60 company SKUs, their listings and facts', () => {
    expect(first.skus).toBeGreaterThanOrEqual(60 + 16);
    expect(first.skus).toBeLessThanOrEqual(62 + 24);
    expect(first.listings).toBeGreaterThan(first.skus * 3);
    expect(first.facts).toBeGreaterThan(30_000);
  });

  it('gives the same data on every run', async () => {
    const a = await fingerprint();
    const again = await generateSalesDemo(t.database.db, { size: 'small', today: TODAY });
    const b = await fingerprint();
    expect(again.facts).toBe(first.facts);
    expect(b.n).toBe(a.n);
    expect(b.revenue).toBe(a.revenue);
    expect(b.digest).toBe(a.digest);
    const other = await generateSalesDemo(t.database.db, { size: 'small', today: TODAY, seed: 7 });
    expect((await fingerprint()).digest).not.toBe(a.digest);
    expect(other.facts).toBeGreaterThan(0);
    await generateSalesDemo(t.database.db, { size: 'small', today: TODAY });
    expect((await fingerprint()).digest).toBe(a.digest);
  }, 120_000);

  it('has facts only on days a listing sells: after launch, before EOL, up to yesterday', async () => {
    const r = await one<{ outside: number; first: string; last: string }>(`
      SELECT count(*) FILTER (WHERE f.day < p.launch_date OR f.day >= p.eol_date)::int AS outside,
             min(f.day)::text AS first, max(f.day)::text AS last
        FROM sales_facts f JOIN listings l ON l.id = f.listing_id JOIN skus s ON s.id = l.sku_id JOIN products p ON p.id = s.product_id`);
    expect(r).toEqual({ outside: 0, first: '2024-04-27', last: '2025-05-31' });
    const lifecycles = await t.rows<{ lifecycle: number; n: number; eol_line: number }>(`
      SELECT p.lifecycle, count(*)::int AS n, count(*) FILTER (WHERE p.category_code = '1011')::int AS eol_line
        FROM products p GROUP BY p.lifecycle ORDER BY p.lifecycle`);
    expect(lifecycles.map((x) => x.lifecycle)).toEqual([0, 1, 2]);
    expect(lifecycles[2]!.eol_line).toBeGreaterThan(0);
    const bad = await one<{ n: number }>(`
      SELECT count(*)::int AS n FROM products
       WHERE (lifecycle = 0 AND (launch_date < date '2025-06-01' - 90 OR eol_date IS NOT NULL))
          OR (lifecycle = 1 AND (launch_date >= date '2025-06-01' - 90 OR eol_date IS NOT NULL))
          OR (lifecycle = 2 AND (eol_date IS NULL OR eol_date > date '2025-06-01' - 30 OR eol_date <= launch_date))`);
    expect(bad.n).toBe(0);
  });

  it('sells clearly more on Prime Day and from Black Friday to Cyber Monday than on a median day', async () => {
    const r = await one<{ median: number; prime: number; prime2: number; bf: number; cm: number }>(`
      WITH d AS (SELECT day, sum(units)::int AS units FROM sales_facts GROUP BY day)
      SELECT (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY units) FROM d) AS median,
             (SELECT units FROM d WHERE day = '2024-07-09') AS prime,
             (SELECT units FROM d WHERE day = '2024-07-10') AS prime2,
             (SELECT units FROM d WHERE day = '2024-11-29') AS bf,
             (SELECT units FROM d WHERE day = '2024-12-02') AS cm`);
    for (const peak of [r.prime, r.prime2, r.bf, r.cm]) expect(peak).toBeGreaterThan(2 * r.median);
  });

  it('keeps the rollups equal to the facts', async () => {
    const r = await one<Record<string, string>>(`
      SELECT (SELECT sum(round(revenue * rate, 2)) FROM sales_facts)::text AS facts_revenue,
             (SELECT sum(revenue) FROM sales_segment_day)::text AS segment_revenue,
             (SELECT (sum(revenue_cents) / 100)::numeric(16,2) FROM sales_listing_month)::text AS month_revenue,
             (SELECT (sum(revenue_cents) / 100)::numeric(16,2) FROM sales_listing_week)::text AS week_revenue,
             (SELECT (sum(revenue_cents) / 100)::numeric(16,2) FROM sales_listing_day)::text AS day_revenue,
             (SELECT sum(round(cogs * rate, 2) + round(other_costs * rate, 2)) FROM sales_facts)::text AS facts_costs,
             (SELECT sum(cogs + other_costs) FROM sales_segment_day)::text AS segment_costs,
             (SELECT sum(units) FROM sales_facts)::text AS facts_units,
             (SELECT sum(units) FROM sales_listing_month)::text AS month_units,
             (SELECT sum(units) FROM sales_listing_week)::text AS week_units`);
    expect(r.segment_revenue).toBe(r.facts_revenue);
    for (const rollup of [r.month_revenue, r.week_revenue, r.day_revenue]) expect(Number(rollup)).toBe(Number(r.facts_revenue));
    expect(r.segment_costs).toBe(r.facts_costs);
    expect(r.month_units).toBe(r.facts_units);
    expect(r.week_units).toBe(r.facts_units);
  });

  it('prices and books every listing in its marketplace currency, at that day’s rate', async () => {
    const listings = await t.rows<{ market_id: number; currency: string; price: string }>(
      'SELECT market_id, currency, price FROM listings',
    );
    for (const l of listings) {
      expect(l.currency).toBe(MARKETS[l.market_id]!.currency);
      if (l.currency === 'JPY') expect(Number(l.price) % 10).toBe(0);
    }
    const shopMarkets = await one<{ n: number }>(`
      SELECT count(*)::int AS n FROM listings l JOIN shops s ON s.id = l.shop_id WHERE s.market_id <> l.market_id`);
    expect(shopMarkets.n).toBe(0);
    const facts = await one<{ wrong_currency: number; wrong_rate: number; usd: number }>(`
      SELECT count(*) FILTER (WHERE f.currency <> l.currency OR f.shop_id <> l.shop_id OR f.sku_id <> l.sku_id)::int AS wrong_currency,
             count(*) FILTER (WHERE f.rate IS DISTINCT FROM er.rate)::int AS wrong_rate,
             count(*) FILTER (WHERE f.currency = 'USD' AND f.rate <> 1)::int AS usd
        FROM sales_facts f JOIN listings l ON l.id = f.listing_id
        LEFT JOIN exchange_rates er ON er.currency = f.currency AND er.day = f.day`);
    expect(facts).toEqual({ wrong_currency: 0, wrong_rate: 0, usd: 0 });
    const rates = await t.rows<{ currency: string; days: number; lo: number; hi: number }>(`
      SELECT currency, count(*)::int AS days, min(rate)::float AS lo, max(rate)::float AS hi
        FROM exchange_rates WHERE day BETWEEN '2024-04-27' AND '2025-05-31' GROUP BY currency ORDER BY currency`);
    expect(rates.map((r) => r.currency)).toEqual(['AUD', 'CAD', 'EUR', 'GBP', 'JPY', 'PLN', 'SEK', 'SGD', 'USD']);
    for (const r of rates) {
      expect(r.days).toBe(400);
      expect(r.hi / r.lo).toBeLessThan(1.3);
    }
  });

  it('lists the external shops’ own products only in their own shops', async () => {
    const rows = await t.rows<{ seller_id: string; account_id: number; prefix: string; n: number }>(`
      SELECT s.seller_id, s.account_id, split_part(p.model, '-', 1) AS prefix, count(*)::int AS n
        FROM listings l JOIN shops s ON s.id = l.shop_id JOIN skus k ON k.id = l.sku_id JOIN products p ON p.id = k.product_id
       WHERE s.account_id <> 1 OR p.model LIKE 'BW-%' OR p.model LIKE 'NL-%'
       GROUP BY 1, 2, 3 ORDER BY 1`);
    expect(rows.map((r) => [r.seller_id, r.prefix])).toEqual([
      ['A2SHOPASELLER', 'BW'],
      ['A3SHOPBSELLER', 'NL'],
    ]);
    for (const r of rows) {
      expect(r.n).toBeGreaterThanOrEqual(8);
      expect(r.n).toBeLessThanOrEqual(14);
    }
  });

  it('leaves some SKUs without a cost (no COGS), and costs the others as units × unit cost / rate', async () => {
    const r = await one<{ without: number; skus: number; cogs_without: number; wrong: number; costed_zero: number }>(`
      WITH iv AS (
        SELECT sku_id, unit_cost, effective_from, lead(effective_from) OVER (PARTITION BY sku_id ORDER BY effective_from) AS until
          FROM sku_costs
      ), c AS (
        SELECT f.units, f.cogs, f.rate, iv.unit_cost
          FROM sales_facts f
          LEFT JOIN iv ON iv.sku_id = f.sku_id AND f.day >= iv.effective_from AND (iv.until IS NULL OR f.day < iv.until))
      SELECT (SELECT count(*) FROM skus k WHERE NOT EXISTS (SELECT 1 FROM sku_costs c WHERE c.sku_id = k.id))::int AS without,
             (SELECT count(*) FROM skus)::int AS skus,
             coalesce(sum(cogs) FILTER (WHERE unit_cost IS NULL), 0)::float AS cogs_without,
             count(*) FILTER (WHERE unit_cost IS NOT NULL AND cogs <> round(units * unit_cost / rate, 2))::int AS wrong,
             count(*) FILTER (WHERE unit_cost IS NOT NULL AND units > 0 AND cogs = 0)::int AS costed_zero
        FROM c`);
    expect(r.without).toBeGreaterThanOrEqual(2);
    expect(r.without).toBeLessThan(r.skus * 0.1);
    expect(r).toMatchObject({ cogs_without: 0, wrong: 0, costed_zero: 0 });
    const reductions = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM (SELECT sku_id FROM sku_costs GROUP BY sku_id HAVING count(*) > 1) x',
    );
    expect(reductions.n).toBeGreaterThan(0);
  });

  it('adds the cost inductions into the facts’ other costs', async () => {
    const r = await one<{ inductions: number; mismatched: number; categories: number }>(`
      WITH i AS (SELECT listing_id, cost_date, sum(amount) AS amount FROM cost_inductions GROUP BY 1, 2)
      SELECT (SELECT count(*) FROM cost_inductions)::int AS inductions,
             (SELECT count(DISTINCT category) FROM cost_inductions)::int AS categories,
             (SELECT count(*) FROM sales_facts f FULL JOIN i ON i.listing_id = f.listing_id AND i.cost_date = f.day
               WHERE coalesce(f.other_costs, 0) <> coalesce(i.amount, 0))::int AS mismatched`);
    expect(r.inductions).toBeGreaterThanOrEqual(24);
    expect(r.categories).toBeGreaterThanOrEqual(4);
    expect(r.mismatched).toBe(0);
  });

  it('has plausible measures: orders, refunds, fees, ads, sessions and settlement', async () => {
    const r = await one<Record<string, number>>(`
      SELECT count(*) FILTER (WHERE units > 0 AND (orders < 1 OR orders > units))::int AS bad_orders,
             count(*) FILTER (WHERE units = 0 AND (revenue <> 0 OR cogs <> 0))::int AS bad_zero,
             count(*) FILTER (WHERE units = 0 AND ad_spend > 0)::int AS ad_only,
             count(*) FILTER (WHERE refunds > revenue OR refunds < 0)::int AS bad_refunds,
             (sum(marketplace_fees * rate) / sum(revenue * rate))::float AS referral,
             (sum(ad_spend * rate) / sum(revenue * rate))::float AS acos,
             (sum(units)::float / nullif(sum(sessions), 0)) AS conversion,
             count(*) FILTER (WHERE day >= '2025-05-30' AND settlement <> 0)::int AS not_preliminary,
             count(*) FILTER (WHERE day < '2025-05-03' AND settlement <> 2)::int AS not_final,
             count(*) FILTER (WHERE source <> 'demo')::int AS other_source
        FROM sales_facts`);
    expect(r).toMatchObject({ bad_orders: 0, bad_zero: 0, bad_refunds: 0, not_preliminary: 0, not_final: 0, other_source: 0 });
    expect(r.ad_only).toBeGreaterThan(0);
    expect(r.referral).toBeGreaterThan(0.08);
    expect(r.referral).toBeLessThan(0.15);
    expect(r.acos).toBeGreaterThan(0.05);
    expect(r.acos).toBeLessThan(0.2);
    expect(r.conversion).toBeGreaterThan(0.06);
    expect(r.conversion).toBeLessThan(0.2);
  });

  it('makes three sales teams with their directors; the EOL line belongs to none', async () => {
    const teams = await t.rows<{ name: string; director: string; lines: string }>(`
      SELECT t.name, u.login_name AS director, string_agg(l.code, ',' ORDER BY l.code) AS lines
        FROM sales_teams t JOIN users u ON u.id = t.director_user_id
        JOIN sales_team_lines tl ON tl.team_id = t.id JOIN product_lines l ON l.id = tl.product_line_id
       GROUP BY t.name, u.login_name`);
    expect(teams.sort((a, b) => a.director.localeCompare(b.director))).toEqual([
      { name: '照明二组 Lighting B', director: 'director.b', lines: '6011,6012,6013,6014,6015,6121,6131' },
      { name: '智能家居 Smart Home', director: 'director.home', lines: '5111,5112,7011,7012,7111' },
      { name: '照明一组 Lighting A', director: 'sales.manager', lines: '6111,6112,6113' },
    ]);
    const directors = await t.rows<{ login_name: string; enabled: boolean; same_hash: boolean; role: string }>(`
      SELECT u.login_name, u.enabled, u.password_hash = m.password_hash AS same_hash, r.name AS role
        FROM users u JOIN users m ON m.login_name = 'sales.manager'
        JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
       WHERE u.login_name IN ('director.b', 'director.home') ORDER BY u.login_name`);
    expect(directors).toEqual([
      { login_name: 'director.b', enabled: true, same_hash: true, role: 'sales manager' },
      { login_name: 'director.home', enabled: true, same_hash: true, role: 'sales manager' },
    ]);
    await t.login('director.b');
  });
});

describe('the first-start hook', () => {
  it('runs once, and never over sales data that is already there', async () => {
    const before = await fingerprint();
    expect(await one(`SELECT value FROM app_meta WHERE key = $1`, [SALES_SEED_KEY])).toEqual({ value: 'small' });
    expect(await applySalesDemoOnce(t.database.db)).toBeNull();
    await t.rows(`DELETE FROM app_meta WHERE key = $1`, [SALES_SEED_KEY]);
    expect(await applySalesDemoOnce(t.database.db)).toBeNull();
    expect((await fingerprint()).digest).toBe(before.digest);
  });
});
