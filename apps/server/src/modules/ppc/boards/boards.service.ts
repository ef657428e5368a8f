/**
 * The analysis boards of issue #5 (see ../README.md "Boards"): the dashboard, the SKU ad
 * analysis, the report pivot and out-of-budget campaigns. Read-only; every figure is a
 * sum of a rollup (ppc_campaign_day, ppc_ad_group_day, ppc_sku_day, sales_segment_day,
 * sales_listing_day) or, for keyword/target/search-term rows, of the facts by their
 * (shop, day) index, turned into metrics by model/metrics.ts. Shops: the caller's `ShopScope`.
 */

import type { PpcFilter } from '@bo/contract/ppc/board';
import { REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import {
  DASH_CHANGE_KEYS,
  DASH_POINT_KEYS,
  EXPORT_COLUMNS,
  type ExportColumn,
  type ExportReport,
  OUT_OF_BUDGET_SHARE,
  type ReportGroup,
  TIME_GROUPS,
} from '@bo/contract/ppc/boards';
import { type SQL, sql } from 'drizzle-orm';
import { poolOf } from '../../../db/client';
import { anyInt, intSet, likeContains, limitOffset, serialRows } from '../../../db/sql';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { streamXlsx } from '../../../platform/export/xlsx-stream';
import { listingSkus } from '../../catalog/catalog.reads';
import * as salesProfit from '../../sales/profit/sales-profit.service';
import type { ShopScope } from '../../shops/shops/shop-scope';
import { shopDirectory } from '../../shops/shops.reads';
import {
  dir,
  entityScope,
  FIGURE_COLUMNS,
  period,
  resolveScope,
  rows,
  type Scope,
  scopeRows,
  scopeWhere,
  sumOf,
} from '../board/board.service';
import { ppcSettlementOf } from '../model/facts.service';
import { BASE_METRICS, DERIVED_METRICS, FIGURES, figuresOf, type Metric, metricExpr, SUM_FIGURES } from '../model/metrics';
import { entityPeriodRows } from '../model/period';
import { streamCsv } from '../shared/csv-stream';

const DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10000) / 10000);
const cents = (n: number) => Math.round(n * 100);

/** The period of the same length just before the scope's. */
export function previousOf(s: Scope): Scope {
  const days = Math.round((Date.parse(s.end) - Date.parse(s.start)) / DAY) + 1;
  const end = addDays(s.start, -1);
  return { ...s, start: addDays(end, -(days - 1)), end };
}
const previousPeriod = (p: Scope) => ({ previousStartDate: p.start, previousEndDate: p.end });

/** The sales rollup (alias r) of the scope's shops, marketplaces and days: campaign types do not apply to sales. */
const salesWhere = (s: Scope): SQL =>
  sql.join(
    [
      sql`r.shop_id IN ${intSet(s.shopIds)}`,
      sql`r.day BETWEEN ${s.start}::date AND ${s.end}::date`,
      s.marketIds ? sql`r.market_id IN ${intSet(s.marketIds)}` : sql`true`,
    ],
    sql` AND `,
  );

/** Total sales (USD) of the scope, from sales_segment_day. */
async function totalSales(ctx: AppContext, s: Scope): Promise<number> {
  if (s.shopIds.length === 0) return 0;
  const [r] = await rows<{ v: string | null }>(
    ctx,
    sql`SELECT sum(r.revenue)::text AS v FROM sales_segment_day r WHERE ${salesWhere(s)}`,
  );
  return Number(r?.v ?? 0);
}

const emptyScope = (s: Scope) => (s.shopIds.length ? s : { ...s, shopIds: [0] });

/**
 * The first day of the scope's ad reports (its shops, marketplaces and campaign types, any
 * day), or null without any: a period before it has no data, not zero spend.
 */
async function firstAdDay(ctx: AppContext, s: Scope): Promise<string | null> {
  const [r] = await rows<{ first: string | null }>(
    ctx,
    sql`SELECT to_char(min(r.day), 'YYYY-MM-DD') AS first FROM ppc_shop_day r WHERE ${entityScope(s)}`,
  );
  return r?.first ?? null;
}

type DashFigures = Record<(typeof DASH_CHANGE_KEYS)[number], number | null>;
const POINTS: readonly string[] = DASH_POINT_KEYS;

/** Each KPI's change, or all null when the previous period is not covered by the ad reports. */
function changesOf(cur: DashFigures, prev: DashFigures, covered: boolean): DashFigures {
  const one = (key: (typeof DASH_CHANGE_KEYS)[number]): number | null => {
    const c = cur[key];
    const p = prev[key];
    if (!covered || c === null || p === null) return null;
    if (POINTS.includes(key)) return Math.round((c - p) * 10000) / 10000;
    if (p === 0) return c === 0 ? 0 : null;
    return Math.round(((c - p) / Math.abs(p)) * 10000) / 10000;
  };
  return Object.fromEntries(DASH_CHANGE_KEYS.map((k) => [k, one(k)])) as DashFigures;
}

