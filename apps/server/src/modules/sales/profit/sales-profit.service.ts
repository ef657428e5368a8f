/**
 * Sales and profit breakdowns, totals, exports, and the "ts" report's cost inductions.
 * Rules:
 * - Isolation: every read and write is limited to the caller's visible shops
 *   (shops service); a requested shop outside them is simply not there.
 * - Without dates the period is the 30 complete days before today (UTC).
 * - `sum` is over the whole filtered set, not the page.
 * - Sales teams and their directors are the company's organisation: an external shop
 *   account gets no teams, its director breakdown is one neutral row ("—", id 0, no teams)
 *   of its own sales, and a director filter matches none of its sales. The users who
 *   booked a cost on its listings are named only when they belong to its own account.
 */

import { marketCode } from '@bo/contract';
import type {
  CostInduction,
  DirectorRow,
  ProductLineRow,
  SalesDimension,
  SalesFilter,
  ShopRow,
  SkuRow,
} from '@bo/contract/sales/sales-profit';
import {
  DIRECTOR_KEYS,
  LINE_KEYS,
  MAX_PERIOD_DAYS,
  MEASURES,
  REPORTING_CURRENCY,
  SHOP_KEYS,
  SKU_KEYS,
} from '@bo/contract/sales/sales-profit';
import { type SQL, sql } from 'drizzle-orm';
import { poolOf } from '../../../db/client';
import { intSet, likeContains, limitOffset, serialRows } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../../platform/auth/actor';
import { nameFor, UNNAMED_USER } from '../../../platform/auth/user-visibility';
import type { AppContext } from '../../../platform/context';
import { badRequest, codedFieldError, notFound } from '../../../platform/errors';
import { type ExportLang as Lang, exportLang as langOf, tr as t } from '../../../platform/export/lang';
import { streamXlsx, type XlsxColumn } from '../../../platform/export/xlsx-stream';
import { narrowScope, type ShopScope, scopeHas, shopIn, shopScopeOf } from '../../shops/shops/shop-scope';
import { addOtherCost, lockShopFacts, rateAsOf, refreshRollups } from '../facts/facts.service';
import {
  addDays,
  centsAsMoney,
  daySource,
  execRows,
  factsWhere,
  isEmptyFilter,
  listingCents,
  listingCentsColumns,
  listingSource,
  type MeasureRow,
  orderBy,
  orderByCents,
  type ResolvedFilter,
  SUM_CENTS_SELECT,
  SUM_SELECT,
  toMeasures,
} from './sales-query';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);

/** The default period: the 30 complete days before today. */
export function defaultPeriod(now = new Date()): { start: string; end: string } {
  const end = iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY);
  return { start: addDays(end, -29), end };
}

/** Narrowings other modules ask for that the sales screens' query does not carry. */
export interface FilterScope {
  /** Only the listings of this product's SKUs (the product screens' sales panel). */
  productId?: number;
}

/**
 * The sales filter of a caller who holds no scope yet (the product screen's sales panel,
 * the listings filter and SKU analysis): `filterIn` over the caller's scope.
 */
export async function resolveFilter(
  ctx: AppContext,
  actor: RequestActor,
  q: SalesFilter,
  narrow: FilterScope = {},
): Promise<ResolvedFilter> {
  return filterIn(ctx, await shopScopeOf(ctx, actor), q, narrow);
}

