/**
 * The metric definitions on hand-computed fixtures, and the demo's consistency: rollups
 * equal the facts, the SKU rollup adds up to the campaign rollup, and the ad spend equals
 * the sales facts' ad spend.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { FIGURES, figuresOf } from './metrics';

const t = testAppPerFile();

const figuresFor = async (v: { impressions: number; clicks: number; spendCents: number; orders: number; salesCents: number }) => {
  const r = await t.database.db.execute(sql`
    SELECT ${FIGURES()} FROM (SELECT ${v.impressions}::bigint AS impressions, ${v.clicks}::bigint AS clicks,
      ${v.spendCents}::bigint AS spend_cents, ${v.orders}::bigint AS orders, ${v.salesCents}::bigint AS sales_cents,
      0::bigint AS units) x`);
  return figuresOf(r.rows[0] as Record<string, unknown>);
};

describe('derived metrics', () => {
  it('computes ACoS, ROAS, CTR, CPC and CVR from the sums', async () => {
    // 2,000 impressions, 50 clicks, 37.50 spend, 4 orders, 150.00 sales
    const f = await figuresFor({ impressions: 2000, clicks: 50, spendCents: 3750, orders: 4, salesCents: 15000 });
    expect(f).toMatchObject({ spend: 37.5, sales: 150, acos: 0.25, roas: 4, ctr: 0.025, cpc: 0.75, cvr: 0.08 });
  });
  it('answers null, not zero or infinity, when a denominator is zero', async () => {
    const f = await figuresFor({ impressions: 0, clicks: 0, spendCents: 1234, orders: 0, salesCents: 0 });
    expect(f).toMatchObject({ spend: 12.34, acos: null, roas: 0, ctr: null, cpc: null, cvr: null });
    const none = await figuresFor({ impressions: 0, clicks: 0, spendCents: 0, orders: 0, salesCents: 0 });
    expect(none).toMatchObject({ acos: null, roas: null, ctr: null, cpc: null, cvr: null });
  });
  it('rounds ratios to 4 places and CPC to cents', async () => {
    const f = await figuresFor({ impressions: 3, clicks: 3, spendCents: 100, orders: 1, salesCents: 300 });
    expect(f).toMatchObject({ acos: 0.3333, roas: 3, ctr: 1, cpc: 0.33, cvr: 0.3333 });
  });
});

describe('demo data', () => {
  const one = async <T>(text: string) => (await t.database.pool.query(text)).rows[0] as T;
  it('has every kind of entity and performance', async () => {
    const c = await one<Record<string, number>>(`
      SELECT (SELECT count(DISTINCT campaign_type)::int FROM ppc_campaigns) AS types,
             (SELECT count(*)::int FROM ppc_keywords) AS keywords, (SELECT count(*)::int FROM ppc_targets) AS targets,
             (SELECT count(*)::int FROM ppc_negative_keywords) AS negk, (SELECT count(*)::int FROM ppc_negative_products) AS negp,
             (SELECT count(*)::int FROM ppc_placements) AS placements, (SELECT count(*)::int FROM ppc_performance) AS perf,
             (SELECT count(*)::int FROM ppc_profiles) AS profiles`);
    expect(c.types).toBe(3);
    for (const k of ['keywords', 'targets', 'negk', 'negp', 'placements', 'perf', 'profiles']) expect(c[k]).toBeGreaterThan(0);
  });
  it('keeps the rollups equal to the facts, and the SKU rollup equal to the campaign rollup', async () => {
    const r = await one<Record<string, string>>(`
      SELECT (SELECT sum(spend_cents) FROM ppc_campaign_day) AS campaign_day,
             (SELECT sum(spend_cents) FROM ppc_sku_day) AS sku_day,
             (SELECT sum((round(spend * rate, 2) * 100)::bigint) FROM ppc_performance WHERE entity_type = 'campaign') AS facts,
             (SELECT sum(spend_cents) FROM ppc_ad_group_day) AS ad_group_day,
             (SELECT sum(clicks) FROM ppc_campaign_day) AS clicks, (SELECT sum(clicks) FROM ppc_ad_group_day) AS group_clicks`);
    expect(r.campaign_day).toBe(r.facts);
    expect(r.sku_day).toBe(r.facts);
    expect(r.clicks).toBe(r.group_clicks);
    // Keyword shares are split in local cents, so the converted sum may differ by rounding only.
    expect(Math.abs(Number(r.ad_group_day) - Number(r.facts))).toBeLessThan(Number(r.facts) * 0.001);
  });
  it('has plausible figures in every marketplace (CPC in USD, CTR, ACoS)', async () => {
    const shops = (
      await t.database.pool.query(`
        SELECT shop_id, (sum(spend_cents)::numeric / 100 / nullif(sum(clicks), 0))::float AS cpc,
               (sum(clicks)::numeric / nullif(sum(impressions), 0))::float AS ctr,
               (sum(spend_cents)::numeric / nullif(sum(sales_cents), 0))::float AS acos
          FROM ppc_campaign_day GROUP BY shop_id`)
    ).rows as { cpc: number; ctr: number; acos: number }[];
    expect(shops.length).toBeGreaterThan(3);
    for (const s of shops) {
      expect(s.cpc).toBeGreaterThan(0.3);
      // CPC follows each keyword's bid (about 3 % of the advertised price, issue #19): a shop of dearer products pays more a click.
      expect(s.cpc).toBeLessThan(2.5);
      expect(s.ctr).toBeGreaterThan(0.001);
      expect(s.ctr).toBeLessThan(0.02);
      expect(s.acos).toBeGreaterThan(0.1);
      expect(s.acos).toBeLessThan(0.8);
    }
  });

  it("spends exactly the sales facts' ad spend on each advertised listing-day", async () => {
    const r = await one<{ bad: number; checked: number }>(`
      SELECT count(*) FILTER (WHERE s.ad_spend <> p.spend)::int AS bad, count(*)::int AS checked
        FROM (SELECT listing_id, day, sum(spend) AS spend FROM ppc_performance WHERE entity_type = 'product_ad' GROUP BY 1, 2) p
        JOIN sales_facts s ON s.listing_id = p.listing_id AND s.day = p.day`);
    expect(r.checked).toBeGreaterThan(100);
    // Shares are rounded to the cent per campaign: at most a cent or two per listing-day.
    const off = await one<{ worst: string }>(`
      SELECT max(abs(s.ad_spend - p.spend)) AS worst
        FROM (SELECT listing_id, day, sum(spend) AS spend FROM ppc_performance WHERE entity_type = 'product_ad' GROUP BY 1, 2) p
        JOIN sales_facts s ON s.listing_id = p.listing_id AND s.day = p.day`);
    expect(Number(off.worst)).toBeLessThanOrEqual(0.03);
  });
});
