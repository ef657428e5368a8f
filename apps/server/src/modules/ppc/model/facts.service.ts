/**
 * The write side of advertising data: daily performance facts and the rollups that answer
 * every board (day × campaign, day × ad group, day × SKU, day × shop × type, day × entity,
 * and the week rollups of campaign, ad group, SKU and entity). Rules:
 * - Rollups are recomputed from the facts for exactly the (shop, days) a write touched,
 *   in the writer's transaction, under the shop's ads lock: never adjusted by deltas.
 * - Money is converted once per fact with the rate of its day (`rateAsOf` of sales), into
 *   whole cents of the reporting currency: `round(amount * rate, 2) * 100`.
 * - day × campaign: the campaign facts; a campaign-day that only has keyword/target facts
 *   (a targeting report alone) is their sum.
 * - day × SKU: the product-ad facts; a campaign-day without product-ad facts is shared
 *   equally among the campaign's advertised listings (integer shares that add up exactly).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { rateAsOf } from '../../sales/facts/facts.service';

export type EntityType = 'campaign' | 'keyword' | 'target' | 'product_ad';

/** Serialises writers of one shop's ad data (imports, the demo, monitors' evaluation reads nothing under it). */
export async function lockShopAds(tx: DbOrTx, shopId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727274300, ${shopId})`);
}

/**
 * How settled an ad day is when taken on `asOf`: 0 clicks and spend still move (under 3
 * days), 1 metrics settled but conversions may be restated (under 28 days), 2 final.
 */
export function ppcSettlementOf(day: string, asOf: Date): 0 | 1 | 2 {
  const age = (asOf.getTime() - Date.parse(`${day}T00:00:00Z`)) / 86_400_000;
  return age < 3 ? 0 : age < 28 ? 1 : 2;
}

export interface PerformanceRow {
  entityType: EntityType;
  entityId: number;
  day: string;
  campaignId: number;
  adGroupId: number | null;
  campaignType: string;
  listingId: number | null;
  impressions: number;
  clicks: number;
  /** Decimal strings in the marketplace's currency. */
  spend: string;
  orders: number;
  sales: string;
  units: number;
  orders7d: number | null;
  sales7d: string | null;
  units7d: number | null;
  orders14d: number | null;
  sales14d: string | null;
  units14d: number | null;
}

const cents = (col: SQL) => sql`(round(${col} * f.rate, 2) * 100)::bigint`;
const FACT_SUMS = sql`sum(f.impressions)::bigint, sum(f.clicks)::bigint, sum(${cents(sql`f.spend`)})::bigint,
  sum(f.orders)::bigint, sum(${cents(sql`f.sales`)})::bigint, sum(f.units)::bigint`;
const SUM_COLUMNS = sql`impressions, clicks, spend_cents, orders, sales_cents, units`;
/** The same sums over facts aliased `f`, named as `metrics.FIGURES` expects (for reads of entity-level facts). */
export const FACT_FIGURE_SUMS = sql`sum(f.impressions)::bigint AS impressions, sum(f.clicks)::bigint AS clicks,
  sum(${cents(sql`f.spend`)})::bigint AS spend_cents, sum(f.orders)::bigint AS orders,
  sum(${cents(sql`f.sales`)})::bigint AS sales_cents, sum(f.units)::bigint AS units`;

/** Days as a set for SQL. */
export const daySet = (days: readonly string[]): SQL =>
  sql`(SELECT (jsonb_array_elements_text(${JSON.stringify(days)}::jsonb))::date)`;

/**
 * Replace the facts of the given entity types on the given days of one shop (sp campaigns
 * only when `campaignType` is given) by `rows`, then refresh the rollups of those days.
 * Caller holds `lockShopAds`. Answers per day the spend before and after.
 */
export async function replacePerformance(
  tx: DbOrTx,
  shop: { id: number; marketId: number; currency: string },
  scope: { entityTypes: readonly EntityType[]; days: readonly string[]; campaignType?: string },
  rows: readonly PerformanceRow[],
  opts: { source: string; importId: number | null; asOf: Date },
): Promise<{ days: string[]; inserted: number; removed: number; changes: DayChange[] }> {
  const days = [...new Set([...scope.days, ...rows.map((r) => r.day)])].sort();
  if (days.length === 0) return { days, inserted: 0, removed: 0, changes: [] };
  const before = await daySpend(tx, shop.id, days, scope.entityTypes);
  const removed = await tx.execute(sql`
    DELETE FROM ppc_performance WHERE shop_id = ${shop.id} AND day IN ${daySet(days)}
       AND entity_type IN (SELECT jsonb_array_elements_text(${JSON.stringify(scope.entityTypes)}::jsonb))
       ${scope.campaignType ? sql`AND campaign_type = ${scope.campaignType}` : sql``}`);
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000).map((r) => ({ ...r, settlement: ppcSettlementOf(r.day, opts.asOf) }));
    const res = await tx.execute(sql`
      INSERT INTO ppc_performance (entity_type, entity_id, day, shop_id, market_id, campaign_id, ad_group_id, campaign_type,
                                   listing_id, currency, rate, impressions, clicks, spend, orders, sales, units,
                                   orders_7d, sales_7d, units_7d, orders_14d, sales_14d, units_14d, settlement, source, import_id)
      SELECT x."entityType", x."entityId", x.day, ${shop.id}, ${shop.marketId}, x."campaignId", x."adGroupId", x."campaignType",
             x."listingId", ${shop.currency}, ${rateAsOf(sql`${shop.currency}`, sql`x.day`)}, x.impressions, x.clicks, x.spend,
             x.orders, x.sales, x.units, x."orders7d", x."sales7d", x."units7d", x."orders14d", x."sales14d", x."units14d",
             x.settlement, ${opts.source}, ${opts.importId}
        FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x("entityType" text, "entityId" int, day date,
             "campaignId" int, "adGroupId" int, "campaignType" text, "listingId" int, impressions int, clicks int,
             spend numeric, orders int, sales numeric, units int, "orders7d" int, "sales7d" numeric, "units7d" int,
             "orders14d" int, "sales14d" numeric, "units14d" int, settlement smallint)
      ON CONFLICT (entity_type, entity_id, day) DO UPDATE SET
        impressions = EXCLUDED.impressions, clicks = EXCLUDED.clicks, spend = EXCLUDED.spend, orders = EXCLUDED.orders,
        sales = EXCLUDED.sales, units = EXCLUDED.units, orders_7d = EXCLUDED.orders_7d, sales_7d = EXCLUDED.sales_7d,
        units_7d = EXCLUDED.units_7d, orders_14d = EXCLUDED.orders_14d, sales_14d = EXCLUDED.sales_14d,
        units_14d = EXCLUDED.units_14d, settlement = EXCLUDED.settlement, source = EXCLUDED.source,
        import_id = EXCLUDED.import_id, updated_at = now()`);
    inserted += res.rowCount ?? 0;
  }
  await refreshPpcRollups(tx, shop.id, days);
  const after = await daySpend(tx, shop.id, days, scope.entityTypes);
  const changes = days
    .map((day) => ({
      day,
      spendBefore: before.get(day)?.spend ?? 0,
      spendAfter: after.get(day)?.spend ?? 0,
      clicksBefore: before.get(day)?.clicks ?? 0,
      clicksAfter: after.get(day)?.clicks ?? 0,
    }))
    .filter((c) => c.spendBefore !== c.spendAfter || c.clicksBefore !== c.clicksAfter);
  return { days, inserted, removed: removed.rowCount ?? 0, changes };
}

export interface DayChange {
  day: string;
  spendBefore: number;
  spendAfter: number;
  clicksBefore: number;
  clicksAfter: number;
}

async function daySpend(tx: DbOrTx, shopId: number, days: readonly string[], types: readonly EntityType[]) {
  const r = await tx.execute<{ day: string; spend: string; clicks: number }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(spend)::text AS spend, sum(clicks)::int AS clicks
      FROM ppc_performance WHERE shop_id = ${shopId} AND day IN ${daySet(days)}
       AND entity_type IN (SELECT jsonb_array_elements_text(${JSON.stringify(types)}::jsonb))
     GROUP BY day`);
  return new Map(r.rows.map((x) => [x.day, { spend: Number(x.spend), clicks: Number(x.clicks) }]));
}

