/**
 * The advertising boards: every read sums a rollup (ppc_sku_day, ppc_ad_group_day) over
 * the period and turns the sums into figures with the one definition in model/metrics.ts.
 * External shop accounts see only their shops: every read starts from the caller's `ShopScope`
 * (the binder's `scope()`), narrowed by the query's shops and never widened.
 */
import type { PpcFilter } from '@bo/contract/ppc/board';
import { MAX_PERIOD_DAYS, REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import { type SQL, sql } from 'drizzle-orm';
import { poolOf } from '../../../db/client';
import { anyInt, intSet, likeContains, limitOffset, textSet } from '../../../db/sql';
import type { AppContext } from '../../../platform/context';
import { badRequest, notFound } from '../../../platform/errors';
import { catalogListings, listingProducts, listingSkus } from '../../catalog/catalog.reads';
import { projectDirectory } from '../../projects/projects.reads';
import * as salesProfit from '../../sales/profit/sales-profit.service';
import { narrowScope, type ShopScope, shopIn } from '../../shops/shops/shop-scope';
import { shopDirectory } from '../../shops/shops.reads';
import { ppcSettlementOf } from '../model/facts.service';
import { FIGURES, figuresOf, type Metric, metricExpr, SUM_FIGURES } from '../model/metrics';
import { type RollupLevel, rollupPeriodRows } from '../model/period';
import { type CsvColumn, streamCsv } from '../shared/csv-stream';

const DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

export interface Scope {
  start: string;
  end: string;
  /** The caller's scope narrowed to the shops asked for (shop-scope.ts: never wider than the scope). */
  shopIds: readonly number[];
  marketIds: number[] | null;
  types: string[] | null;
}

/** The period (default: the 30 complete days before today) and the shops the caller may see among those asked for. */
export function resolveScope(scope: ShopScope, q: PpcFilter): Scope {
  const def = salesProfit.defaultPeriod();
  let start = q.startDate ?? (q.endDate ? addDays(q.endDate, -29) : def.start);
  let end = q.endDate ?? (q.startDate ? addDays(q.startDate, 29) : def.end);
  if (end < start) [start, end] = [end, start];
  if (salesProfit.daysBetween(start, end) >= MAX_PERIOD_DAYS) throw badRequest(`a period is at most ${MAX_PERIOD_DAYS} days`);
  return {
    start,
    end,
    shopIds: narrowScope(scope, q.shopId?.length ? q.shopId : undefined).shopIds,
    marketIds: q.marketId?.length ? q.marketId : null,
    types: q.campaignType?.length ? q.campaignType : null,
  };
}

/** The rollup rows (alias r) of the scope. */
export const scopeWhere = (s: Scope): SQL =>
  sql.join(
    [
      sql`r.shop_id IN ${intSet(s.shopIds)}`,
      sql`r.day BETWEEN ${s.start}::date AND ${s.end}::date`,
      s.marketIds ? sql`r.market_id IN ${intSet(s.marketIds)}` : sql`true`,
      s.types ? sql`r.campaign_type IN (SELECT jsonb_array_elements_text(${JSON.stringify(s.types)}::jsonb))` : sql`true`,
    ],
    sql` AND `,
  );

/** The scope without its days on rows (alias r) that carry shop, market and campaign type (entity and period rows). */
export const entityScope = (s: Scope): SQL =>
  sql.join(
    [
      sql`r.shop_id = ${anyInt(s.shopIds)}`,
      s.marketIds ? sql`r.market_id = ${anyInt(s.marketIds)}` : sql`true`,
      s.types ? sql`r.campaign_type = ANY(${`{${s.types.join(',')}}`}::text[])` : sql`true`,
    ],
    sql` AND `,
  );

/**
 * The scope's rows of the campaign, ad-group or SKU rollup over its period, as `(…) r`: whole
 * weeks from the week rollup, edge days from the day rollup (model/period.ts). For sums over
 * the period only; `extra` narrows it further (alias r, no day).
 */
export const scopeRows = (level: RollupLevel, s: Scope, extra?: SQL): SQL =>
  sql`(${rollupPeriodRows(level, s.start, s.end, extra ? sql`${entityScope(s)} AND ${extra}` : entityScope(s))}) r`;

export const period = (s: Scope) => ({ startDate: s.start, endDate: s.end, currency: REPORTING_CURRENCY });
export const dir = (o: 'asc' | 'desc') => (o === 'asc' ? sql`ASC` : sql`DESC`);

export async function rows<T = Record<string, unknown>>(ctx: AppContext, q: SQL): Promise<T[]> {
  return (await ctx.db.execute(q)).rows as T[];
}

// ---- shop names ---------------------------------------------------------------------------------

export async function shopNames(ctx: AppContext, scope: ShopScope) {
  if (scope.shopIds.length === 0) return [];
  const r = await rows<{
    shop_id: number;
    name: string;
    market_id: number;
    seller_id: string | null;
    currency: string;
    id: number;
  }>(
    ctx,
    sql`SELECT p.id, p.shop_id, s.name, p.market_id, s.seller_id, p.currency FROM ppc_profiles p JOIN ${shopDirectory} s ON s.id = p.shop_id
         WHERE ${shopIn(sql`p.shop_id`, scope)} ORDER BY s.name, p.shop_id`,
  );
  return r.map((x) => ({
    shopId: x.shop_id,
    name: x.name,
    marketId: x.market_id,
    sellerId: x.seller_id,
    currency: x.currency,
    profileId: x.id,
  }));
}

// ---- SKU performance ----------------------------------------------------------------------------

interface SkuQuery extends PpcFilter {
  keyword?: string;
  sortField: Metric | 'sku';
  sortOrder: 'asc' | 'desc';
}

function skuSource(s: Scope, keyword: string | undefined): SQL {
  const kw = keyword?.trim();
  const matching = kw
    ? sql`r.listing_id IN (SELECT li.id FROM ${listingSkus} li
                             WHERE li.shop_id IN ${intSet(s.shopIds)} AND (li.sku ILIKE ${likeContains(kw)} OR li.asin ILIKE ${likeContains(kw)}))`
    : undefined;
  return sql`SELECT r.listing_id, ${SUM_FIGURES} FROM ${scopeRows('sku', s, matching)} GROUP BY r.listing_id`;
}

function skuRowsQuery(s: Scope, q: SkuQuery, window: SQL = sql``): SQL {
  const order = q.sortField === 'sku' ? sql`li.sku` : sql.identifier(q.sortField);
  return sql`
    SELECT x.listing_id, li.sku, li.asin, li.shop_id, sh.name AS shop_name, li.market_id, ${FIGURES()},
           count(*) OVER () AS total_rows
      FROM (${skuSource(s, q.keyword)}) x
      JOIN ${listingSkus} li ON li.id = x.listing_id JOIN ${shopDirectory} sh ON sh.id = li.shop_id
     ORDER BY ${order} ${dir(q.sortOrder)} NULLS LAST, x.listing_id ${window}`;
}

const skuRow = (r: Record<string, unknown>) => ({
  listingId: Number(r.listing_id),
  sku: String(r.sku),
  asin: String(r.asin),
  shopId: Number(r.shop_id),
  shopName: String(r.shop_name),
  marketId: Number(r.market_id),
  ...figuresOf(r),
});

export async function sumOf(ctx: AppContext, source: SQL) {
  const [r] = await rows(ctx, sql`SELECT ${FIGURES()} FROM (SELECT ${SUM_FIGURES} FROM (${source}) r) x`);
  return figuresOf(r ?? {});
}

export async function skuPerform(ctx: AppContext, scope: ShopScope, q: SkuQuery & { pageNum: number; pageSize: number }) {
  const s = resolveScope(scope, q);
  if (s.shopIds.length === 0) {
    return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize, sum: figuresOf({}), ...period(s) };
  }
  const window = limitOffset(q);
  const [page, sum] = await Promise.all([
    rows(ctx, skuRowsQuery(s, q, window)),
    // The sum of the listing sums: the source's columns are already sums per listing.
    sumOf(ctx, skuSource(s, q.keyword)),
  ]);
  let total = Number(page[0]?.total_rows ?? 0);
  if (page.length === 0 && q.pageNum > 1) {
    const [c] = await rows<{ n: number }>(ctx, sql`SELECT count(*)::int AS n FROM (${skuSource(s, q.keyword)}) x`);
    total = Number(c?.n ?? 0);
  }
  return { list: page.map(skuRow), total, pageNum: q.pageNum, pageSize: q.pageSize, sum, ...period(s) };
}