// ---- dashboard ------------------------------------------------------------------------------

const campaignRef = (r: Record<string, unknown>) => ({
  campaignId: Number(r.campaign_id),
  campaignName: String(r.campaign_name),
  campaignType: String(r.campaign_type) as 'sp' | 'sb' | 'sd',
  shopId: Number(r.shop_id),
  shopName: String(r.shop_name),
});

function campaignRanking(s: Scope, order: SQL, having: SQL): SQL {
  return sql`
    SELECT x.campaign_id, c.name AS campaign_name, c.campaign_type, c.shop_id, sh.name AS shop_name, ${FIGURES()}
      FROM (SELECT r.campaign_id, ${SUM_FIGURES} FROM ${scopeRows('campaign', s)} GROUP BY r.campaign_id) x
      JOIN ppc_campaigns c ON c.id = x.campaign_id JOIN ${shopDirectory} sh ON sh.id = c.shop_id
     WHERE ${having}
     ORDER BY ${order}, x.campaign_id LIMIT 5`;
}

export async function dashboard(ctx: AppContext, scope: ShopScope, q: PpcFilter) {
  const s = emptyScope(resolveScope(scope, q));
  const p = previousOf(s);
  // Totals, daily points and the type and market splits from the shop-day rollup (a few rows per shop-day).
  const shopDays = (sc: Scope) => sql`SELECT r.* FROM ppc_shop_day r WHERE ${scopeWhere(sc)}`;
  const [first, cur, prev, curSales, prevSales, points, byType, byMarket, top, bottom] = await Promise.all([
    firstAdDay(ctx, s),
    sumOf(ctx, shopDays(s)),
    sumOf(ctx, shopDays(p)),
    totalSales(ctx, s),
    totalSales(ctx, p),
    rows(
      ctx,
      sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${FIGURES()}, coalesce(t.revenue, 0)::float8 AS total_sales
            FROM generate_series(${s.start}::date, ${s.end}::date, interval '1 day') d(day)
            LEFT JOIN (SELECT r.day, ${SUM_FIGURES} FROM ppc_shop_day r WHERE ${scopeWhere(s)} GROUP BY r.day) x ON x.day = d.day
            LEFT JOIN (SELECT r.day, sum(r.revenue) AS revenue FROM sales_segment_day r WHERE ${salesWhere(s)} GROUP BY r.day) t
                   ON t.day = d.day
           ORDER BY d.day`,
    ),
    rows(
      ctx,
      sql`SELECT x.campaign_type, ${FIGURES()} FROM (SELECT r.campaign_type, ${SUM_FIGURES} FROM ppc_shop_day r
            WHERE ${scopeWhere(s)} GROUP BY r.campaign_type) x ORDER BY x.campaign_type`,
    ),
    rows(
      ctx,
      sql`SELECT x.market_id, ${FIGURES()} FROM (SELECT r.market_id, ${SUM_FIGURES} FROM ppc_shop_day r
            WHERE ${scopeWhere(s)} GROUP BY r.market_id) x ORDER BY x.spend_cents DESC, x.market_id`,
    ),
    rows(ctx, campaignRanking(s, sql`x.sales_cents DESC`, sql`x.sales_cents > 0`)),
    rows(ctx, campaignRanking(s, sql`${metricExpr('acos')} DESC NULLS FIRST, x.spend_cents DESC`, sql`x.spend_cents > 0`)),
  ]);
  const now = new Date();
  const withSales = (f: ReturnType<typeof figuresOf>, sales: number) => ({
    ...f,
    totalSales: sales,
    tacos: ratio(f.spend, sales),
  });
  const current = withSales(cur, curSales);
  const previous = withSales(prev, prevSales);
  // Without ad reports over the whole previous period its spend is unknown, not zero: no change
  // is claimed, TACoS (spend over sales that are there) included.
  const previousCovered = first !== null && first <= p.start;
  return {
    ...period(s),
    ...previousPeriod(p),
    current,
    previous,
    previousCovered,
    change: changesOf(current, previous, previousCovered),
    points: points.map((r) => {
      const f = figuresOf(r);
      const sales = Number(r.total_sales);
      return { day: String(r.day), settlement: ppcSettlementOf(String(r.day), now), ...withSales(f, sales) };
    }),
    byType: byType.map((r) => ({ campaignType: String(r.campaign_type) as 'sp' | 'sb' | 'sd', ...figuresOf(r) })),
    byMarket: byMarket.map((r) => ({ marketId: Number(r.market_id), ...figuresOf(r) })),
    topCampaigns: top.map((r) => ({ ...campaignRef(r), ...figuresOf(r) })),
    bottomCampaigns: bottom.map((r) => ({ ...campaignRef(r), ...figuresOf(r) })),
  };
}

// ---- SKU ad analysis ------------------------------------------------------------------------

/** A fact's money in whole cents of the reporting currency, as the rollups convert it. */
const factCents = (col: SQL) => sql`(round(${col} * f.rate, 2) * 100)::bigint`;
const FACT_SUM_FIGURES = sql`sum(f.impressions)::bigint AS impressions, sum(f.clicks)::bigint AS clicks,
  sum(${factCents(sql`f.spend`)})::bigint AS spend_cents, sum(f.orders)::bigint AS orders,
  sum(${factCents(sql`f.sales`)})::bigint AS sales_cents, sum(f.units)::bigint AS units`;

export async function skuAdvAnalysis(
  ctx: AppContext,
  scope: ShopScope,
  q: { startDate?: string; endDate?: string; listingId: number[] },
) {
  const s = resolveScope(scope, { startDate: q.startDate, endDate: q.endDate });
  const ids = [...new Set(q.listingId)];
  const listings = await rows(
    ctx,
    sql`SELECT li.id, li.sku, li.asin, li.shop_id, sh.name AS shop_name, li.market_id FROM ${listingSkus} li
          JOIN ${shopDirectory} sh ON sh.id = li.shop_id
         WHERE li.id IN ${intSet(ids)} AND li.shop_id IN ${intSet(s.shopIds.length ? s.shopIds : [0])} ORDER BY li.sku, li.id`,
  );
  if (listings.length !== ids.length) throw notFound('listing not found');
  const shopIds = [...new Set(listings.map((l) => Number(l.shop_id)))];
  const f = await salesProfit.filterIn(ctx, scope, { startDate: s.start, endDate: s.end, shopId: shopIds });
  const days = sql`r.day BETWEEN ${s.start}::date AND ${s.end}::date`;
  const skuRows = sql`SELECT r.* FROM ppc_sku_day r WHERE r.listing_id IN ${intSet(ids)} AND ${days}`;
  const perfSource = sql`SELECT f.campaign_id, ${FACT_SUM_FIGURES} FROM ppc_performance f
      WHERE f.campaign_id IN (SELECT pa.campaign_id FROM ppc_product_ads pa WHERE pa.listing_id IN ${intSet(ids)})
        AND f.entity_type = 'product_ad'
        AND f.listing_id IN ${intSet(ids)} AND f.day BETWEEN ${s.start}::date AND ${s.end}::date
      GROUP BY f.campaign_id`;
  const [sales, ads, points, byCampaign, unattributed] = await Promise.all([
    salesProfit.totals(ctx, { ...f, listingIds: ids }),
    sumOf(ctx, skuRows),
    rows(
      ctx,
      sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${FIGURES()}, coalesce(t.revenue_cents, 0)::float8 / 100 AS revenue
            FROM generate_series(${s.start}::date, ${s.end}::date, interval '1 day') d(day)
            LEFT JOIN (SELECT r.day, ${SUM_FIGURES} FROM ppc_sku_day r WHERE r.listing_id IN ${intSet(ids)} AND ${days}
                        GROUP BY r.day) x ON x.day = d.day
            LEFT JOIN (SELECT r.day, sum(r.revenue_cents) AS revenue_cents FROM sales_listing_day r
                        WHERE r.listing_id IN ${intSet(ids)} AND ${days} GROUP BY r.day) t ON t.day = d.day
           ORDER BY d.day`,
    ),
    rows(
      ctx,
      sql`SELECT x.campaign_id, c.name AS campaign_name, c.campaign_type, c.shop_id, sh.name AS shop_name, ${FIGURES()}
            FROM (${perfSource}) x JOIN ppc_campaigns c ON c.id = x.campaign_id JOIN ${shopDirectory} sh ON sh.id = c.shop_id
           ORDER BY x.spend_cents DESC, x.campaign_id`,
    ),
    rows(
      ctx,
      sql`SELECT ${FIGURES()} FROM (
            SELECT ${sql.join(
              BASE_METRICS.map((m) => {
                const c = sql.identifier(m === 'spend' ? 'spend_cents' : m === 'sales' ? 'sales_cents' : m);
                return sql`coalesce(a.${c}, 0) - coalesce(b.${c}, 0) AS ${c}`;
              }),
              sql`, `,
            )}
              FROM (SELECT ${SUM_FIGURES} FROM (${skuRows}) r) a,
                   (SELECT ${SUM_FIGURES} FROM (${perfSource}) r) b) x`,
    ),
  ]);
  const now = new Date();
  const profitBeforeAds = (cents(sales.profit) + cents(sales.adSpend)) / 100;
  const profitAfterAds = (cents(profitBeforeAds) - cents(ads.spend)) / 100;
  return {
    ...period(s),
    listings: listings.map((l) => ({
      listingId: Number(l.id),
      sku: String(l.sku),
      asin: String(l.asin),
      shopId: Number(l.shop_id),
      shopName: String(l.shop_name),
      marketId: Number(l.market_id),
    })),
    summary: {
      ads,
      revenue: sales.revenue,
      units: sales.units,
      adSalesShare: ratio(ads.sales, sales.revenue),
      tacos: ratio(ads.spend, sales.revenue),
      profitBeforeAds,
      profitAfterAds,
      marginAfterAds: ratio(profitAfterAds, sales.revenue),
    },
    points: points.map((r) => {
      const fig = figuresOf(r);
      const revenue = Number(r.revenue);
      return {
        day: String(r.day),
        settlement: ppcSettlementOf(String(r.day), now),
        ...fig,
        revenue,
        adSalesShare: ratio(fig.sales, revenue),
        tacos: ratio(fig.spend, revenue),
      };
    }),
    byCampaign: byCampaign.map((r) => ({ ...campaignRef(r), ...figuresOf(r) })),
    unattributed: figuresOf(unattributed[0] ?? {}),
  };
}