/** Rows (alias) of one shop's days; all shops / all days when null. */
const shopDaysWhere = (alias: string, shopId: number | null, days: readonly string[] | null): SQL =>
  sql.join(
    [
      shopId === null ? sql`true` : sql`${sql.identifier(alias)}.shop_id = ${shopId}`,
      days === null ? sql`true` : sql`${sql.identifier(alias)}.day IN ${daySet(days)}`,
    ],
    sql` AND `,
  );

/** Recompute the rollups of one shop's days (all shops and days when `shopId` is null). */
export async function refreshPpcRollups(tx: DbOrTx, shopId: number | null, days: readonly string[] | null): Promise<void> {
  const where = (alias: string) => shopDaysWhere(alias, shopId, days);
  for (const table of ['ppc_campaign_day', 'ppc_ad_group_day', 'ppc_sku_day', 'ppc_entity_day', 'ppc_shop_day']) {
    await tx.execute(sql`DELETE FROM ${sql.identifier(table)} r WHERE ${where('r')}`);
  }
  await tx.execute(sql`
    INSERT INTO ppc_entity_day (entity_type, entity_id, day, shop_id, market_id, campaign_id, ad_group_id, campaign_type, ${SUM_COLUMNS})
    SELECT f.entity_type, f.entity_id, f.day, f.shop_id, f.market_id, f.campaign_id, f.ad_group_id, f.campaign_type,
           f.impressions, f.clicks, ${cents(sql`f.spend`)}, f.orders, ${cents(sql`f.sales`)}, f.units
      FROM ppc_performance f
     WHERE ${where('f')} AND f.entity_type IN ('keyword', 'target', 'product_ad')`);
  await refreshEntityWeeks(tx, shopId, days);
  // With the budget in force of each campaign-day: the `before` of the first budget change
  // made after the day ended, else the budget now (the trigger ppc_campaign_budget_in_force
  // keeps the days not yet ended when the budget changes later), at the day's rate; written
  // in the INSERT itself, so the rollup has no dead rows to scan.
  await tx.execute(sql`
    INSERT INTO ppc_campaign_day (campaign_id, day, shop_id, market_id, campaign_type, ${SUM_COLUMNS}, budget_cents)
    SELECT x.*,
           round(coalesce((SELECT (ch.before #>> '{}')::numeric FROM ppc_changes ch
                            WHERE ch.entity_type = 'campaign' AND ch.entity_id = x.campaign_id AND ch.field = 'daily_budget'
                              AND ch.created_at >= (x.day + 1)::timestamptz ORDER BY ch.id LIMIT 1), c.daily_budget)
                 * ${rateAsOf(sql`pf.currency`, sql`x.day`)} * 100)
      FROM (SELECT f.campaign_id, f.day, f.shop_id, f.market_id, f.campaign_type, ${FACT_SUMS}
              FROM ppc_performance f
             WHERE ${where('f')}
               AND (f.entity_type = 'campaign'
                    OR (f.entity_type IN ('keyword', 'target') AND NOT EXISTS (
                          SELECT 1 FROM ppc_performance c WHERE c.entity_type = 'campaign' AND c.entity_id = f.campaign_id AND c.day = f.day)))
             GROUP BY f.campaign_id, f.day, f.shop_id, f.market_id, f.campaign_type) x
      LEFT JOIN ppc_campaigns c ON c.id = x.campaign_id LEFT JOIN ppc_profiles pf ON pf.shop_id = c.shop_id`);
  await tx.execute(sql`
    INSERT INTO ppc_shop_day (shop_id, day, campaign_type, market_id, ${SUM_COLUMNS})
    SELECT r.shop_id, r.day, r.campaign_type, max(r.market_id), sum(r.impressions), sum(r.clicks), sum(r.spend_cents),
           sum(r.orders), sum(r.sales_cents), sum(r.units)
      FROM ppc_campaign_day r WHERE ${where('r')}
     GROUP BY r.shop_id, r.day, r.campaign_type`);
  await tx.execute(sql`
    INSERT INTO ppc_ad_group_day (ad_group_id, day, campaign_id, shop_id, market_id, campaign_type, ${SUM_COLUMNS})
    SELECT f.ad_group_id, f.day, f.campaign_id, f.shop_id, f.market_id, f.campaign_type, ${FACT_SUMS}
      FROM ppc_performance f
     WHERE ${where('f')} AND f.entity_type IN ('keyword', 'target') AND f.ad_group_id IS NOT NULL
     GROUP BY f.ad_group_id, f.day, f.campaign_id, f.shop_id, f.market_id, f.campaign_type`);
  // The SKU rollup: product-ad facts, plus equal shares of campaign-days that have none.
  const share = (col: string) =>
    sql`(floor(c.${sql.raw(col)}::numeric * (a.k + 1) / a.n) - floor(c.${sql.raw(col)}::numeric * a.k / a.n))::bigint`;
  await tx.execute(sql`
    INSERT INTO ppc_sku_day (listing_id, day, campaign_type, shop_id, market_id, ${SUM_COLUMNS})
    SELECT listing_id, day, campaign_type, shop_id, market_id,
           sum(impressions), sum(clicks), sum(spend_cents), sum(orders), sum(sales_cents), sum(units)
      FROM (
        SELECT f.listing_id, f.day, f.campaign_type, f.shop_id, f.market_id, ${FACT_SUMS}
          FROM ppc_performance f
         WHERE ${where('f')} AND f.entity_type = 'product_ad' AND f.listing_id IS NOT NULL
         GROUP BY f.listing_id, f.day, f.campaign_type, f.shop_id, f.market_id
        UNION ALL
        SELECT a.listing_id, c.day, c.campaign_type, c.shop_id, c.market_id,
               ${share('impressions')}, ${share('clicks')}, ${share('spend_cents')}, ${share('orders')},
               ${share('sales_cents')}, ${share('units')}
          FROM ppc_campaign_day c
          JOIN (SELECT campaign_id, listing_id, (row_number() OVER w - 1)::numeric AS k, (count(*) OVER (PARTITION BY campaign_id))::numeric AS n
                  FROM (SELECT DISTINCT campaign_id, listing_id FROM ppc_product_ads WHERE listing_id IS NOT NULL) d
                WINDOW w AS (PARTITION BY campaign_id ORDER BY listing_id)) a ON a.campaign_id = c.campaign_id
         WHERE ${where('c')}
           AND NOT EXISTS (SELECT 1 FROM ppc_performance p
                            WHERE p.entity_type = 'product_ad' AND p.campaign_id = c.campaign_id AND p.day = c.day)
      ) u (listing_id, day, campaign_type, shop_id, market_id, impressions, clicks, spend_cents, orders, sales_cents, units)
     GROUP BY listing_id, day, campaign_type, shop_id, market_id`);
  for (const w of DAY_TO_WEEK) await refreshRollupWeeks(tx, w, shopId, days);
}

