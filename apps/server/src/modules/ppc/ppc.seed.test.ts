/**
 * Issue #19 (11): the ads demo obeys budgets and per-keyword economics, checked on the demo
 * the test database is seeded with (generatePpcDemoIn, size small). Before: campaigns spent up
 * to 7× their daily budget, and every keyword of an ad group had the same sales (the
 * campaign-day split equally) with different orders, so bid suggestions meant nothing.
 */
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';

const t = testAppPerFile();
const one = async (text: string) => Number(Object.values((await t.rows(text))[0] ?? {})[0]);

describe('the ads demo', () => {
  it('has data to check', async () => {
    expect(await one(`SELECT count(*) FROM ppc_performance WHERE source = 'demo' AND entity_type = 'keyword'`)).toBeGreaterThan(
      1000,
    );
  });

  it('spends no campaign-day more than the budget in force, and some days run out of budget', async () => {
    expect(
      await t.rows(`SELECT f.campaign_id, f.day, f.spend, c.daily_budget FROM ppc_performance f JOIN ppc_campaigns c ON c.id = f.campaign_id
                WHERE f.entity_type = 'campaign' AND f.spend > c.daily_budget LIMIT 5`),
    ).toEqual([]);
    // The rollup /outBudget reads (budget at the day's rate): none over, some at 98 % or more.
    expect(await one(`SELECT count(*) FROM ppc_campaign_day WHERE spend_cents > budget_cents`)).toBe(0);
    const out = await t.rows<{ days: string; campaigns: string; all: string }>(
      `SELECT count(*) FILTER (WHERE spend_cents * 100 >= budget_cents * 98) AS days,
              count(DISTINCT campaign_id) FILTER (WHERE spend_cents * 100 >= budget_cents * 98) AS campaigns,
              count(DISTINCT campaign_id) AS all
         FROM ppc_campaign_day WHERE budget_cents > 0`,
    );
    expect(Number(out[0]?.campaigns)).toBeGreaterThan(Number(out[0]?.all) / 10);
    expect(Number(out[0]?.days)).toBeGreaterThan(Number(out[0]?.campaigns));
  });

  it("splits each listing-day's recorded ad spend over its campaigns exactly", async () => {
    expect(
      await t.rows(`SELECT f.listing_id, f.day, f.spend, s.ad_spend
                 FROM (SELECT listing_id, day, sum(spend) AS spend FROM ppc_performance WHERE entity_type = 'product_ad'
                        GROUP BY listing_id, day) f
                 JOIN sales_facts s ON s.listing_id = f.listing_id AND s.day = f.day
                WHERE f.spend <> s.ad_spend LIMIT 5`),
    ).toEqual([]);
    // And every listing-day with ad spend in the window has its campaigns.
    expect(
      await one(`SELECT count(*) FROM sales_facts s
                  WHERE s.ad_spend > 0 AND s.day BETWEEN (SELECT min(day) FROM ppc_performance) AND (SELECT max(day) FROM ppc_performance)
                    AND NOT EXISTS (SELECT 1 FROM ppc_performance f WHERE f.entity_type = 'product_ad' AND f.listing_id = s.listing_id AND f.day = s.day)`),
    ).toBe(0);
  });

  it('keeps impressions ≥ clicks ≥ orders ≥ 0 and spend only with clicks', async () => {
    expect(
      await t.rows(`SELECT entity_type, entity_id, day, impressions, clicks, orders, spend FROM ppc_performance
                WHERE NOT (impressions >= clicks AND clicks >= orders AND orders >= 0 AND (spend = 0 OR clicks > 0)) LIMIT 5`),
    ).toEqual([]);
  });

  it("sells at the advertised SKU's price: sales ÷ orders within its price band (less up to 15 %)", async () => {
    // (a product ad's sales are its keywords' sums, each rounded to cents: a few cents of slack)
    expect(
      await t.rows(`SELECT f.entity_type, f.entity_id, f.day, f.orders, f.sales, coalesce(li.price, 20) AS price
                 FROM ppc_performance f
                 JOIN ppc_product_ads pa ON pa.ad_group_id = f.ad_group_id JOIN listings li ON li.id = pa.listing_id
                WHERE f.entity_type IN ('keyword', 'target', 'product_ad')
                  AND (f.orders = 0 AND f.sales <> 0
                       OR f.sales < f.orders * coalesce(li.price, 20) * 0.85 - 0.03
                       OR f.sales > f.orders * coalesce(li.price, 20) + 0.03) LIMIT 5`),
    ).toEqual([]);
  });

  it('gives no two keywords/targets of an ad group the same sales with different orders (per day and over the period)', async () => {
    const clashes = (rows: string) => `
      SELECT a.ad_group_id, a.entity_id AS a, b.entity_id AS b, a.sales, a.orders AS a_orders, b.orders AS b_orders
        FROM (${rows}) a JOIN (${rows}) b ON b.ad_group_id = a.ad_group_id AND b.k = a.k AND b.entity_id > a.entity_id
       WHERE a.sales = b.sales AND a.orders <> b.orders LIMIT 5`;
    const kinds = `entity_type IN ('keyword', 'target')`;
    expect(
      await t.rows(clashes(`SELECT ad_group_id, entity_id, day::text AS k, sales, orders FROM ppc_performance WHERE ${kinds}`)),
    ).toEqual([]);
    expect(
      await t.rows(
        clashes(`SELECT ad_group_id, entity_id, '' AS k, sum(sales) AS sales, sum(orders) AS orders FROM ppc_performance
                  WHERE ${kinds} GROUP BY ad_group_id, entity_id`),
      ),
    ).toEqual([]);
  });

  it('gives each keyword its own ACoS, CPC around its bid, CTR and CVR', async () => {
    // Over the period, per keyword/target with sales: within an ad group the ACoS differ.
    const [g] = await t.rows<{ groups: string; spread: string }>(`
      WITH k AS (SELECT ad_group_id, entity_id, sum(spend) / sum(sales) AS acos FROM ppc_performance
                  WHERE entity_type IN ('keyword', 'target') GROUP BY ad_group_id, entity_id HAVING sum(sales) > 0),
           g AS (SELECT ad_group_id, max(acos) / min(acos) AS ratio FROM k GROUP BY ad_group_id HAVING count(*) >= 2)
      SELECT count(*) AS groups, count(*) FILTER (WHERE ratio >= 1.25) AS spread FROM g`);
    expect(Number(g?.groups)).toBeGreaterThan(50);
    expect(Number(g?.spread)).toBeGreaterThan(Number(g?.groups) / 2);
    // CPC is a share of the bid (never above it, some far below: bid ≥ 2 × CPC), per keyword.
    const [c] = await t.rows<{ above: string; far: string; all: string }>(`
      WITH k AS (SELECT e.bid, sum(f.spend) / sum(f.clicks) AS cpc FROM ppc_performance f
                   JOIN (SELECT 'keyword' AS t, id, bid FROM ppc_keywords UNION ALL SELECT 'target', id, bid FROM ppc_targets) e
                     ON e.t = f.entity_type AND e.id = f.entity_id
                  GROUP BY f.entity_type, f.entity_id, e.bid HAVING sum(f.clicks) >= 20)
      SELECT count(*) FILTER (WHERE cpc > bid * 1.2) AS above, count(*) FILTER (WHERE bid >= 2 * cpc) AS far, count(*) AS all FROM k`);
    expect(Number(c?.all)).toBeGreaterThan(100);
    expect(Number(c?.above)).toBe(0);
    expect(Number(c?.far)).toBeGreaterThan(0);
    expect(Number(c?.far)).toBeLessThan(Number(c?.all) / 3);
    // Some keywords with clicks never convert (what /ppcDiag calls wasted).
    expect(
      await one(`SELECT count(*) FROM (SELECT entity_id FROM ppc_performance WHERE entity_type = 'keyword'
                  GROUP BY entity_id HAVING sum(clicks) >= 10 AND sum(orders) = 0) x`),
    ).toBeGreaterThan(0);
  });

  it('gives /ppcDiag findings of each click-based kind on a demo shop', async () => {
    const admin = await t.login('admin');
    const shops = await t.rows<{ shop_id: number }>(
      `SELECT shop_id FROM ppc_performance WHERE entity_type = 'keyword' GROUP BY shop_id ORDER BY count(*) DESC LIMIT 3`,
    );
    const [w] = await t.rows<{ startDate: string; endDate: string }>(
      `SELECT to_char(max(day) - 29, 'YYYY-MM-DD') AS "startDate", to_char(max(day), 'YYYY-MM-DD') AS "endDate" FROM ppc_performance`,
    );
    const kinds = new Set<string>();
    for (const s of shops) {
      const query = { shopId: String(s.shop_id), startDate: w?.startDate ?? '', endDate: w?.endDate ?? '' };
      const res = await t.call('GET', '/api/ppc/rest/v1/diagnosis', { token: admin, query });
      expect(res.statusCode, res.body).toBe(200);
      for (const f of (res.json() as { data: { findings: { kind: string }[] } }).data.findings) kinds.add(f.kind);
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['wasted_keyword', 'acos_outlier', 'bid_above_cpc']));
  });
});