// ---- report analysis ------------------------------------------------------------------------

export interface ReportQuery extends PpcFilter {
  groupBy: ReportGroup;
  compare: boolean;
  keyword?: string;
  sortField: Metric | 'name';
  sortOrder: 'asc' | 'desc';
}

interface GroupOpts {
  /** The entity period union inline, for a statement run by `serialRows`. */
  inline?: boolean;
  /** Only the keys (text) of this relation's `key` column, e.g. a page's. */
  keys?: SQL;
}

/**
 * Rows (key, base sums) of one grouping over a scope. Keys are text; `keys` narrows the rows
 * read to those keys by the rollup's own column (its index).
 */
function groupSource(g: ReportGroup | 'sku', s: Scope, opts: GroupOpts = {}): SQL {
  const only = (col: SQL, cast: SQL = sql`::int`) =>
    opts.keys ? sql`${col} IN (SELECT k.key${cast} FROM ${opts.keys} k)` : undefined;
  const grouped = (key: SQL, from: SQL) => sql`SELECT ${key}::text AS key, ${SUM_FIGURES} FROM ${from} GROUP BY 1`;
  switch (g) {
    case 'sku':
      return grouped(sql`r.listing_id`, scopeRows('sku', s, only(sql`r.listing_id`)));
    case 'campaign':
      return grouped(sql`r.campaign_id`, scopeRows('campaign', s, only(sql`r.campaign_id`)));
    case 'adGroup':
      return grouped(sql`r.ad_group_id`, scopeRows('adGroup', s, only(sql`r.ad_group_id`)));
    case 'keyword':
    case 'target': {
      const keys = only(sql`r.entity_id`);
      const where = keys ? sql`${entityScope(s)} AND ${keys}` : entityScope(s);
      return grouped(sql`r.entity_id`, sql`(${entityPeriodRows(g, s.start, s.end, where, { inline: opts.inline })}) r`);
    }
    case 'searchTerm':
      // From the search-term rollups (each term, shop, type and day converted once with the day's rate).
      return grouped(sql`r.search_term`, scopeRows('searchTerm', s, only(sql`r.search_term`, sql``)));
    case 'day':
    case 'week':
    case 'month':
      return sql`SELECT to_char(date_trunc(${g}, r.day), 'YYYY-MM-DD') AS key, ${SUM_FIGURES} FROM ppc_shop_day r
                  WHERE ${scopeWhere(s)} GROUP BY 1`;
  }
}