/**
 * Recompute the search-term rollups of one shop's days (all shops and days when null):
 * per (term, shop, campaign type, day) the rows' sums, money converted once per currency
 * and day with the day's rate, then the weeks holding those days.
 */
export async function refreshSearchTermRollups(tx: DbOrTx, shopId: number | null, days: readonly string[] | null): Promise<void> {
  const where = (alias: string) => shopDaysWhere(alias, shopId, days);
  await tx.execute(sql`DELETE FROM ppc_search_term_day r WHERE ${where('r')}`);
  await tx.execute(sql`
    INSERT INTO ppc_search_term_day (shop_id, day, campaign_type, search_term, market_id, ${SUM_COLUMNS})
    WITH g AS MATERIALIZED (
      SELECT t.shop_id, t.day, c.campaign_type, t.search_term, t.currency, max(c.market_id) AS market_id,
             sum(t.impressions) AS impressions, sum(t.clicks) AS clicks, sum(t.spend) AS spend, sum(t.orders) AS orders,
             sum(t.sales) AS sales, sum(t.units) AS units
        FROM ppc_search_terms t JOIN ppc_campaigns c ON c.id = t.campaign_id
       WHERE ${where('t')}
       GROUP BY t.shop_id, t.day, c.campaign_type, t.search_term, t.currency),
    rt AS MATERIALIZED (
      SELECT x.currency, x.day, ${rateAsOf(sql`x.currency`, sql`x.day`)} AS rate FROM (SELECT DISTINCT currency, day FROM g) x)
    SELECT g.shop_id, g.day, g.campaign_type, g.search_term, max(g.market_id), sum(g.impressions)::bigint, sum(g.clicks)::bigint,
           coalesce(sum((round(g.spend * rt.rate, 2) * 100)::bigint), 0)::bigint, sum(g.orders)::bigint,
           coalesce(sum((round(g.sales * rt.rate, 2) * 100)::bigint), 0)::bigint, sum(g.units)::bigint
      FROM g JOIN rt ON rt.currency = g.currency AND rt.day = g.day
     GROUP BY g.shop_id, g.day, g.campaign_type, g.search_term`);
  await refreshRollupWeeks(tx, SEARCH_TERM_WEEK, shopId, days);
}