export const FIGURE_COLUMNS: CsvColumn[] = (
  ['impressions', 'clicks', 'spend', 'orders', 'sales', 'units', 'acos', 'roas', 'ctr', 'cpc', 'cvr'] as const
).map((m) => ({
  header: m === 'spend' || m === 'sales' ? `${m} (${REPORTING_CURRENCY})` : m,
  value: (r) => (r[m] as number | null) ?? null,
}));

export async function skuPerformCsv(ctx: AppContext, scope: ShopScope, q: SkuQuery) {
  const s = resolveScope(scope, q);
  const query = s.shopIds.length ? skuRowsQuery(s, q) : sql`SELECT 1 WHERE false`;
  return streamCsv(poolOf(ctx.db), {
    fileName: `sku-performance-${s.start}-${s.end}.csv`,
    columns: [
      { header: 'sku', value: (r) => String(r.sku) },
      { header: 'asin', value: (r) => String(r.asin) },
      { header: 'shop', value: (r) => String(r.shop_name) },
      { header: 'marketId', value: (r) => Number(r.market_id) },
      ...FIGURE_COLUMNS,
    ],
    query,
  });
}

// ---- chart ------------------------------------------------------------------------------------------

function chartQuery(s: Scope, listingId: number | undefined): SQL {
  return sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${FIGURES()}
      FROM generate_series(${s.start}::date, ${s.end}::date, interval '1 day') d(day)
      LEFT JOIN (SELECT r.day, ${SUM_FIGURES} FROM ppc_sku_day r
                  WHERE ${scopeWhere(s)} ${listingId ? sql`AND r.listing_id = ${listingId}` : sql``}
                  GROUP BY r.day) x ON x.day = d.day
     ORDER BY d.day`;
}

async function checkListing(ctx: AppContext, s: Scope, listingId: number | undefined) {
  if (listingId === undefined) return;
  const [l] = await rows(
    ctx,
    sql`SELECT 1 FROM ${catalogListings} l WHERE l.id = ${listingId} AND l.shop_id IN ${intSet(s.shopIds)}`,
  );
  if (!l) throw notFound('listing not found');
}

export async function skuPerformChart(ctx: AppContext, scope: ShopScope, q: PpcFilter & { listingId?: number }) {
  const s = resolveScope(scope, q);
  await checkListing(ctx, s, q.listingId);
  const now = new Date();
  const points = (await rows(ctx, chartQuery(s, q.listingId))).map((r) => ({
    day: String(r.day),
    settlement: ppcSettlementOf(String(r.day), now),
    ...figuresOf(r),
  }));
  const sum = await sumOf(
    ctx,
    sql`SELECT r.* FROM ${scopeRows('sku', s, q.listingId ? sql`r.listing_id = ${q.listingId}` : undefined)}`,
  );
  return { points, sum, ...period(s) };
}

export async function skuPerformChartCsv(ctx: AppContext, scope: ShopScope, q: PpcFilter & { listingId?: number }) {
  const s = resolveScope(scope, q);
  await checkListing(ctx, s, q.listingId);
  return streamCsv(poolOf(ctx.db), {
    fileName: `sku-performance-chart-${s.start}-${s.end}.csv`,
    columns: [{ header: 'day', value: (r) => String(r.day) }, ...FIGURE_COLUMNS],
    query: chartQuery(s, q.listingId),
  });
}

// ---- SKU cost analysis ----------------------------------------------------------------------

export async function skuCostAnalysis(
  ctx: AppContext,
  scope: ShopScope,
  listingId: number,
  q: { startDate?: string; endDate?: string },
) {
  const s = resolveScope(scope, q);
  const [l] = await rows<{ sku: string; asin: string; shop_id: number; shop_name: string }>(
    ctx,
    sql`SELECT li.sku, li.asin, li.shop_id, sh.name AS shop_name FROM ${listingSkus} li
          JOIN ${shopDirectory} sh ON sh.id = li.shop_id WHERE li.id = ${listingId} AND li.shop_id IN ${intSet(s.shopIds)}`,
  );
  if (!l) throw notFound('listing not found');
  // The sales figures of the listing, through the sales module's own filter and totals.
  const f = await salesProfit.filterIn(ctx, scope, { startDate: s.start, endDate: s.end, shopId: [l.shop_id] });
  const sales = await salesProfit.totals(ctx, { ...f, listingIds: [listingId] });
  const one = sql`r.listing_id = ${listingId} AND r.day BETWEEN ${s.start}::date AND ${s.end}::date`;
  const [ads, byType] = await Promise.all([
    sumOf(ctx, sql`SELECT r.* FROM ppc_sku_day r WHERE ${one}`),
    rows(
      ctx,
      sql`SELECT x.campaign_type, ${FIGURES()} FROM (SELECT r.campaign_type, ${SUM_FIGURES} FROM ppc_sku_day r WHERE ${one}
            GROUP BY r.campaign_type) x ORDER BY x.campaign_type`,
    ),
  ]);
  const cents = (n: number) => Math.round(n * 100);
  const profitBeforeAds = (cents(sales.profit) + cents(sales.adSpend)) / 100;
  const profitAfterAds = (cents(profitBeforeAds) - cents(ads.spend)) / 100;
  const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10000) / 10000);
  return {
    listingId,
    sku: l.sku,
    asin: l.asin,
    shopId: l.shop_id,
    shopName: l.shop_name,
    ...period(s),
    revenue: sales.revenue,
    units: sales.units,
    profitBeforeAds,
    salesAdSpend: sales.adSpend,
    ads,
    tacos: ratio(ads.spend, sales.revenue),
    profitAfterAds,
    marginAfterAds: ratio(profitAfterAds, sales.revenue),
    byCampaignType: byType.map((r) => ({ campaignType: String(r.campaign_type) as 'sp' | 'sb' | 'sd', ...figuresOf(r) })),
  };
}

// ---- ad group cost --------------------------------------------------------------------------

export async function adGroupCost(
  ctx: AppContext,
  scope: ShopScope,
  q: PpcFilter & {
    campaignId?: number;
    keyword?: string;
    sortField: Metric | 'adGroupName' | 'campaignName';
    sortOrder: 'asc' | 'desc';
    pageNum: number;
    pageSize: number;
  },
) {
  const s = resolveScope(scope, q);
  if (s.shopIds.length === 0) {
    return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize, sum: figuresOf({}), ...period(s) };
  }
  const kw = q.keyword?.trim();
  const filters = [
    ...(q.campaignId ? [sql`r.campaign_id = ${q.campaignId}`] : []),
    ...(kw
      ? [
          sql`r.ad_group_id IN (SELECT g.id FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id
                                 WHERE g.shop_id IN ${intSet(s.shopIds)} AND (g.name ILIKE ${likeContains(kw)} OR c.name ILIKE ${likeContains(kw)}))`,
        ]
      : []),
  ];
  const source = sql`
    SELECT r.ad_group_id, ${SUM_FIGURES}
      FROM ${scopeRows('adGroup', s, filters.length ? sql.join(filters, sql` AND `) : undefined)}
     GROUP BY r.ad_group_id`;
  const order =
    q.sortField === 'adGroupName' ? sql`g.name` : q.sortField === 'campaignName' ? sql`c.name` : metricExpr(q.sortField);
  const [page, sum] = await Promise.all([
    rows(
      ctx,
      sql`SELECT x.ad_group_id, g.name AS ad_group_name, g.campaign_id, c.name AS campaign_name, c.campaign_type, g.shop_id,
                 sh.name AS shop_name, g.default_bid, g.state, ${FIGURES()}, count(*) OVER () AS total_rows
            FROM (${source}) x JOIN ppc_ad_groups g ON g.id = x.ad_group_id JOIN ppc_campaigns c ON c.id = g.campaign_id
            JOIN ${shopDirectory} sh ON sh.id = g.shop_id
           ORDER BY ${order} ${dir(q.sortOrder)} NULLS LAST, x.ad_group_id
           ${limitOffset(q)}`,
    ),
    sumOf(ctx, source),
  ]);
  let total = Number(page[0]?.total_rows ?? 0);
  if (page.length === 0 && q.pageNum > 1) {
    const [c] = await rows<{ n: number }>(ctx, sql`SELECT count(*)::int AS n FROM (${source}) x`);
    total = Number(c?.n ?? 0);
  }
  return {
    list: page.map((r) => ({
      adGroupId: Number(r.ad_group_id),
      adGroupName: String(r.ad_group_name),
      campaignId: Number(r.campaign_id),
      campaignName: String(r.campaign_name),
      campaignType: String(r.campaign_type) as 'sp' | 'sb' | 'sd',
      shopId: Number(r.shop_id),
      shopName: String(r.shop_name),
      defaultBid: Number(r.default_bid),
      state: String(r.state),
      ...figuresOf(r),
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    sum,
    ...period(s),
  };
}

// ---- a project's SKUs (spec §7 "Projects", other reads; docs/projects.md) ----------------------------

/**
 * The advertising figures of the listings a project names, by SKU or by model, in the caller's
 * shops. Without dates: from the project's start day (launch, listing or open day; at most a
 * year back) to yesterday, else the last 30 complete days.
 */
export async function projectSkuPerform(
  ctx: AppContext,
  accountId: number,
  scope: ShopScope,
  q: { projectId: number; startDate?: string; endDate?: string },
) {
  const [p] = await rows<{ skus: string[] | null; start_day: string | null; yesterday: string }>(
    ctx,
    sql`SELECT p.skus, p.start_day::text AS start_day, (current_date - 1)::text AS yesterday
          FROM ${projectDirectory} p WHERE p.id = ${q.projectId} AND p.account_id = ${accountId}`,
  );
  if (!p) throw notFound(`no project ${q.projectId}`);
  const skus = p.skus ?? [];
  let { startDate, endDate } = q;
  if (!startDate && !endDate) {
    endDate = p.yesterday;
    const yearBack = addDays(endDate, -364);
    const launched = p.start_day !== null && p.start_day <= endDate;
    startDate = launched ? (p.start_day as string) : addDays(endDate, -29);
    if (startDate < yearBack) startDate = yearBack;
  }
  const s = resolveScope(scope, { startDate, endDate });
  const base = { projectId: q.projectId, skus, ...period(s) };
  if (skus.length === 0 || s.shopIds.length === 0) return { ...base, list: [], sum: figuresOf({}) };
  const named = sql`SELECT li.id, li.sku, li.model, li.asin, li.shop_id, li.market_id,
                           CASE WHEN li.sku IN ${textSet(skus)} THEN li.sku ELSE li.model END AS matched_by
                      FROM ${listingProducts} li
                     WHERE li.shop_id = ${anyInt(s.shopIds)} AND (li.sku IN ${textSet(skus)} OR li.model IN ${textSet(skus)})`;
  const source = sql`SELECT r.listing_id, ${SUM_FIGURES}
                       FROM ${scopeRows('sku', s, sql`r.listing_id IN (SELECT n.id FROM (${named}) n)`)} GROUP BY r.listing_id`;
  const [list, sum] = await Promise.all([
    rows(
      ctx,
      sql`SELECT n.id AS listing_id, n.sku, n.model, n.asin, n.shop_id, sh.name AS shop_name, n.market_id, n.matched_by, ${FIGURES()}
            FROM (${named}) n JOIN ${shopDirectory} sh ON sh.id = n.shop_id
            LEFT JOIN (${source}) x ON x.listing_id = n.id
           ORDER BY spend DESC NULLS LAST, n.sku, n.shop_id`,
    ),
    sumOf(ctx, source),
  ]);
  return {
    ...base,
    list: list.map((r) => ({ ...skuRow(r), model: String(r.model), matchedBy: String(r.matched_by) })),
    sum,
  };
}