/** The sums of every row of a grouping (no keyword): the rows read once, not grouped. */
function totalSource(g: ReportGroup, s: Scope): SQL {
  switch (g) {
    case 'campaign':
    case 'adGroup':
    case 'searchTerm':
      return sql`SELECT ${SUM_FIGURES} FROM ${scopeRows(g, s)}`;
    case 'keyword':
    case 'target':
      return sql`SELECT ${SUM_FIGURES} FROM (${entityPeriodRows(g, s.start, s.end, entityScope(s), { inline: true })}) r`;
    default:
      return sql`SELECT ${SUM_FIGURES} FROM ppc_shop_day r WHERE ${scopeWhere(s)}`;
  }
}

/** A grouping's rows `src` (key, base sums) with their names (alias x, base sums kept) filtered by the keyword. */
function namedSource(g: ReportGroup | 'sku', src: SQL, keyword: string | undefined): SQL {
  const kw = keyword?.trim();
  const filter = (name: SQL) => (kw ? sql`WHERE ${name} ILIKE ${likeContains(kw)}` : sql``);
  switch (g) {
    case 'campaign':
      return sql`SELECT x.*, c.name AS name, NULL::text AS campaign_name, NULL::text AS ad_group_name, c.campaign_type,
                        sh.name AS shop_name, NULL::text AS match_type
                   FROM (${src}) x JOIN ppc_campaigns c ON c.id = x.key::int JOIN ${shopDirectory} sh ON sh.id = c.shop_id ${filter(sql`c.name`)}`;
    case 'adGroup':
      return sql`SELECT x.*, g.name AS name, c.name AS campaign_name, NULL::text AS ad_group_name, c.campaign_type,
                        sh.name AS shop_name, NULL::text AS match_type
                   FROM (${src}) x JOIN ppc_ad_groups g ON g.id = x.key::int JOIN ppc_campaigns c ON c.id = g.campaign_id
                   JOIN ${shopDirectory} sh ON sh.id = g.shop_id ${filter(sql`g.name`)}`;
    case 'keyword':
      return sql`SELECT x.*, k.keyword_text AS name, c.name AS campaign_name, g.name AS ad_group_name, c.campaign_type,
                        sh.name AS shop_name, k.match_type
                   FROM (${src}) x JOIN ppc_keywords k ON k.id = x.key::int JOIN ppc_ad_groups g ON g.id = k.ad_group_id
                   JOIN ppc_campaigns c ON c.id = k.campaign_id JOIN ${shopDirectory} sh ON sh.id = k.shop_id ${filter(sql`k.keyword_text`)}`;
    case 'target':
      return sql`SELECT x.*, t.expression AS name, c.name AS campaign_name, g.name AS ad_group_name, c.campaign_type,
                        sh.name AS shop_name, t.kind AS match_type
                   FROM (${src}) x JOIN ppc_targets t ON t.id = x.key::int JOIN ppc_ad_groups g ON g.id = t.ad_group_id
                   JOIN ppc_campaigns c ON c.id = t.campaign_id JOIN ${shopDirectory} sh ON sh.id = t.shop_id ${filter(sql`t.expression`)}`;
    case 'sku':
      return sql`SELECT x.*, li.sku AS name, NULL::text AS campaign_name, NULL::text AS ad_group_name, NULL::text AS campaign_type,
                        sh.name AS shop_name, li.asin AS match_type
                   FROM (${src}) x JOIN ${listingSkus} li ON li.id = x.key::int
                   JOIN ${shopDirectory} sh ON sh.id = li.shop_id ${filter(sql`li.sku`)}`;
    case 'searchTerm':
      return sql`SELECT x.*, x.key AS name, NULL::text AS campaign_name, NULL::text AS ad_group_name, NULL::text AS campaign_type,
                        NULL::text AS shop_name, NULL::text AS match_type
                   FROM (${src}) x ${filter(sql`x.key`)}`;
    default:
      return sql`SELECT x.*, x.key AS name, NULL::text AS campaign_name, NULL::text AS ad_group_name, NULL::text AS campaign_type,
                        NULL::text AS shop_name, NULL::text AS match_type FROM (${src}) x`;
  }
}