const SEARCH_TERM_WEEK = {
  week: 'ppc_search_term_week',
  day: 'ppc_search_term_day',
  keys: ['shop_id', 'campaign_type', 'search_term'],
  carried: ['market_id'],
} as const;

/** The week rollups kept from a day rollup: the key columns and the columns that follow the key. */
const DAY_TO_WEEK = [
  {
    week: 'ppc_campaign_week',
    day: 'ppc_campaign_day',
    keys: ['campaign_id'],
    carried: ['shop_id', 'market_id', 'campaign_type'],
  },
  {
    week: 'ppc_ad_group_week',
    day: 'ppc_ad_group_day',
    keys: ['ad_group_id'],
    carried: ['campaign_id', 'shop_id', 'market_id', 'campaign_type'],
  },
  { week: 'ppc_sku_week', day: 'ppc_sku_day', keys: ['listing_id', 'campaign_type'], carried: ['shop_id', 'market_id'] },
] as const;

/**
 * Recompute one week rollup for every week that holds one of the days (all weeks when null)
 * of one shop (all shops when null), from its day rollup, which is already up to date.
 */
async function refreshRollupWeeks(
  tx: DbOrTx,
  t: { week: string; day: string; keys: readonly string[]; carried: readonly string[] },
  shopId: number | null,
  days: readonly string[] | null,
): Promise<void> {
  const shop = (alias: string) => (shopId === null ? sql`true` : sql`${sql.identifier(alias)}.shop_id = ${shopId}`);
  const keys = sql.join(
    t.keys.map((k) => sql.identifier(k)),
    sql`, `,
  );
  const carried = sql.join(
    t.carried.map((k) => sql.identifier(k)),
    sql`, `,
  );
  const carriedMax = sql.join(
    t.carried.map((k) => sql`max(d.${sql.identifier(k)})`),
    sql`, `,
  );
  const dayKeys = sql.join(
    t.keys.map((k) => sql`d.${sql.identifier(k)}`),
    sql`, `,
  );
  await tx.execute(sql`
    DELETE FROM ${sql.identifier(t.week)} w WHERE ${shop('w')} ${days === null ? sql`` : sql`AND w.week IN ${weekSet(days)}`}`);
  await tx.execute(sql`
    INSERT INTO ${sql.identifier(t.week)} (${keys}, week, ${carried}, ${SUM_COLUMNS})
    SELECT ${dayKeys}, date_trunc('week', d.day)::date, ${carriedMax}, sum(d.impressions), sum(d.clicks), sum(d.spend_cents),
           sum(d.orders), sum(d.sales_cents), sum(d.units)
      FROM ${sql.identifier(t.day)} d
     WHERE ${shop('d')}
       ${
         days === null
           ? sql``
           : sql`AND d.day >= (SELECT min(w) FROM ${weekSet(days)} AS s(w)) AND d.day < (SELECT max(w) FROM ${weekSet(days)} AS s(w)) + 7
                 AND date_trunc('week', d.day)::date IN ${weekSet(days)}`
       }
     GROUP BY ${dayKeys}, date_trunc('week', d.day)::date`);
}

