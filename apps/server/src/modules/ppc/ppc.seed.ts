/**
 * The advertising demo, built on the sales demo's listings and facts: one ad profile per
 * shop that advertises; per advertised listing an SP auto and an SP manual campaign, an
 * SB campaign for every fifth listing and an SD campaign for every fourth, each with one
 * ad group, its product ad, keywords or targets, negatives and placements; then daily
 * performance of campaigns, product ads, keywords and targets over the last days of the
 * sales facts. Each listing-day's ad spend is exactly the sales facts' `ad_spend`, split
 * among its campaigns, so the PPC boards agree with sales profit; no campaign-day spends more
 * than its daily budget (some run out of budget on their busier days, capped at it). Each
 * keyword/target has its own CPC (a share of its bid), CTR and CVR, and sells the advertised
 * listing at its price (less up to 15 %): its spend, clicks, orders and sales are its own, and
 * the campaign and product-ad facts are their sums. Deterministic: every draw is a hash of
 * (campaign, keyword/target, day) and the seed, never random().
 *
 * Both sizes cover the last 30 days. small: every listing with ad spend (about 70,000 rows,
 * 1.5 s here); large: the listings with the most ad spend, as many as give about 1M fact rows
 * (issue #5's "large ≈ 1M performance rows"); the others' ad spend then has no campaign.
 */
import { AD_LIMITS } from '@bo/contract/ppc/changes';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { refreshPpcRollups, refreshSearchTermRollups } from './model/facts.service';

export type PpcDemoSize = 'small' | 'large';
export const PPC_SEED_KEY = 'seed.ppc';

const PPC_TABLES = [
  'ppc_monitor_alerts',
  'ppc_monitors',
  'ppc_search_terms',
  'ppc_search_term_day',
  'ppc_search_term_week',
  'ppc_campaign_day',
  'ppc_ad_group_day',
  'ppc_sku_day',
  'ppc_entity_week',
  'ppc_campaign_week',
  'ppc_ad_group_week',
  'ppc_sku_week',
  'ppc_shop_day',
  'ppc_entity_day',
  'ppc_performance',
  'ppc_negative_products',
  'ppc_negative_keywords',
  'ppc_targets',
  'ppc_keywords',
  'ppc_product_ads',
  'ppc_ad_groups',
  'ppc_placements',
  'ppc_campaigns',
  'ppc_portfolios',
  'ppc_profiles',
];

/** A uniform number in [0, 1) from half (0 low, 1 high) of a 64-bit hash of `key` (a bigint) and `seed`. */
const unit = (key: SQL, seed: number, half: 0 | 1): SQL =>
  half === 0
    ? sql`((hashint8extended(${key}, ${seed}::bigint) & 4294967295)::float8 / 4294967296)`
    : sql`(((hashint8extended(${key}, ${seed}::bigint) >> 32) & 4294967295)::float8 / 4294967296)`;

/** Days of ad data, both sizes. */
const DEMO_DAYS = 30;
/** Fact rows the large demo stops at (the listings are taken by ad spend until the next would pass it). */
const LARGE_ROWS = 1_000_000;
/**
 * Fact rows one listing-day with ad spend makes: per campaign one campaign and one product-ad
 * row, plus its keywords or targets (SP auto 4 targets, SP manual 3 keywords, SB 2 keywords,
 * SD 2 targets); SB for every fifth listing, SD for every fourth, as planned below.
 */
const ROWS_PER_SPEND_DAY = sql`(11 + CASE WHEN f.listing_id % 5 = 0 THEN 4 ELSE 0 END + CASE WHEN f.listing_id % 4 = 0 THEN 4 ELSE 0 END)`;

export interface PpcDemoResult {
  campaigns: number;
  performanceRows: number;
  days: number;
}