/** The period, shops and narrowings of a sales query, within the caller's scope: a shop filter narrows it, never widens it. */
export async function filterIn(
  ctx: AppContext,
  scope: ShopScope,
  q: SalesFilter,
  narrow: FilterScope = {},
): Promise<ResolvedFilter> {
  const def = defaultPeriod();
  let start = q.startDate ?? (q.endDate ? addDays(q.endDate, -29) : def.start);
  let end = q.endDate ?? (q.startDate ? addDays(q.startDate, 29) : def.end);
  if (end < start) [start, end] = [end, start];
  if (daysBetween(start, end) >= MAX_PERIOD_DAYS) throw badRequest(`a period is at most ${MAX_PERIOD_DAYS} days`);

  const { shopIds } = narrowScope(scope, q.shopId?.length ? q.shopId : undefined);

  let lineIds: number[] | null = null;
  if (q.productLineId) {
    const r = await execRows<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM product_lines WHERE id = ${q.productLineId} OR parent_id = ${q.productLineId}`,
    );
    lineIds = r.map((x) => x.id);
  }
  const external = !scope.internal;
  if (q.directorId) {
    // An external account knows no director: the filter matches none of its sales.
    const r = external
      ? []
      : await execRows<{ id: number }>(
          ctx.db,
          sql`SELECT tl.product_line_id AS id FROM sales_team_lines tl JOIN sales_teams t ON t.id = tl.team_id
               WHERE t.director_user_id = ${q.directorId}`,
        );
    const owned = r.map((x) => x.id);
    lineIds = lineIds ? lineIds.filter((id) => owned.includes(id)) : owned;
  }

  let listingIds: number[] | null = null;
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = likeContains(keyword);
    const r = await execRows<{ id: number }>(
      ctx.db,
      sql`SELECT li.id FROM listings li JOIN skus sk ON sk.id = li.sku_id
           WHERE li.shop_id IN ${intSet(shopIds)}
             AND (sk.sku ILIKE ${like} OR li.asin ILIKE ${like} OR li.title ILIKE ${like})`,
    );
    listingIds = r.map((x) => x.id);
  }
  if (narrow.productId !== undefined) {
    const r = await execRows<{ id: number }>(
      ctx.db,
      sql`SELECT li.id FROM listings li JOIN skus sk ON sk.id = li.sku_id
           WHERE sk.product_id = ${narrow.productId} AND li.shop_id IN ${intSet(shopIds)}`,
    );
    const own = r.map((x) => x.id);
    listingIds = listingIds ? listingIds.filter((id) => own.includes(id)) : own;
  }
  return {
    start,
    end,
    shopIds,
    marketIds: q.marketId?.length ? q.marketId : null,
    lineIds,
    positionId: q.productPositionId ?? null,
    listingIds,
    ...(external ? { external } : {}),
  };
}

export async function totals(ctx: AppContext, f: ResolvedFilter) {
  if (isEmptyFilter(f)) return toMeasures({} as MeasureRow);
  const [row] = await execRows<MeasureRow>(ctx.db, totalsStatement(f));
  return toMeasures(row ?? ({} as MeasureRow));
}

// ---- the four breakdowns ------------------------------------------------------------------

interface Breakdown {
  keys: readonly string[];
  /** Grouped rows with the key columns; `agg` holds the sums, `src` the day or listing rows. */
  rows: (f: ResolvedFilter) => SQL;
  /**
   * For a long list (one row per listing): the sums alone, and the key columns added to
   * rows of them. A page sorted by a measure is cut from the sums before any name is joined.
   */
  late?: { cents: (f: ResolvedFilter) => SQL; named: (sums: SQL) => SQL };
  sortKeys: Record<string, SQL>;
  tieBreak: SQL;
  map: (r: Record<string, unknown>) => Record<string, unknown>;
}

/** Listing sums with the SKU, ASIN, shop, marketplace, title and product line of each listing. */
const namedListings = (sums: SQL) => sql`
  SELECT agg.*, sk.sku, li.asin, li.shop_id, sh.name AS shop_name, li.market_id, li.title,
         pl.id AS product_line_id, pl.name AS product_line_name
    FROM (${sums}) agg
    JOIN listings li ON li.id = agg.listing_id
    JOIN skus sk ON sk.id = li.sku_id
    JOIN shops sh ON sh.id = li.shop_id
    JOIN products pr ON pr.id = sk.product_id
    LEFT JOIN product_lines pl ON pl.id = pr.product_line_id`;

const BREAKDOWNS: Record<SalesDimension, Breakdown> = {
  sku: {
    keys: SKU_KEYS,
    rows: (f) => namedListings(listingSource(f)),
    late: { cents: listingCents, named: namedListings },
    sortKeys: { sku: sql`sku`, asin: sql`asin`, shopName: sql`shop_name`, marketId: sql`market_id`, title: sql`title` },
    tieBreak: sql`listing_id`,
    map: (r) => ({
      listingId: r.listing_id,
      sku: r.sku,
      asin: r.asin,
      shopId: r.shop_id,
      shopName: r.shop_name,
      marketId: r.market_id,
      title: r.title,
      productLineId: r.product_line_id ?? null,
      productLineName: r.product_line_name ?? null,
    }),
  },
  shop: {
    keys: SHOP_KEYS,
    rows: (f) => sql`
      SELECT agg.*, sh.name AS shop_name, sh.market_id
        FROM (SELECT shop_id, ${SUM_SELECT} FROM (${daySource(f)}) src GROUP BY shop_id) agg
        JOIN shops sh ON sh.id = agg.shop_id`,
    sortKeys: { shopName: sql`shop_name`, marketId: sql`market_id` },
    tieBreak: sql`shop_id`,
    map: (r) => ({ shopId: r.shop_id, shopName: r.shop_name, marketId: r.market_id }),
  },
  product_line: {
    keys: LINE_KEYS,
    rows: (f) => sql`
      SELECT agg.*, pl.name AS product_line_name, pl.name_en AS product_line_name_en, p.name AS parent_name
        FROM (SELECT product_line_id, ${SUM_SELECT} FROM (${daySource(f, { lines: true })}) src GROUP BY product_line_id) agg
        JOIN product_lines pl ON pl.id = agg.product_line_id
        LEFT JOIN product_lines p ON p.id = pl.parent_id`,
    sortKeys: { productLineName: sql`product_line_name` },
    tieBreak: sql`product_line_id`,
    map: (r) => ({
      productLineId: r.product_line_id,
      productLineName: r.product_line_name,
      productLineNameEn: r.product_line_name_en,
      parentName: r.parent_name ?? null,
    }),
  },
  sale_director: {
    keys: DIRECTOR_KEYS,
    rows: (f) => sql`
      SELECT agg.*, u.user_name AS director_name
        FROM (SELECT coalesce(t.director_user_id, 0) AS director_id, ${SUM_SELECT},
                     coalesce(array_agg(DISTINCT t.name) FILTER (WHERE t.name IS NOT NULL), '{}') AS team_names
                FROM (SELECT product_line_id, ${SUM_CENTS_SELECT} FROM (${daySource(f, { lines: true })}) d GROUP BY product_line_id) src
                LEFT JOIN sales_team_lines tl ON tl.product_line_id = src.product_line_id
                LEFT JOIN sales_teams t ON t.id = tl.team_id
               GROUP BY coalesce(t.director_user_id, 0)) agg
        LEFT JOIN users u ON u.id = agg.director_id`,
    sortKeys: { directorName: sql`director_name` },
    tieBreak: sql`director_id`,
    map: (r) => ({ directorId: r.director_id, directorName: r.director_name ?? null, teamNames: r.team_names ?? [] }),
  },
};

/**
 * The director breakdown of an external account: its sales as one row, directorId 0 and
 * "—", with no teams (who directs which product line is internal). Read from the shop
 * rollup, so it equals the totals; no row without sales, like every breakdown.
 */
const NEUTRAL_DIRECTOR: Breakdown = {
  ...BREAKDOWNS.sale_director,
  rows: (f) => sql`
    SELECT 0 AS director_id, ${UNNAMED_USER}::text AS director_name, '{}'::text[] AS team_names, ${SUM_SELECT}
      FROM (${daySource(f)}) src HAVING count(*) > 0`,
};

/** The breakdown a filter reads: the neutral director row for an external account. */
const breakdownOf = (dimension: SalesDimension, f: ResolvedFilter): Breakdown =>
  dimension === 'sale_director' && f.external ? NEUTRAL_DIRECTOR : BREAKDOWNS[dimension];

export interface ListQuery extends SalesFilter {
  sortField: string;
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

function checkSortField(dimension: SalesDimension, sortField: string) {
  const b = BREAKDOWNS[dimension];
  const allowed: string[] = [...MEASURES, ...b.keys];
  if (!allowed.includes(sortField)) {
    throw codedFieldError('sortField', 'invalidOption', { values: allowed.join(', ') });
  }
}

interface RowsOf {
  sku: SkuRow;
  shop: ShopRow;
  product_line: ProductLineRow;
  sale_director: DirectorRow;
}

/** The totals statement of a filter (`totals`). */
export const totalsStatement = (f: ResolvedFilter): SQL => sql`SELECT ${SUM_SELECT} FROM (${daySource(f)}) src`;

/**
 * The page statement of a breakdown list (`list` runs it beside `totalsStatement`; the
 * benchmark runs the same statements through the driver alone). `listingGrained`: run
 * without parallel workers (`serialRows`).
 */
export function listStatements(
  dimension: SalesDimension,
  f: ResolvedFilter,
  q: Pick<ListQuery, 'sortField' | 'sortOrder' | 'pageNum' | 'pageSize'>,
): { page: SQL; listingGrained: boolean } {
  const b = breakdownOf(dimension, f);
  const order = orderBy(q.sortField, q.sortOrder, b.sortKeys, b.tieBreak);
  const window = limitOffset(q);
  // Sorted by a measure, a long list is sorted and cut in cents (integers; only the
  // named columns are computed), and money and names are added to the page alone.
  const page =
    b.late && (MEASURES as readonly string[]).includes(q.sortField)
      ? sql`SELECT x.* FROM (${b.late.named(
          centsAsMoney(sql`
            SELECT ${listingCentsColumns('s')}, count(*) OVER () AS total_rows FROM (${b.late.cents(f)}) s
             ORDER BY ${orderByCents(q.sortField, q.sortOrder, sql`s.listing_id`)} ${window}`),
        )}) x ORDER BY ${order}`
      : sql`SELECT x.*, count(*) OVER () AS total_rows FROM (${b.rows(f)}) x ORDER BY ${order} ${window}`;
  return { page, listingGrained: Boolean(b.late) };
}

export async function list<D extends SalesDimension>(ctx: AppContext, scope: ShopScope, dimension: D, q: ListQuery) {
  checkSortField(dimension, q.sortField);
  const f = await filterIn(ctx, scope, q);
  const period = { startDate: f.start, endDate: f.end, currency: REPORTING_CURRENCY };
  if (isEmptyFilter(f)) {
    const none: RowsOf[D][] = [];
    return { list: none, total: 0, pageNum: q.pageNum, pageSize: q.pageSize, sum: toMeasures({} as MeasureRow), ...period };
  }
  const b = breakdownOf(dimension, f);
  const st = listStatements(dimension, f, q);
  const run = st.listingGrained ? serialRows : execRows;
  const [page, sum] = await Promise.all([run<MeasureRow>(ctx.db, st.page), totals(ctx, f)]);
  let total = Number(page[0]?.total_rows ?? 0);
  if (page.length === 0 && q.pageNum > 1) {
    const [c] = await execRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM (${b.rows(f)}) x`);
    total = Number(c?.n ?? 0);
  }
  return {
    // Shaped by the breakdown; the reply schema checks every field.
    list: page.map((r) => ({ ...b.map(r), ...toMeasures(r) }) as unknown as RowsOf[D]),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    sum,
    ...period,
  };
}