/** The Monday-based weeks that hold the given days, as a set for SQL. */
const weekSet = (days: readonly string[]): SQL => sql`(SELECT DISTINCT date_trunc('week', d)::date FROM ${daySet(days)} AS x(d))`;

/**
 * Recompute `ppc_entity_week` for every week that holds one of the days (all weeks when
 * `days` is null) of one shop (all shops when null): whole weeks from the facts, so a
 * write to one day leaves the week equal to the sum of its days' facts.
 */
async function refreshEntityWeeks(tx: DbOrTx, shopId: number | null, days: readonly string[] | null): Promise<void> {
  const shop = (alias: string) => (shopId === null ? sql`true` : sql`${sql.identifier(alias)}.shop_id = ${shopId}`);
  await tx.execute(sql`
    DELETE FROM ppc_entity_week w WHERE ${shop('w')} ${days === null ? sql`` : sql`AND w.week IN ${weekSet(days)}`}`);
  await tx.execute(sql`
    INSERT INTO ppc_entity_week (entity_type, entity_id, week, shop_id, market_id, campaign_id, ad_group_id, campaign_type,
                                 ${SUM_COLUMNS})
    SELECT f.entity_type, f.entity_id, date_trunc('week', f.day)::date, max(f.shop_id), max(f.market_id), max(f.campaign_id),
           max(f.ad_group_id), max(f.campaign_type), ${FACT_SUMS}
      FROM ppc_performance f
     WHERE ${shop('f')} AND f.entity_type IN ('keyword', 'target', 'product_ad')
       ${
         days === null
           ? sql``
           : sql`AND f.day >= (SELECT min(w) FROM ${weekSet(days)} AS s(w)) AND f.day < (SELECT max(w) FROM ${weekSet(days)} AS s(w)) + 7
                 AND date_trunc('week', f.day)::date IN ${weekSet(days)}`
       }
     GROUP BY f.entity_type, f.entity_id, date_trunc('week', f.day)::date`);
}