/** First start: after the sales demo, once (its own key, so a failure is retried at the next start). */
export async function applyPpcDemoOnce(db: Db): Promise<PpcDemoResult | null> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${PPC_SEED_KEY}`);
  if (done.rows.length) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274301)`);
    const state = await tx.execute<{ done: boolean; taken: boolean; ready: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${PPC_SEED_KEY}) AS done,
             EXISTS (SELECT 1 FROM ppc_campaigns) AS taken,
             EXISTS (SELECT 1 FROM sales_facts WHERE ad_spend > 0) AS ready`);
    const s = state.rows[0];
    if (!s || s.done || s.taken || !s.ready) return null;
    const result = await generatePpcDemoIn(tx, { size: 'small' });
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${PPC_SEED_KEY}, 'small') ON CONFLICT (key) DO NOTHING`);
    return result;
  });
}

/** Replace every advertising table's rows with the demo (caller's transaction). */
export async function generatePpcDemoIn(
  tx: DbOrTx,
  opts: { size: PpcDemoSize; seed?: number; log?: (msg: string) => void },
): Promise<PpcDemoResult> {
  const log = opts.log ?? (() => {});
  const seed = opts.seed ?? 42;
  await tx.execute(sql.raw(`TRUNCATE ${PPC_TABLES.join(', ')} RESTART IDENTITY`));
  await tx.execute(sql`DROP TABLE IF EXISTS ppc_demo_l, ppc_demo_c, ppc_demo_p, ppc_demo_cd, ppc_demo_kd`);
  const [range] = (
    await tx.execute<{ last: string | null }>(
      sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS last FROM sales_facts WHERE ad_spend > 0`,
    )
  ).rows;
  if (!range?.last) return { campaigns: 0, performanceRows: 0, days: 0 };
  const days = DEMO_DAYS;

  // Advertised listings: those with ad spend in the window (large: by ad spend, up to LARGE_ROWS fact rows).
  await tx.execute(sql`
    CREATE TEMP TABLE ppc_demo_l ON COMMIT DROP AS
    WITH adv AS (
      SELECT f.listing_id, sum(f.ad_spend) AS spend, sum(${ROWS_PER_SPEND_DAY})::bigint AS fact_rows
        FROM sales_facts f WHERE f.ad_spend > 0 AND f.day > ${range.last}::date - ${days}::int
       GROUP BY f.listing_id),
    ranked AS (SELECT listing_id, sum(fact_rows) OVER (ORDER BY spend DESC, listing_id) AS upto FROM adv)
    SELECT li.id AS listing_id, li.shop_id, li.market_id, li.asin, sk.sku, li.currency, coalesce(li.price, 20)::numeric AS price,
           lower(p.model) AS model, lower(p.name_en) AS name_en, coalesce(pl.code, 'all') AS line
      FROM ranked r JOIN listings li ON li.id = r.listing_id JOIN skus sk ON sk.id = li.sku_id JOIN products p ON p.id = sk.product_id
      LEFT JOIN product_lines pl ON pl.id = p.product_line_id
     WHERE ${opts.size === 'large' ? sql`r.upto <= ${LARGE_ROWS}` : sql`true`}`);
  await tx.execute(sql`
    INSERT INTO ppc_profiles (shop_id, market_id, currency, external_id)
    SELECT DISTINCT ON (shop_id) shop_id, market_id, currency, 'demo-' || shop_id FROM ppc_demo_l ORDER BY shop_id`);
  await tx.execute(sql`
    INSERT INTO ppc_portfolios (shop_id, name) SELECT DISTINCT shop_id, 'Line ' || line FROM ppc_demo_l`);

  // Campaign plan: type, targeting, share of the listing's ad spend.
  await tx.execute(sql`
    CREATE TEMP TABLE ppc_demo_c ON COMMIT DROP AS
    SELECT l.*, t.campaign_type, t.targeting, t.label, t.w / sum(t.w) OVER (PARTITION BY l.listing_id) AS share,
           row_number() OVER (PARTITION BY l.listing_id ORDER BY t.ord) AS ord, 0 AS campaign_id, 0 AS ad_group_id,
           NULL::numeric AS budget, coalesce(lim.min_budget, 1) AS min_budget
      FROM ppc_demo_l l
     CROSS JOIN LATERAL (VALUES (1, 'sp', 'auto', 'SP Auto', 0.35), (2, 'sp', 'manual', 'SP Manual', 0.45),
                                (3, 'sb', NULL, 'SB Brand', 0.12), (4, 'sd', NULL, 'SD Product', 0.08)) t(ord, campaign_type, targeting, label, w)
      LEFT JOIN (VALUES ${sql.join(
        Object.entries(AD_LIMITS).map(([currency, l]) => sql`(${currency}::text, ${l.minBudget}::numeric)`),
        sql`, `,
      )}) lim(currency, min_budget) ON lim.currency = l.currency
     WHERE t.campaign_type = 'sp' OR (t.campaign_type = 'sb' AND l.listing_id % 5 = 0) OR (t.campaign_type = 'sd' AND l.listing_id % 4 = 0)`);
  // Campaign-days within budget (issue #19): each listing-day's recorded ad spend is split over
  // its campaigns by their shares, but no campaign spends more than its daily budget. The SP
  // Manual, SB and SD campaigns get a budget from their planned daily spend — a comfortable
  // one (above their busiest day) or a tight one (a quantile of their days, so they run out on
  // the busier days, capped at the budget: what /outBudget lists); the SP Auto campaign takes
  // the rest of the listing-day and has a budget above its busiest day. So the campaigns of a
  // listing-day still add up to exactly its recorded ad spend, and no campaign-day passes its
  // budget. Budgets in whole currency units, at least the marketplace's minimum.
  await tx.execute(sql`
    CREATE TEMP TABLE ppc_demo_p ON COMMIT DROP AS
    SELECT c.listing_id, c.ord, f.day, f.rate, f.ad_spend, f.ad_spend * c.share AS planned, NULL::numeric AS spend
      FROM ppc_demo_c c
      JOIN sales_facts f ON f.listing_id = c.listing_id AND f.ad_spend > 0 AND f.day > ${range.last}::date - ${days}::int`);
  const planKey = sql`(c.listing_id::bigint * 10 + c.ord)`;
  await tx.execute(sql`
    UPDATE ppc_demo_c c
       SET budget = greatest(c.min_budget, ceil(CASE WHEN ${unit(planKey, seed + 2, 0)} < 0.4
                                                     THEN s.mx * (1.05 + 0.5 * ${unit(planKey, seed + 2, 1)})::numeric
                                                     ELSE s.ps[greatest(1, ceil(array_length(s.ps, 1) * (0.6 + 0.35 * ${unit(planKey, seed + 2, 1)})))::int] END))
      FROM (SELECT listing_id, ord, max(planned) AS mx, array_agg(planned ORDER BY planned) AS ps
              FROM ppc_demo_p WHERE ord > 1 GROUP BY listing_id, ord) s
     WHERE c.listing_id = s.listing_id AND c.ord = s.ord`);
  await tx.execute(sql`
    UPDATE ppc_demo_p p SET spend = least(c.budget, floor(p.planned * 100) / 100)
      FROM ppc_demo_c c WHERE c.listing_id = p.listing_id AND c.ord = p.ord AND p.ord > 1`);
  await tx.execute(sql`
    UPDATE ppc_demo_p p SET spend = p.ad_spend - o.spend
      FROM (SELECT listing_id, day, sum(spend) AS spend FROM ppc_demo_p WHERE ord > 1 GROUP BY listing_id, day) o
     WHERE p.ord = 1 AND o.listing_id = p.listing_id AND o.day = p.day`);
  await tx.execute(sql`
    UPDATE ppc_demo_c c SET budget = greatest(c.min_budget, ceil(s.mx * (1.1 + 0.4 * ${unit(planKey, seed + 2, 1)})::numeric))
      FROM (SELECT listing_id, max(spend) AS mx FROM ppc_demo_p WHERE ord = 1 GROUP BY listing_id) s
     WHERE c.ord = 1 AND c.listing_id = s.listing_id`);
  await tx.execute(sql`
    INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, external_id, name, targeting, state, daily_budget,
                               bidding_strategy, start_date, portfolio_id)
    SELECT c.shop_id, c.market_id, c.campaign_type, 'demo-' || c.listing_id || '-' || c.ord, c.label || ' | ' || c.sku,
           c.targeting, CASE WHEN c.listing_id % 17 = 0 THEN 'paused' ELSE 'enabled' END,
           coalesce(c.budget, greatest(c.min_budget, round(greatest(5, c.price * 0.6)))), CASE WHEN c.campaign_type = 'sp' THEN 'down_only' END,
           ${range.last}::date - 400, pf.id
      FROM ppc_demo_c c JOIN ppc_portfolios pf ON pf.shop_id = c.shop_id AND pf.name = 'Line ' || c.line`);
  await tx.execute(sql`
    UPDATE ppc_demo_c c SET campaign_id = pc.id FROM ppc_campaigns pc
     WHERE pc.shop_id = c.shop_id AND pc.campaign_type = c.campaign_type AND pc.name = c.label || ' | ' || c.sku`);
  await tx.execute(sql`
    INSERT INTO ppc_placements (campaign_id, placement, bid_adjustment_pct)
    SELECT c.campaign_id, p.placement, p.pct FROM ppc_demo_c c
     CROSS JOIN (VALUES ('top_of_search', 30), ('product_pages', 10), ('rest_of_search', 0)) p(placement, pct)
     WHERE c.campaign_type = 'sp'`);
  await tx.execute(sql`
    INSERT INTO ppc_ad_groups (campaign_id, shop_id, name, default_bid)
    SELECT campaign_id, shop_id, 'Ad group | ' || sku, round(greatest(0.3, price * 0.03), 2) FROM ppc_demo_c`);
  await tx.execute(sql`UPDATE ppc_demo_c c SET ad_group_id = g.id FROM ppc_ad_groups g WHERE g.campaign_id = c.campaign_id`);
  await tx.execute(sql`
    INSERT INTO ppc_product_ads (ad_group_id, campaign_id, shop_id, listing_id, sku, asin)
    SELECT ad_group_id, campaign_id, shop_id, listing_id, sku, asin FROM ppc_demo_c`);
  await tx.execute(sql`
    INSERT INTO ppc_keywords (ad_group_id, campaign_id, shop_id, keyword_text, match_type, bid)
    SELECT c.ad_group_id, c.campaign_id, c.shop_id, k.txt, k.mt, round(greatest(0.3, c.price * k.f), 2)
      FROM ppc_demo_c c
     CROSS JOIN LATERAL (VALUES (c.name_en, 'exact', 0.035), (c.name_en || ' for home', 'phrase', 0.03),
                                (c.model, 'broad', 0.025)) k(txt, mt, f)
     WHERE c.targeting = 'manual' OR (c.campaign_type = 'sb' AND k.mt <> 'phrase')`);
  await tx.execute(sql`
    INSERT INTO ppc_targets (ad_group_id, campaign_id, shop_id, kind, expression, bid)
    SELECT c.ad_group_id, c.campaign_id, c.shop_id, t.kind, t.expr, round(greatest(0.25, c.price * 0.025), 2)
      FROM ppc_demo_c c
     CROSS JOIN LATERAL (VALUES ('auto', 'close-match', 'sp-auto'), ('auto', 'loose-match', 'sp-auto'),
                                ('auto', 'substitutes', 'sp-auto'), ('auto', 'complements', 'sp-auto'),
                                ('category', 'category="' || c.line || '"', 'sd'), ('product', 'asin="' || c.asin || '"', 'sd')) t(kind, expr, for_type)
     WHERE (t.for_type = 'sp-auto' AND c.targeting = 'auto') OR (t.for_type = 'sd' AND c.campaign_type = 'sd')`);
  await tx.execute(sql`
    INSERT INTO ppc_negative_keywords (campaign_id, ad_group_id, shop_id, keyword_text, match_type)
    SELECT campaign_id, NULL, shop_id, 'free', 'negative_exact' FROM ppc_demo_c WHERE campaign_type = 'sp'
    UNION ALL
    SELECT campaign_id, ad_group_id, shop_id, model || ' manual', 'negative_phrase' FROM ppc_demo_c WHERE targeting = 'manual'`);
  await tx.execute(sql`
    INSERT INTO ppc_negative_products (campaign_id, ad_group_id, shop_id, asin)
    SELECT campaign_id, NULL, shop_id, 'B0NEG' || lpad((listing_id % 100000)::text, 5, '0') FROM ppc_demo_c WHERE targeting = 'auto'
    UNION ALL
    SELECT campaign_id, ad_group_id, shop_id, 'B0NEH' || lpad((listing_id % 100000)::text, 5, '0') FROM ppc_demo_c WHERE targeting = 'auto'`);
  log(`  ppc: entities … ${days} days from ${range.last}`);

  // Campaign-days: the spend planned above, within the campaign's budget.
  await tx.execute(sql`
    CREATE TEMP TABLE ppc_demo_cd ON COMMIT DROP AS
    SELECT c.campaign_id, c.ad_group_id, c.listing_id, c.shop_id, c.market_id, c.campaign_type, c.currency, c.price,
           p.day, p.rate, p.spend,
           CASE WHEN ${range.last}::date - p.day < 2 THEN 0 WHEN ${range.last}::date - p.day < 27 THEN 1 ELSE 2 END::smallint AS settlement
      FROM ppc_demo_c c JOIN ppc_demo_p p ON p.listing_id = c.listing_id AND p.ord = c.ord
     WHERE p.spend > 0`);
  // Keyword/target-days: the campaign-day's spend shared out exactly (in cents) by each
  // entity's weight × a daily factor (a keyword whose share would buy under half a click gets
  // none that day); each keyword/target has its own CPC (a share of its bid, never above it, a
  // few far below it), CTR and CVR (a few convert never, a few hardly: wasted keywords and
  // ACoS outliers for /ppcDiag), and sells the advertised listing at its price less up to
  // 15 % (coupons, promotions): clicks = spend ÷ CPC, impressions = clicks ÷ CTR,
  // orders ≤ clicks, sales = orders × that price. Campaign and product-ad facts are their sums.
  const entityKey = sql`(e.id::bigint * 2 + CASE WHEN e.entity_type = 'keyword' THEN 0 ELSE 1 END)`;
  const dayKey = sql`(${entityKey} * 100000 + (d.day - date '2000-01-01'))`;
  await tx.execute(sql`
    CREATE TEMP TABLE ppc_demo_kd ON COMMIT DROP AS
    WITH e AS (
      SELECT e.*,
             round((0.3 + 0.7 * ${unit(entityKey, seed + 3, 0)})::numeric, 6) AS weight,
             CASE WHEN ${unit(entityKey, seed + 3, 1)} < 0.15 THEN 0.3 + ${unit(entityKey, seed + 3, 1)}
                  ELSE 0.55 + 0.4 * (${unit(entityKey, seed + 3, 1)} - 0.15) / 0.85 END AS cpc_factor,
             0.002 + 0.013 * ${unit(entityKey, seed + 4, 0)} AS ctr,
             CASE WHEN ${unit(entityKey, seed + 4, 1)} < 0.07 THEN 0
                  WHEN ${unit(entityKey, seed + 4, 1)} < 0.15 THEN 0.008 + 0.1 * (${unit(entityKey, seed + 4, 1)} - 0.07)
                  ELSE 0.04 + 0.18 * (${unit(entityKey, seed + 4, 1)} - 0.15) / 0.85 END AS cvr
        FROM (SELECT 'keyword' AS entity_type, id, ad_group_id, bid FROM ppc_keywords
              UNION ALL SELECT 'target', id, ad_group_id, bid FROM ppc_targets) e),
    w0 AS (
      SELECT d.*, e.entity_type, e.id AS entity_id, e.bid, e.ctr, e.cvr,
             least(e.bid, e.bid * e.cpc_factor * (0.9 + 0.2 * ${unit(dayKey, seed + 5, 0)})) AS cpc,
             ${unit(dayKey, seed + 5, 1)} AS u_ctr, ${unit(dayKey, seed + 6, 0)} AS u_order, ${unit(dayKey, seed + 6, 1)} AS u_price,
             x.w AS day_weight, sum(x.w) OVER (PARTITION BY d.campaign_id, d.day) AS total0,
             row_number() OVER (PARTITION BY d.campaign_id, d.day ORDER BY x.w DESC, e.entity_type, e.id) AS rank
        FROM ppc_demo_cd d JOIN e ON e.ad_group_id = d.ad_group_id
       CROSS JOIN LATERAL (SELECT round(e.weight * (0.7 + 0.6 * ${unit(dayKey, seed + 7, 0)})::numeric, 6) AS w) x),
    -- A keyword whose share would buy under half a click that day gets none: its share goes to the others.
    w1 AS (
      SELECT w0.*, CASE WHEN w0.rank = 1 OR w0.spend * w0.day_weight / w0.total0 >= 0.5 * w0.cpc::numeric
                        THEN w0.day_weight ELSE 0 END AS active_weight
        FROM w0),
    w AS (
      SELECT w1.*, sum(w1.active_weight) OVER (PARTITION BY w1.campaign_id, w1.day ORDER BY w1.entity_type, w1.entity_id) AS upto,
             sum(w1.active_weight) OVER (PARTITION BY w1.campaign_id, w1.day) AS total
        FROM w1),
    s AS (
      SELECT w.*, (floor(w.spend * 100 * w.upto / w.total) - floor(w.spend * 100 * (w.upto - w.active_weight) / w.total)) / 100 AS kw_spend
        FROM w),
    c AS (
      SELECT s.*, CASE WHEN s.kw_spend > 0 THEN greatest(1, round(s.kw_spend / greatest(0.01, s.cpc)::numeric)) ELSE 0 END::int AS clicks
        FROM s)
    SELECT c.*, greatest(c.clicks, ceil(c.clicks / (c.ctr * (0.8 + 0.4 * c.u_ctr))))::int AS impressions, o.orders,
           round(o.orders * c.price * (0.85 + 0.15 * c.u_price)::numeric, 2) AS sales
      FROM c CROSS JOIN LATERAL (SELECT least(c.clicks, floor(c.clicks * c.cvr + c.u_order))::int AS orders) o`);
  const factColumns = sql`entity_type, entity_id, day, shop_id, market_id, campaign_id, ad_group_id, campaign_type,
                                 listing_id, currency, rate, impressions, clicks, spend, orders, sales, units,
                                 orders_7d, sales_7d, units_7d, orders_14d, sales_14d, units_14d, settlement, source`;
  const attribution = sql`d.orders,
           CASE WHEN d.campaign_type = 'sp' THEN d.orders END, CASE WHEN d.campaign_type = 'sp' THEN d.sales END,
           CASE WHEN d.campaign_type = 'sp' THEN d.orders END,
           CASE WHEN d.campaign_type <> 'sp' THEN d.orders END, CASE WHEN d.campaign_type <> 'sp' THEN d.sales END,
           CASE WHEN d.campaign_type <> 'sp' THEN d.orders END, d.settlement, 'demo'`;
  await tx.execute(sql`
    INSERT INTO ppc_performance (${factColumns})
    SELECT d.entity_type, d.entity_id, d.day, d.shop_id, d.market_id, d.campaign_id, d.ad_group_id, d.campaign_type, NULL,
           d.currency, d.rate, d.impressions, d.clicks, d.kw_spend, d.orders, d.sales, ${attribution}
      FROM ppc_demo_kd d`);
  for (const entity of ['campaign', 'product_ad'] as const) {
    await tx.execute(sql`
      INSERT INTO ppc_performance (${factColumns})
      SELECT ${entity}, ${entity === 'campaign' ? sql`d.campaign_id` : sql`pa.id`}, d.day, d.shop_id, d.market_id, d.campaign_id,
             ${entity === 'campaign' ? sql`NULL` : sql`d.ad_group_id`}, d.campaign_type,
             ${entity === 'campaign' ? sql`NULL` : sql`d.listing_id`}, d.currency, d.rate, d.impressions, d.clicks, d.spend,
             d.orders, d.sales, ${attribution}
        FROM (SELECT campaign_id, ad_group_id, listing_id, day, shop_id, market_id, campaign_type, currency, rate, settlement,
                     sum(impressions)::int AS impressions, sum(clicks)::int AS clicks, sum(kw_spend) AS spend,
                     sum(orders)::int AS orders, sum(sales) AS sales
                FROM ppc_demo_kd
               GROUP BY campaign_id, ad_group_id, listing_id, day, shop_id, market_id, campaign_type, currency, rate, settlement) d
        ${entity === 'product_ad' ? sql`JOIN ppc_product_ads pa ON pa.ad_group_id = d.ad_group_id` : sql``}`);
  }
  // Search terms of the last 30 days of SP keyword and target facts: a keyword is found by
  // its own text, an automatic or product target by the advertised listing's model name,
  // each with the fact's figures (so the search-term screen and the diagnosis have data).
  await tx.execute(sql`
    INSERT INTO ppc_search_terms (shop_id, day, campaign_id, ad_group_id, targeting, match_type, search_term, currency,
                                  impressions, clicks, spend, orders, sales, units, settlement)
    SELECT f.shop_id, f.day, f.campaign_id, f.ad_group_id, coalesce(k.keyword_text, t.expression), coalesce(k.match_type, ''),
           coalesce(k.keyword_text, lower(coalesce(nullif(p.model, ''), 'lamp') || ' ' || CASE WHEN f.entity_id % 2 = 0 THEN 'light' ELSE 'for desk' END)),
           f.currency, f.impressions, f.clicks, f.spend, f.orders, f.sales, f.units, f.settlement
      FROM ppc_performance f
      LEFT JOIN ppc_keywords k ON f.entity_type = 'keyword' AND k.id = f.entity_id
      LEFT JOIN ppc_targets t ON f.entity_type = 'target' AND t.id = f.entity_id
      LEFT JOIN LATERAL (SELECT pa.listing_id FROM ppc_product_ads pa WHERE pa.ad_group_id = f.ad_group_id ORDER BY pa.id LIMIT 1) a ON true
      LEFT JOIN listings li ON li.id = a.listing_id LEFT JOIN skus sk ON sk.id = li.sku_id LEFT JOIN products p ON p.id = sk.product_id
     WHERE f.entity_type IN ('keyword', 'target') AND f.campaign_type = 'sp' AND f.day > ${range.last}::date - 30
    ON CONFLICT DO NOTHING`);
  log('  ppc: performance …');
  await refreshPpcRollups(tx, null, null);
  await refreshSearchTermRollups(tx, null, null);
  await tx.execute(sql.raw(`ANALYZE ${PPC_TABLES.join(', ')}`));
  const [counts] = (
    await tx.execute<{ campaigns: number; rows: number }>(sql`
      SELECT (SELECT count(*)::int FROM ppc_campaigns) AS campaigns, (SELECT count(*)::int FROM ppc_performance) AS rows`)
  ).rows;
  return { campaigns: counts?.campaigns ?? 0, performanceRows: counts?.rows ?? 0, days };
}