// ---- exports --------------------------------------------------------------------------------

type Out = Record<string, unknown>;
const MONEY = '#,##0.00';
function measureColumns(lang: Lang): XlsxColumn<Out>[] {
  const m = (zh: string, en: string, key: string, numFmt = MONEY): XlsxColumn<Out> => ({
    header: t(lang, zh, en),
    numFmt,
    value: (r) => (r[key] === null || r[key] === undefined ? null : Number(r[key])),
  });
  return [
    m('销量', 'Units', 'units', '#,##0'),
    m('订单数', 'Orders', 'orders', '#,##0'),
    m('销售额', 'Revenue', 'revenue'),
    m('退款', 'Refunds', 'refunds'),
    m('平台费用', 'Fees', 'fees'),
    m('广告花费', 'Ad spend', 'adSpend'),
    m('产品成本', 'COGS', 'cogs'),
    m('其他成本', 'Other costs', 'otherCosts'),
    m('利润', 'Profit', 'profit'),
    m('利润率', 'Margin', 'margin', '0.00%'),
  ];
}

function keyColumns(dimension: SalesDimension, lang: Lang): XlsxColumn<Out>[] {
  const c = (zh: string, en: string, key: string, width = 14, map?: (v: unknown) => string | number | null): XlsxColumn<Out> => ({
    header: t(lang, zh, en),
    width,
    value: (r) => (map ? map(r[key]) : ((r[key] as string | number | null) ?? null)),
  });
  switch (dimension) {
    case 'sku':
      return [
        c('SKU', 'SKU', 'sku', 18),
        c('ASIN', 'ASIN', 'asin', 13),
        c('店铺', 'Shop', 'shopName', 18),
        c('站点', 'Marketplace', 'marketId', 10, marketCode),
        c('标题', 'Title', 'title', 40),
        c('产品线', 'Product line', 'productLineName', 16),
      ];
    case 'shop':
      return [c('店铺', 'Shop', 'shopName', 20), c('站点', 'Marketplace', 'marketId', 10, marketCode)];
    case 'product_line':
      return [
        c('产品线', 'Product line', lang === 'zh' ? 'productLineName' : 'productLineNameEn', 20),
        c('上级', 'Parent', 'parentName', 16),
      ];
    case 'sale_director':
      return [
        c('销售总监', 'Sales director', 'directorName', 22, (v) => (v as string | null) ?? t(lang, '（无团队）', '(no team)')),
        c('团队', 'Teams', 'teamNames', 24, (v) => (Array.isArray(v) ? v.join(', ') : '')),
      ];
  }
}