const ALL_METRICS = [...BASE_METRICS, ...DERIVED_METRICS] as const;
const PREV = sql.join(
  ALL_METRICS.map((m) => sql`${metricExpr(m, sql`p`)} AS ${sql.identifier(`p_${m}`)}`),
  sql`, `,
);

/**
 * Named rows with their figures (and the previous period's, joined by key, for entity
 * groupings). Every row (the export) when no `window`; a page sorted by a figure without a
 * keyword is sorted and cut on the sums alone, and only its rows get names and the previous
 * period's figures (read by key); run it with `serialRows`.
 */
export function reportRowsQuery(s: Scope, q: ReportQuery, window?: SQL): SQL {
  const withPrev = q.compare && !TIME_GROUPS.includes(q.groupBy);
  const head = sql`SELECT x.key, x.name, x.campaign_name, x.ad_group_name, x.campaign_type, x.shop_name, x.match_type, ${FIGURES()},
           ${withPrev ? sql`(p.key IS NOT NULL) AS has_prev, ${PREV},` : sql``}`;
  if (window && !q.keyword?.trim() && q.sortField !== 'name') {
    const order = sql`${metricExpr(q.sortField, sql`x`)} ${dir(q.sortOrder)} NULLS LAST, x.key`;
    return sql`
      WITH pg AS (SELECT x.*, count(*) OVER () AS total_rows FROM (${groupSource(q.groupBy, s, { inline: true })}) x
                   ORDER BY ${order} ${window})
      ${head} x.total_rows
        FROM (${namedSource(q.groupBy, sql`SELECT * FROM pg`, undefined)}) x
        ${withPrev ? sql`LEFT JOIN (${groupSource(q.groupBy, previousOf(s), { inline: true, keys: sql`pg` })}) p ON p.key = x.key` : sql``}
       ORDER BY ${order}`;
  }
  const order = q.sortField === 'name' ? sql`x.name` : sql.identifier(q.sortField);
  return sql`
    ${head} count(*) OVER () AS total_rows
      FROM (${namedSource(q.groupBy, groupSource(q.groupBy, s), q.keyword)}) x
      ${withPrev ? sql`LEFT JOIN (${groupSource(q.groupBy, previousOf(s))}) p ON p.key = x.key` : sql``}
     ORDER BY ${order} ${dir(q.sortOrder)} NULLS LAST, x.key ${window ?? sql``}`;
}