const FILE_NAMES: Record<SalesDimension, [string, string]> = {
  sku: ['SKU销售利润', 'sales-profit-sku'],
  shop: ['店铺销售利润', 'sales-profit-shop'],
  product_line: ['产品线销售利润', 'sales-profit-product-line'],
  sale_director: ['销售总监销售利润', 'sales-profit-director'],
};

export async function exportExcel(
  ctx: AppContext,
  scope: ShopScope,
  dimension: SalesDimension,
  q: Omit<ListQuery, 'pageNum' | 'pageSize'>,
  acceptLanguage: string | undefined,
) {
  checkSortField(dimension, q.sortField);
  const f = await filterIn(ctx, scope, q);
  const lang = langOf(acceptLanguage);
  const b = breakdownOf(dimension, f);
  const columns = [...keyColumns(dimension, lang), ...measureColumns(lang)];
  const [zh, en] = FILE_NAMES[dimension];
  const query = isEmptyFilter(f)
    ? sql`SELECT 1 WHERE false`
    : sql`SELECT x.* FROM (${b.rows(f)}) x ORDER BY ${orderBy(q.sortField, q.sortOrder, b.sortKeys, b.tieBreak)}`;
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${t(lang, zh, en)}_${f.start}_${f.end}.xlsx`,
    sheetName: t(lang, zh, en),
    columns,
    query,
    map: (r) => ({ ...b.map(r), ...toMeasures(r as MeasureRow) }),
    totals: async () => {
      const label = t(lang, '合计', 'Total');
      return {
        ...(await totals(ctx, f)),
        sku: label,
        shopName: label,
        productLineName: label,
        productLineNameEn: label,
        directorName: label,
        teamNames: [],
      };
    },
  });
}

// ---- listings without costs -----------------------------------------------------------------

/**
 * The listings of the filter's shops (and keyword) that sold on a day of the period before
 * their SKU's first unit cost, or before its first fee schedule in the listing's
 * marketplace (or with none): the only ones a missing-cost check can flag (its first sale of
 * the period is such a day). Narrowing to them before summing sales keeps sku-exist-fee and
 * the listing filter's "missing cost" fast: over two years of the large demo data, half the
 * listings lack a cost or schedule on the first day but only 614 sold before it; each
 * listing is one probe of its day rollup's key.
 */
export async function listingsMissingCostsIn(ctx: AppContext, f: ResolvedFilter): Promise<number[]> {
  const rows = await execRows<{ id: number }>(
    ctx.db,
    sql`SELECT c.id FROM (
          SELECT li.id, cs.cost_from, fs.fee_from FROM listings li
            LEFT JOIN (SELECT sku_id, min(effective_from) AS cost_from FROM sku_costs GROUP BY sku_id) cs ON cs.sku_id = li.sku_id
            LEFT JOIN (SELECT sku_id, market_id, min(effective_from) AS fee_from FROM sku_fees GROUP BY sku_id, market_id) fs
                   ON fs.sku_id = li.sku_id AND fs.market_id = li.market_id
           WHERE li.shop_id IN ${intSet(f.shopIds)}
             ${f.listingIds ? sql`AND li.id IN ${intSet(f.listingIds)}` : sql``}
             AND (cs.cost_from IS NULL OR cs.cost_from > ${f.start}::date
                  OR fs.fee_from IS NULL OR fs.fee_from > ${f.start}::date)) c
         WHERE EXISTS (SELECT 1 FROM sales_listing_day d
                        WHERE d.listing_id = c.id AND d.day BETWEEN ${f.start}::date AND ${f.end}::date AND d.units > 0
                          AND d.day < greatest(coalesce(c.cost_from, 'infinity'::date), coalesce(c.fee_from, 'infinity'::date)))`,
  );
  return rows.map((r) => Number(r.id));
}

export async function missingCosts(ctx: AppContext, scope: ShopScope, q: SalesFilter & { pageNum: number; pageSize: number }) {
  const resolved = await filterIn(ctx, scope, q);
  const none = { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
  if (isEmptyFilter(resolved)) return none;
  const candidates = await listingsMissingCostsIn(ctx, resolved);
  if (candidates.length === 0) return none;
  const f: ResolvedFilter = { ...resolved, listingIds: candidates };
  const rows = await serialRows<Record<string, unknown>>(
    ctx.db,
    sql`
    WITH sold AS (
      SELECT s.listing_id, s.units, s.revenue, li.sku_id, li.market_id
        FROM (${listingSource(f)}) s JOIN listings li ON li.id = s.listing_id
       WHERE s.units > 0
    ), starts AS (
      SELECT sold.*, cs.cost_from, fs.fee_from
        FROM sold
        LEFT JOIN (SELECT sku_id, min(effective_from) AS cost_from FROM sku_costs GROUP BY sku_id) cs ON cs.sku_id = sold.sku_id
        LEFT JOIN (SELECT sku_id, market_id, min(effective_from) AS fee_from FROM sku_fees GROUP BY sku_id, market_id) fs
               ON fs.sku_id = sold.sku_id AND fs.market_id = sold.market_id
    ), candidates AS (
      SELECT st.*,
             (SELECT d.day FROM sales_listing_day d
               WHERE d.listing_id = st.listing_id AND d.day BETWEEN ${f.start}::date AND ${f.end}::date AND d.units > 0
               ORDER BY d.day LIMIT 1) AS first_day
        FROM starts st
       WHERE st.cost_from IS NULL OR st.cost_from > ${f.start}::date OR st.fee_from IS NULL OR st.fee_from > ${f.start}::date
    ), flagged AS (
      -- A sale is uncosted on a day before the first cost (or fee schedule) of its SKU.
      SELECT c.*, (c.cost_from IS NULL OR c.first_day < c.cost_from) AS missing_unit_cost,
             (c.fee_from IS NULL OR c.first_day < c.fee_from) AS missing_fees
        FROM candidates c
    )
    SELECT fl.*, sk.sku, li.asin, li.shop_id, sh.name AS shop_name, count(*) OVER () AS total_rows
      FROM flagged fl JOIN listings li ON li.id = fl.listing_id JOIN skus sk ON sk.id = fl.sku_id JOIN shops sh ON sh.id = li.shop_id
     WHERE fl.missing_unit_cost OR fl.missing_fees
     ORDER BY fl.revenue DESC, fl.listing_id
     ${limitOffset(q)}`,
  );
  return {
    list: rows.map((r) => ({
      listingId: Number(r.listing_id),
      sku: String(r.sku),
      asin: String(r.asin),
      shopId: Number(r.shop_id),
      shopName: String(r.shop_name),
      marketId: Number(r.market_id),
      units: Number(r.units),
      revenue: Math.round(Number(r.revenue) * 100) / 100,
      missingUnitCost: Boolean(r.missing_unit_cost),
      missingFees: Boolean(r.missing_fees),
    })),
    total: Number(rows[0]?.total_rows ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

// ---- teams and quarters -------------------------------------------------------------------

/** The sales teams, their directors and lines: the company's organisation, none for an external account. */
export async function teams(ctx: AppContext, actor: RequestActor) {
  if (!isInternal(actor)) return [];
  const rows = await execRows<{
    id: number;
    name: string;
    director_id: number | null;
    director_name: string | null;
    lines: number[];
  }>(
    ctx.db,
    sql`SELECT t.id, t.name, t.director_user_id AS director_id, u.user_name AS director_name,
               coalesce(array_agg(tl.product_line_id ORDER BY tl.product_line_id) FILTER (WHERE tl.product_line_id IS NOT NULL), '{}') AS lines
          FROM sales_teams t LEFT JOIN users u ON u.id = t.director_user_id
          LEFT JOIN sales_team_lines tl ON tl.team_id = t.id
         GROUP BY t.id, u.user_name ORDER BY t.name`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    directorId: r.director_id,
    directorName: r.director_name,
    productLineIds: r.lines.map(Number),
  }));
}

export async function quarters(ctx: AppContext, scope: ShopScope) {
  if (scope.shopIds.length === 0) return [];
  const rows = await execRows<{ q: string }>(
    ctx.db,
    sql`SELECT to_char(date_trunc('quarter', day), 'YYYY-MM-DD') AS q FROM sales_segment_day
         WHERE ${shopIn(sql`shop_id`, scope)} GROUP BY 1 ORDER BY 1 DESC`,
  );
  return rows.map(({ q }) => {
    const start = new Date(`${q}T00:00:00Z`);
    const next = new Date(start);
    next.setUTCMonth(next.getUTCMonth() + 3);
    return {
      quarter: `${start.getUTCFullYear()}-Q${Math.floor(start.getUTCMonth() / 3) + 1}`,
      startDate: q,
      endDate: iso(next.getTime() - DAY),
    };
  });
}

// ---- cost inductions --------------------------------------------------------------------------

const INDUCTION_SELECT = sql`
  SELECT ci.id, ci.shop_id, sh.name AS shop_name, li.market_id, li.asin, sk.sku, to_char(ci.cost_date, 'YYYY-MM-DD') AS cost_date,
         ci.category, ci.amount, ci.currency,
         round(ci.amount * ${rateAsOf(sql`ci.currency`, sql`ci.cost_date`)}, 2) AS amount_reporting,
         ci.note, coalesce(u.user_name, '') AS created_by, u.account_id AS created_by_account, ci.created_at
    FROM cost_inductions ci
    JOIN listings li ON li.id = ci.listing_id
    JOIN skus sk ON sk.id = li.sku_id
    JOIN shops sh ON sh.id = ci.shop_id
    LEFT JOIN users u ON u.id = ci.created_by`;

const toInduction = (r: Record<string, unknown>, actor: RequestActor): CostInduction => ({
  id: Number(r.id),
  shopId: Number(r.shop_id),
  shopName: String(r.shop_name),
  marketId: Number(r.market_id),
  asin: String(r.asin),
  sku: String(r.sku),
  costDate: String(r.cost_date),
  category: r.category as CostInduction['category'],
  amount: Number(r.amount),
  currency: String(r.currency),
  amountReporting: Number(r.amount_reporting ?? 0),
  note: String(r.note),
  createdBy: nameFor(actor, { name: String(r.created_by), accountId: r.created_by_account as number | null }) ?? '',
  createdAt: new Date(r.created_at as string).toISOString(),
});

export async function listInductions(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: SalesFilter & { pageNum: number; pageSize: number },
) {
  const f = await filterIn(ctx, scope, q);
  if (isEmptyFilter(f)) return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
  const rows = await execRows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT x.*, count(*) OVER () AS total_rows FROM (${INDUCTION_SELECT}
         WHERE ci.cost_date BETWEEN ${f.start}::date AND ${f.end}::date AND ci.shop_id IN ${intSet(f.shopIds)}
         ${f.marketIds ? sql`AND li.market_id IN ${intSet(f.marketIds)}` : sql``}
         ${f.listingIds ? sql`AND li.id IN ${intSet(f.listingIds)}` : sql``}) x
         ORDER BY x.cost_date DESC, x.id DESC ${limitOffset(q)}`,
  );
  return {
    list: rows.map((r) => toInduction(r, actor)),
    total: Number(rows[0]?.total_rows ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function createInduction(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  body: { shopId: number; asin: string; costDate: string; category: string; amount: number; note: string },
) {
  if (!scopeHas(scope, body.shopId)) throw notFound('shop not found');
  const today = iso(Date.now());
  if (body.costDate > today) throw codedFieldError('costDate', 'sales.futureDate');
  return ctx.db.transaction(async (tx) => {
    const [listing] = await execRows<{ id: number; currency: string }>(
      tx,
      sql`SELECT id, currency FROM listings WHERE shop_id = ${body.shopId} AND asin = ${body.asin} ORDER BY id LIMIT 1`,
    );
    if (!listing) throw codedFieldError('asin', 'sales.asinNotInShop');
    const [rate] = await execRows<{ rate: string | null }>(
      tx,
      sql`SELECT ${rateAsOf(sql`${listing.currency}`, sql`${body.costDate}::date`)} AS rate`,
    );
    if (!rate?.rate) {
      throw badRequest(`no exchange rate for ${listing.currency} on or before ${body.costDate}`);
    }
    await lockShopFacts(tx, body.shopId);
    const amount = body.amount.toFixed(2);
    const [ins] = await execRows<{ id: number }>(
      tx,
      sql`INSERT INTO cost_inductions (listing_id, shop_id, cost_date, category, amount, currency, note, created_by)
          VALUES (${listing.id}, ${body.shopId}, ${body.costDate}, ${body.category}, ${amount}, ${listing.currency}, ${body.note}, ${actor.userId})
          RETURNING id`,
    );
    await addOtherCost(tx, listing.id, body.costDate, amount);
    await refreshRollups(tx, body.shopId, [body.costDate]);
    const [row] = await execRows<Record<string, unknown>>(tx, sql`${INDUCTION_SELECT} WHERE ci.id = ${ins?.id}`);
    const created = toInduction(row as Record<string, unknown>, actor);
    await audit(tx, actor, { action: 'create', entity: 'cost_induction', entityId: created.id, after: created });
    return created;
  });
}

export async function verifyAsins(ctx: AppContext, scope: ShopScope, body: { asins: string[]; shopId?: number }) {
  const shops = narrowScope(scope, body.shopId || undefined);
  const asins = [...new Set(body.asins.map((a) => a.trim().toUpperCase()).filter((a) => a !== ''))];
  const valid = asins.filter((a) => /^[A-Z0-9]{10}$/.test(a));
  const rows =
    valid.length && shops.shopIds.length
      ? await execRows<{ listing_id: number; asin: string; shop_id: number; shop_name: string; market_id: number; sku: string }>(
          ctx.db,
          sql`SELECT li.id AS listing_id, li.asin, li.shop_id, sh.name AS shop_name, li.market_id, sk.sku
                FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN shops sh ON sh.id = li.shop_id
               WHERE ${shopIn(sql`li.shop_id`, shops)}
                 AND li.asin IN (SELECT jsonb_array_elements_text(${JSON.stringify(valid)}::jsonb))
               ORDER BY li.market_id, li.id`,
        )
      : [];
  return asins.map((asin) => ({
    asin,
    valid: valid.includes(asin),
    listings: rows
      .filter((r) => r.asin === asin)
      .map((r) => ({ listingId: r.listing_id, shopId: r.shop_id, shopName: r.shop_name, marketId: r.market_id, sku: r.sku })),
  }));
}

// ---- the ts report: daily rows per listing ----------------------------------------------------

export async function exportTsReport(ctx: AppContext, scope: ShopScope, q: SalesFilter, acceptLanguage?: string) {
  const f = await filterIn(ctx, scope, q);
  const lang = langOf(acceptLanguage);
  const query = isEmptyFilter(f)
    ? sql`SELECT 1 WHERE false`
    : sql`SELECT to_char(f.day, 'YYYY-MM-DD') AS day, sh.name AS shop_name, f.market_id, sk.sku, li.asin, li.title, f.currency,
                 f.units, f.orders, f.revenue, f.refunds, f.marketplace_fees + f.fulfilment_fees AS fees, f.ad_spend, f.cogs,
                 f.other_costs, f.rate, f.settlement, f.source
            FROM sales_facts f JOIN listings li ON li.id = f.listing_id JOIN skus sk ON sk.id = f.sku_id JOIN shops sh ON sh.id = f.shop_id
           WHERE ${factsWhere(f)}
           ORDER BY f.day, f.shop_id, f.listing_id`;
  const n = (k: string) => (r: Out) => Number(r[k]);
  const profitNative = (r: Out) =>
    Math.round(
      (Number(r.revenue) - Number(r.refunds) - Number(r.fees) - Number(r.ad_spend) - Number(r.cogs) - Number(r.other_costs)) *
        100,
    ) / 100;
  const settlementName = (v: unknown) =>
    [t(lang, '初步', 'preliminary'), t(lang, '暂定', 'provisional'), t(lang, '最终', 'final')][Number(v)] ?? String(v);
  const columns: XlsxColumn<Out>[] = [
    { header: t(lang, '日期', 'Date'), width: 12, value: (r) => String(r.day) },
    { header: t(lang, '店铺', 'Shop'), width: 18, value: (r) => String(r.shop_name) },
    { header: t(lang, '站点', 'Marketplace'), width: 10, value: (r) => marketCode(r.market_id) },
    { header: 'SKU', width: 18, value: (r) => String(r.sku) },
    { header: 'ASIN', width: 13, value: (r) => String(r.asin) },
    { header: t(lang, '标题', 'Title'), width: 40, value: (r) => String(r.title) },
    { header: t(lang, '币种', 'Currency'), width: 8, value: (r) => String(r.currency) },
    { header: t(lang, '销量', 'Units'), numFmt: '#,##0', value: n('units') },
    { header: t(lang, '订单数', 'Orders'), numFmt: '#,##0', value: n('orders') },
    { header: t(lang, '销售额', 'Revenue'), numFmt: MONEY, value: n('revenue') },
    { header: t(lang, '退款', 'Refunds'), numFmt: MONEY, value: n('refunds') },
    { header: t(lang, '平台费用', 'Fees'), numFmt: MONEY, value: n('fees') },
    { header: t(lang, '广告花费', 'Ad spend'), numFmt: MONEY, value: n('ad_spend') },
    { header: t(lang, '产品成本', 'COGS'), numFmt: MONEY, value: n('cogs') },
    { header: t(lang, '其他成本', 'Other costs'), numFmt: MONEY, value: n('other_costs') },
    { header: t(lang, '利润', 'Profit'), numFmt: MONEY, value: profitNative },
    { header: t(lang, `汇率 (→${REPORTING_CURRENCY})`, `Rate (→${REPORTING_CURRENCY})`), numFmt: '0.000000', value: n('rate') },
    {
      header: t(lang, `利润 (${REPORTING_CURRENCY})`, `Profit (${REPORTING_CURRENCY})`),
      numFmt: MONEY,
      value: (r) => Math.round(profitNative(r) * Number(r.rate) * 100) / 100,
    },
    { header: t(lang, '结算状态', 'Settlement'), width: 12, value: (r) => settlementName(r.settlement) },
    { header: t(lang, '来源', 'Source'), width: 16, value: (r) => String(r.source) },
  ];
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${t(lang, 'TS报表', 'ts-report')}_${f.start}_${f.end}.xlsx`,
    sheetName: t(lang, '每日销售', 'Daily sales'),
    columns,
    query,
    map: (r) => r,
  });
}