const prevFigures = (r: Record<string, unknown>) =>
  r.has_prev === undefined
    ? null
    : figuresOf(
        Object.fromEntries(
          ALL_METRICS.map((m) => [m, r.has_prev ? r[`p_${m}`] : m in { acos: 1, roas: 1, ctr: 1, cpc: 1, cvr: 1 } ? null : 0]),
        ),
      );

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function reportAnalysis(ctx: AppContext, scope: ShopScope, q: ReportQuery & { pageNum: number; pageSize: number }) {
  const s = emptyScope(resolveScope(scope, q));
  const p = previousOf(s);
  const window = limitOffset(q);
  const namedIn = (scope: Scope) => namedSource(q.groupBy, groupSource(q.groupBy, scope), q.keyword);
  const named = namedIn(s);
  // The sums: without a keyword, of the rows read once (no names, no grouping).
  const sumIn = (scope: Scope) =>
    q.keyword?.trim()
      ? sumOf(ctx, namedIn(scope))
      : serialRows(ctx.db, sql`SELECT ${FIGURES()} FROM (${totalSource(q.groupBy, scope)}) x`).then(([r]) => figuresOf(r ?? {}));
  const [page, sum, previousSum] = await Promise.all([
    serialRows(ctx.db, reportRowsQuery(s, q, window)),
    sumIn(s),
    q.compare ? sumIn(p) : Promise.resolve(null),
  ]);
  let total = Number(page[0]?.total_rows ?? 0);
  if (page.length === 0 && q.pageNum > 1) {
    const [c] = await rows<{ n: number }>(ctx, sql`SELECT count(*)::int AS n FROM (${named}) x`);
    total = Number(c?.n ?? 0);
  }
  return {
    list: page.map((r) => ({
      key: String(r.key),
      name: String(r.name),
      campaignName: str(r.campaign_name),
      adGroupName: str(r.ad_group_name),
      campaignType: str(r.campaign_type),
      shopName: str(r.shop_name),
      matchType: str(r.match_type),
      ...figuresOf(r),
      previous: prevFigures(r),
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    ...period(s),
    ...previousPeriod(p),
    sum,
    previousSum,
  };
}

export async function reportAnalysisCsv(ctx: AppContext, scope: ShopScope, q: ReportQuery) {
  const s = emptyScope(resolveScope(scope, q));
  const withPrev = q.compare && !TIME_GROUPS.includes(q.groupBy);
  return streamCsv(poolOf(ctx.db), {
    fileName: `ppc-report-${q.groupBy}-${s.start}-${s.end}.csv`,
    columns: [
      { header: q.groupBy, value: (r) => String(r.name) },
      { header: 'campaign', value: (r) => str(r.campaign_name) },
      { header: 'adGroup', value: (r) => str(r.ad_group_name) },
      { header: 'matchType', value: (r) => str(r.match_type) },
      { header: 'campaignType', value: (r) => str(r.campaign_type) },
      { header: 'shop', value: (r) => str(r.shop_name) },
      ...FIGURE_COLUMNS,
      ...(withPrev
        ? ALL_METRICS.map((m) => ({
            header: `previous ${m}`,
            value: (r: Record<string, unknown>) => (r.has_prev ? ((r[`p_${m}`] as number | null) ?? null) : null),
          }))
        : []),
    ],
    query: reportRowsQuery(s, q),
  });
}

// ---- report export ------------------------------------------------------------------------

const DETAIL_HEADER: Record<ExportReport, string | null> = {
  campaign: null,
  adGroup: null,
  keyword: 'matchType',
  target: 'targetKind',
  searchTerm: null,
  sku: 'asin',
};

/** One report's rows over the scope with the chosen columns, as xlsx or csv, streamed from a cursor. */
export async function reportExport(
  ctx: AppContext,
  scope: ShopScope,
  q: PpcFilter & { report: ExportReport; column?: ExportColumn[]; format: 'xlsx' | 'csv' },
) {
  const s = emptyScope(resolveScope(scope, q));
  const chosen = q.column?.length ? [...new Set(q.column)] : [...EXPORT_COLUMNS];
  const money = (m: string) => m === 'spend' || m === 'sales' || m === 'cpc';
  const cols: { header: string; value: (r: Record<string, unknown>) => string | number | null; numFmt?: string }[] = [
    { header: q.report, value: (r) => String(r.name) },
  ];
  for (const c of chosen) {
    if (c === 'shop') cols.push({ header: 'shop', value: (r) => str(r.shop_name) });
    else if (c === 'campaign' && ['adGroup', 'keyword', 'target'].includes(q.report))
      cols.push({ header: 'campaign', value: (r) => str(r.campaign_name) });
    else if (c === 'adGroup' && ['keyword', 'target'].includes(q.report))
      cols.push({ header: 'adGroup', value: (r) => str(r.ad_group_name) });
    else if (c === 'detail' && DETAIL_HEADER[q.report])
      cols.push({ header: DETAIL_HEADER[q.report] as string, value: (r) => str(r.match_type) });
    else if (c === 'campaignType' && q.report !== 'searchTerm' && q.report !== 'sku')
      cols.push({ header: 'campaignType', value: (r) => str(r.campaign_type) });
    else if ((ALL_METRICS as readonly string[]).includes(c))
      cols.push({
        header: money(c) ? `${c} (${REPORTING_CURRENCY})` : c,
        value: (r) => (r[c] === null || r[c] === undefined ? null : Number(r[c])),
        numFmt: money(c) ? '#,##0.00' : ['acos', 'ctr', 'cvr'].includes(c) ? '0.00%' : c === 'roas' ? '0.00' : '#,##0',
      });
  }
  const query = sql`SELECT x.name, x.campaign_name, x.ad_group_name, x.campaign_type, x.shop_name, x.match_type, ${FIGURES()}
                      FROM (${namedSource(q.report, groupSource(q.report, s), undefined)}) x ORDER BY x.spend_cents DESC, x.key`;
  const fileName = `ppc-${q.report}-${s.start}-${s.end}.${q.format}`;
  if (q.format === 'csv') {
    return streamCsv(poolOf(ctx.db), { fileName, columns: cols, query });
  }
  return streamXlsx<Record<string, unknown>>(poolOf(ctx.db), {
    fileName,
    sheetName: q.report,
    query,
    map: (raw) => raw,
    columns: cols.map((c) => ({ ...c, width: c.header === q.report ? 32 : 14 })),
  });
}

// ---- out of budget ---------------------------------------------------------------------------

export interface OutBudgetQuery extends PpcFilter {
  keyword?: string;
  sortField: 'daysOut' | 'spendOut' | 'missedSales' | 'acos' | 'lastDayOut';
  sortOrder: 'asc' | 'desc';
}

/**
 * Campaign-days of the scope with the budget in force that day (stored with the rollup:
 * the `before` of the first budget change made after the day ended, else the budget then,
 * in USD cents at the day's rate) and whether the day's spend reached 98 % of it.
 */
export function campaignDays(s: Scope, keyword: string | undefined): SQL {
  const kw = keyword?.trim();
  return sql`
    SELECT r.campaign_id, r.day, r.impressions, r.clicks, r.spend_cents, r.orders, r.sales_cents, r.units, r.budget_cents,
           (r.budget_cents > 0 AND r.spend_cents * 10000 >= r.budget_cents * ${Math.round(OUT_OF_BUDGET_SHARE * 10_000)}::bigint) AS out
      FROM ppc_campaign_day r
     WHERE ${anyScopeWhere(s)}
       ${kw ? sql`AND r.campaign_id IN (SELECT c.id FROM ppc_campaigns c WHERE c.shop_id = ${anyInt(s.shopIds)} AND c.name ILIKE ${likeContains(kw)})` : sql``}`;
}

/** scopeWhere with the shops as an array (\`= ANY\`): the planner estimates the rows from the statistics, so the large joins hash. */
const anyScopeWhere = (s: Scope): SQL =>
  sql.join(
    [
      sql`r.shop_id = ${anyInt(s.shopIds)}`,
      sql`r.day BETWEEN ${s.start}::date AND ${s.end}::date`,
      s.marketIds ? sql`r.market_id = ${anyInt(s.marketIds)}` : sql`true`,
      s.types ? sql`r.campaign_type = ANY(${`{${s.types.join(',')}}`}::text[])` : sql`true`,
    ],
    sql` AND `,
  );

/** The estimate of sales missed on the days out (null without a day within budget), from the clicks missed `m`. */
const missedSales = (m: SQL) =>
  sql`CASE WHEN a.days = a.days_out THEN NULL WHEN a.clicks = 0 THEN 0 ELSE round(${m} * a.sales_cents / a.clicks) / 100 END::float8`;

/**
 * Clicks missed on a campaign's days out: how far each day out fell short of the average
 * clicks of its days within budget (`a.in_avg`), summed over the clicks `c` of its days out.
 */
const missedClicks = (c: SQL) => sql`sum(greatest(0, a.in_avg - ${c}))`;

const OUT_ORDER: Record<OutBudgetQuery['sortField'], SQL> = {
  daysOut: sql`a.days_out`,
  spendOut: sql`a.spend_out_cents`,
  missedSales: sql`missed_sales`,
  acos: metricExpr('acos', sql`a`),
  lastDayOut: sql`a.last_day_out`,
};

export async function outBudget(ctx: AppContext, scope: ShopScope, q: OutBudgetQuery & { pageNum: number; pageSize: number }) {
  const s = emptyScope(resolveScope(scope, q));
  const days = campaignDays(s, q.keyword);
  // The clicks missed need the clicks of every day out besides the sums: read from the page's
  // days out, and kept as an array for every campaign only when the page is sorted by them.
  const bySales = q.sortField === 'missedSales';
  const [page, points] = await Promise.all([
    rows(
      ctx,
      sql`
      WITH d AS (${days}),
      -- One pass over the campaign-days, sums only (a hash aggregate): the period's figures,
      -- the days and the days out with their spend and clicks.
      a AS (
        SELECT r.campaign_id, ${SUM_FIGURES}, count(*)::int AS days, count(*) FILTER (WHERE r.out)::int AS days_out,
               max(r.day) FILTER (WHERE r.out) AS last_day_out, sum(r.spend_cents) FILTER (WHERE r.out)::bigint AS spend_out_cents,
               (sum(r.clicks) - coalesce(sum(r.clicks) FILTER (WHERE r.out), 0))::numeric
                 / nullif(count(*) - count(*) FILTER (WHERE r.out), 0) AS in_avg
               ${bySales ? sql`, array_agg(r.clicks) FILTER (WHERE r.out) AS out_clicks` : sql``}
          FROM d r GROUP BY r.campaign_id HAVING count(*) FILTER (WHERE r.out) > 0),
      p AS (
        SELECT a.*, (SELECT count(*) FROM a) AS total_rows
          FROM a
         ORDER BY ${bySales ? missedSales(sql`(SELECT ${missedClicks(sql`x`)} FROM unnest(a.out_clicks) x)`) : OUT_ORDER[q.sortField]} ${dir(q.sortOrder)} NULLS LAST, a.campaign_id
         ${limitOffset(q)})
      SELECT a.campaign_id, a.days_out, x.out_days, a.spend_out_cents, to_char(a.last_day_out, 'YYYY-MM-DD') AS last_day,
             c.name AS campaign_name, c.campaign_type, c.shop_id, sh.name AS shop_name, c.market_id, c.daily_budget, c.version,
             c.state, pf.currency AS budget_currency, ${FIGURES(sql`a`)}, ${missedSales(sql`x.missed`)} AS missed_sales, a.total_rows
        FROM p a JOIN ppc_campaigns c ON c.id = a.campaign_id JOIN ${shopDirectory} sh ON sh.id = c.shop_id
        JOIN ppc_profiles pf ON pf.shop_id = c.shop_id
        -- The page's days out, by the campaign-day key.
        CROSS JOIN LATERAL (
          SELECT array_agg(to_char(r.day, 'YYYY-MM-DD') ORDER BY r.day DESC) AS out_days, ${missedClicks(sql`r.clicks`)} AS missed
            FROM (${days}) r WHERE r.campaign_id = a.campaign_id AND r.out) x
       ORDER BY ${OUT_ORDER[q.sortField]} ${dir(q.sortOrder)} NULLS LAST, a.campaign_id`,
    ),
    rows(
      ctx,
      sql`WITH o AS (SELECT d.day, count(*)::int AS campaigns, sum(d.spend_cents) AS spend_cents FROM (${days}) d WHERE d.out GROUP BY d.day)
          SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(o.campaigns, 0) AS campaigns, coalesce(o.spend_cents, 0)::float8 / 100 AS spend
            FROM generate_series(${s.start}::date, ${s.end}::date, interval '1 day') g(day)
            LEFT JOIN o ON o.day = g.day
           ORDER BY g.day`,
    ),
  ]);
  let total = Number(page[0]?.total_rows ?? 0);
  if (page.length === 0 && q.pageNum > 1) {
    const [c] = await rows<{ n: number }>(
      ctx,
      sql`WITH d AS (${days}) SELECT count(DISTINCT d.campaign_id)::int AS n FROM d WHERE d.out`,
    );
    total = Number(c?.n ?? 0);
  }
  return {
    list: page.map((r) => ({
      ...campaignRef(r),
      marketId: Number(r.market_id),
      dailyBudget: Number(r.daily_budget),
      budgetCurrency: String(r.budget_currency),
      version: Number(r.version),
      state: String(r.state),
      daysOut: Number(r.days_out),
      lastDayOut: String(r.last_day),
      days: (r.out_days as string[] | null) ?? [],
      spendOut: Number(r.spend_out_cents) / 100,
      figures: figuresOf(r),
      missedSales: r.missed_sales === null ? null : Number(r.missed_sales),
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    ...period(s),
    granularity: 'day' as const,
    points: points.map((r) => ({ day: String(r.day), campaigns: Number(r.campaigns), spend: Number(r.spend) })),
  };
}
