/**
 * The sales-data screens: a measure per period (series), a pivot of every measure over
 * one or two dimensions (groups), and a period against a comparison period (analysis).
 * Rules:
 * - Filters, defaults and isolation are those of /salesProfit (`resolveFilter`): a shop
 *   outside the caller's visible shops is simply absent.
 * - Every figure is summed in integer cents from the rollups and turned into money once,
 *   by the formula of `toMeasures`; every breakdown adds up to the /salesProfit totals.
 * - A time series has at most MAX_PERIOD_COLUMNS columns per granularity (400 beyond).
 * - Grouped by director, an external account's sales are one neutral group "—" (key and
 *   name): who directs which product line is the company's organisation.
 */
import { MARKETS, marketCode } from '@bo/contract';
import {
  type AnalysisQuery,
  type AnalysisRow,
  type ChangeStatus,
  columnLabel,
  type Granularity,
  type GroupChild,
  type GroupDimension,
  type GroupQuery,
  type GroupRow,
  MAX_PERIOD_COLUMNS,
  type SeriesPeriod,
  type SeriesQuery,
  type SeriesRow,
} from '@bo/contract/sales/sales-data';
import { type Measure, MONEY_MEASURES, REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { type SQL, sql } from 'drizzle-orm';
import { poolOf } from '../../../db/client';
import { intSet, serialRows } from '../../../db/sql';
import type { RequestActor } from '../../../platform/auth/actor';
import { UNNAMED_USER } from '../../../platform/auth/user-visibility';
import type { AppContext } from '../../../platform/context';
import { codedFieldError } from '../../../platform/errors';
import { type ExportLang as Lang, exportLang as langOf, named, tr as t } from '../../../platform/export/lang';
import { streamXlsx, type XlsxColumn } from '../../../platform/export/xlsx-stream';
import { ROLLUP_CENTS } from '../facts/facts.service';
import { resolveFilter } from '../profit/sales-profit.service';
import { addDays, execRows, isEmptyFilter, listingCents, margin, type ResolvedFilter, sumInt } from '../profit/sales-query';
import {
  addCents,
  type Cents,
  centsOf,
  countColumns,
  hasFigures,
  keyedListingCents,
  listingBuckets,
  measureOf,
  measureSql,
  measuresOf,
  periodColumns,
  profitCents,
  SUM_CENTS,
  sumsBy,
  zeroCents,
} from './sales-data.query';

type Raw = Record<string, unknown>;
const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);

// ---- labels -----------------------------------------------------------------------------------

type LabelDimension = GroupDimension | 'listing';

export interface Label {
  key: string;
  name: string;
  nameEn: string;
  sku: string | null;
  asin: string | null;
  title: string | null;
  shopName: string | null;
  marketId: number | null;
}

const LIFECYCLES: Record<string, [string, string]> = {
  '0': ['新品', 'New'],
  '1': ['在售', 'Selling'],
  '2': ['停售', 'End of life'],
};

const plain = (key: string, name: string, nameEn = name, extra: Partial<Label> = {}): Label => ({
  key,
  name,
  nameEn,
  sku: null,
  asin: null,
  title: null,
  shopName: null,
  marketId: null,
  ...extra,
});

/** What each key of a dimension is called. Unknown keys keep their key as their name. */
async function labelsOf(ctx: AppContext, dim: LabelDimension, keys: readonly string[]): Promise<Map<string, Label>> {
  const out = new Map<string, Label>();
  const ids = keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const rows = async (query: SQL) => (ids.length === 0 ? [] : execRows<Raw>(ctx.db, query));
  switch (dim) {
    case 'listing':
      for (const r of await rows(sql`
        SELECT li.id, sk.sku, li.asin, li.title, sh.name AS shop_name, li.market_id
          FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN shops sh ON sh.id = li.shop_id WHERE li.id IN ${intSet(ids)}`)) {
        const k = String(r.id);
        out.set(
          k,
          plain(k, String(r.sku), String(r.sku), {
            sku: String(r.sku),
            asin: String(r.asin),
            title: String(r.title),
            shopName: String(r.shop_name),
            marketId: Number(r.market_id),
          }),
        );
      }
      break;
    case 'shop':
      for (const r of await rows(sql`SELECT id, name, market_id FROM shops WHERE id IN ${intSet(ids)}`)) {
        const k = String(r.id);
        out.set(k, plain(k, String(r.name), String(r.name), { shopName: String(r.name), marketId: Number(r.market_id) }));
      }
      break;
    case 'product_line':
      for (const r of await rows(sql`SELECT id, name, name_en FROM product_lines WHERE id IN ${intSet(ids)}`)) {
        out.set(String(r.id), plain(String(r.id), String(r.name), String(r.name_en)));
      }
      break;
    case 'position':
      for (const r of await rows(sql`SELECT id, name, name_en FROM product_positions WHERE id IN ${intSet(ids)}`)) {
        const zh = String(r.name);
        const en = String(r.name_en);
        out.set(String(r.id), plain(String(r.id), named('zh', zh, en), named('en', zh, en)));
      }
      if (keys.includes('0')) out.set('0', plain('0', '（无定位）', '(no position)'));
      break;
    case 'director':
      for (const r of await rows(sql`SELECT id, user_name FROM users WHERE id IN ${intSet(ids)}`)) {
        out.set(String(r.id), plain(String(r.id), String(r.user_name)));
      }
      if (keys.includes('0')) out.set('0', plain('0', '（无团队）', '(no team)'));
      break;
    case 'market':
      for (const k of keys) {
        const m = MARKETS.find((x) => String(x.id) === k);
        if (m) out.set(k, plain(k, `${m.code} ${m.zh}`, `${m.code} ${m.en}`, { marketId: m.id }));
      }
      break;
    case 'category': {
      const named = keys.length
        ? await execRows<Raw>(
            ctx.db,
            sql`SELECT code, name, name_en FROM product_lines WHERE code IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
          )
        : [];
      for (const k of keys) {
        const r = named.find((x) => x.code === k);
        out.set(k, r ? plain(k, `${k} ${String(r.name)}`, `${k} ${String(r.name_en)}`) : plain(k, k));
      }
      break;
    }
    case 'lifecycle':
      for (const k of keys) {
        const [zh, en] = LIFECYCLES[k] ?? [k, k];
        out.set(k, plain(k, zh, en));
      }
      break;
  }
  for (const k of keys) if (!out.has(k)) out.set(k, plain(k, k));
  return out;
}

// ---- grouping keys over rollup rows (aliased src) ---------------------------------------------

const KEY_SQL: Record<GroupDimension, SQL> = {
  market: sql`src.market_id`,
  shop: sql`src.shop_id`,
  product_line: sql`src.product_line_id`,
  position: sql`src.position_id`,
  director: sql`coalesce(tm.director_user_id, 0)`,
  category: sql`pr.category_code`,
  lifecycle: sql`pr.lifecycle`,
};
const NEEDS_PRODUCT = new Set<GroupDimension>(['category', 'lifecycle']);

/**
 * Cents per group of `dims` (k1, k2, …). Dimensions of the segment rollup read it (or
 * the keyword's listing rollups); category and lifecycle are attributes of the product,
 * so they read one row per listing and join its product.
 */
function groupedCents(f: ResolvedFilter, dims: readonly GroupDimension[]): SQL {
  const product = dims.some((d) => NEEDS_PRODUCT.has(d));
  // Directors are the company's organisation: an external account's sales are one neutral group "—".
  const keyOf = (d: GroupDimension) => (d === 'director' && f.external ? sql`${UNNAMED_USER}::text` : KEY_SQL[d]);
  const keys = dims.map((d, i) => sql`${keyOf(d)} AS ${sql.raw(`k${i + 1}`)}`);
  const joins: SQL[] = [];
  if (dims.includes('director') && !f.external) {
    joins.push(
      sql`LEFT JOIN sales_team_lines tl ON tl.product_line_id = src.product_line_id LEFT JOIN sales_teams tm ON tm.id = tl.team_id`,
    );
  }
  if (!product) return sumsBy(f, null, keys, sql.join(joins, sql` `));
  joins.push(
    sql`JOIN listings li ON li.id = src.listing_id JOIN skus sk ON sk.id = li.sku_id JOIN products pr ON pr.id = sk.product_id`,
  );
  return sql`
    SELECT ${sql.join(keys, sql`, `)}, ${SUM_CENTS}
      FROM (${keyedListingCents(f)}) src ${sql.join(joins, sql` `)}
     GROUP BY ${sql.raw(dims.map((_, i) => String(i + 1)).join(', '))}`;
}

/** Rows of JS values as a query, so exports of rows computed here stream like any other. */
const jsonRows = (rows: readonly unknown[]) =>
  sql`SELECT x.value AS row FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY x ORDER BY x.ordinality`;

const period = (f: ResolvedFilter) => ({ startDate: f.start, endDate: f.end, currency: REPORTING_CURRENCY });

// ---- number formats of the exports --------------------------------------------------------------

const MONEY_FMT = '#,##0.00';
const formatOf = (m: Measure) =>
  m === 'margin' ? '0.00%' : (MONEY_MEASURES as readonly string[]).includes(m) ? MONEY_FMT : '#,##0';
const MEASURE_NAMES: Record<Measure, [string, string]> = {
  units: ['销量', 'Units'],
  orders: ['订单数', 'Orders'],
  revenue: ['销售额', 'Revenue'],
  refunds: ['退款', 'Refunds'],
  fees: ['平台费用', 'Fees'],
  adSpend: ['广告花费', 'Ad spend'],
  cogs: ['产品成本', 'COGS'],
  otherCosts: ['其他成本', 'Other costs'],
  profit: ['利润', 'Profit'],
  margin: ['利润率', 'Margin'],
};
const measureName = (lang: Lang, m: Measure) => t(lang, ...MEASURE_NAMES[m]);
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The key columns of a row of a label dimension, for the exports. */
function labelColumns(dim: LabelDimension, lang: Lang): XlsxColumn<Raw>[] {
  const name = (r: Raw) => str(lang === 'zh' ? r.name : r.nameEn);
  switch (dim) {
    case 'listing':
      return [
        { header: 'SKU', width: 18, value: (r) => str(r.sku) },
        { header: 'ASIN', width: 13, value: (r) => str(r.asin) },
        { header: t(lang, '店铺', 'Shop'), width: 18, value: (r) => str(r.shopName) },
        { header: t(lang, '站点', 'Marketplace'), width: 10, value: (r) => marketCode(numOrNull(r.marketId)) },
        { header: t(lang, '标题', 'Title'), width: 40, value: (r) => str(r.title) },
      ];
    case 'shop':
      return [
        { header: t(lang, '店铺', 'Shop'), width: 20, value: name },
        { header: t(lang, '站点', 'Marketplace'), width: 10, value: (r) => marketCode(numOrNull(r.marketId)) },
      ];
    default:
      return [{ header: dimensionName(lang, dim), width: 22, value: name }];
  }
}

const DIMENSION_NAMES: Record<LabelDimension, [string, string]> = {
  listing: ['Listing', 'Listing'],
  market: ['站点', 'Marketplace'],
  shop: ['店铺', 'Shop'],
  product_line: ['产品线', 'Product line'],
  position: ['产品定位', 'Position'],
  director: ['销售总监', 'Sales director'],
  category: ['品类代码', 'Category code'],
  lifecycle: ['生命周期', 'Lifecycle'],
};
const dimensionName = (lang: Lang, d: LabelDimension) => t(lang, ...DIMENSION_NAMES[d]);

// ================================================================================================
// /salesData: one measure per period
// ================================================================================================

function checkSeries(f: ResolvedFilter, q: { granularity: Granularity; sortField: string }): SeriesPeriod[] {
  const n = countColumns(f.start, f.end, q.granularity);
  const max = MAX_PERIOD_COLUMNS[q.granularity];
  if (n > max) {
    throw codedFieldError('granularity', 'sales.tooManyColumns', {
      start: f.start,
      end: f.end,
      n,
      granularity: q.granularity,
      max,
    });
  }
  const columns = periodColumns(f.start, f.end, q.granularity);
  if (q.sortField !== 'total' && !columns.some((c) => c.key === q.sortField)) {
    throw codedFieldError('sortField', 'sales.sortPeriod');
  }
  return columns;
}

interface SeriesAcc {
  key: string;
  cells: Map<string, Cents>;
  total: Cents;
}

function addCell(acc: SeriesAcc, bucket: string, c: Cents) {
  const cell = acc.cells.get(bucket) ?? zeroCents();
  acc.cells.set(bucket, addCents(cell, c));
  addCents(acc.total, c);
}

const valuesOf = (acc: SeriesAcc, columns: SeriesPeriod[], m: Measure) =>
  columns.map((c) => measureOf(acc.cells.get(c.key) ?? zeroCents(), m));

/** Rows of (key k1, bucket, cents) into accumulators per key, in first-seen order. */
function accumulate(rows: Raw[]): Map<string, SeriesAcc> {
  const out = new Map<string, SeriesAcc>();
  for (const r of rows) {
    const key = String(r.k1);
    let acc = out.get(key);
    if (!acc) {
      acc = { key, cells: new Map(), total: zeroCents() };
      out.set(key, acc);
    }
    addCell(acc, String(r.bucket), centsOf(r));
  }
  return out;
}

const KEY_COLLATOR = new Intl.Collator('en', { numeric: true });
/** Names in Chinese order, numbers by value (one collator: localeCompare with options builds one per call). */
const NAME_COLLATOR = new Intl.Collator('zh-CN', { numeric: true });

/**
 * Keys in their natural order (ids as numbers), the tie-break of every sort here. Ties are
 * common (every listing without sales in either period), so it must be cheap: a locale
 * compare made 21,000 ties of the two-year comparison cost 90 ms.
 */
export function keyOrder(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return KEY_COLLATOR.compare(a, b);
}

/** Compares two values of a measure with nulls last whatever the direction, then by key. */
function compareValues(a: number | null, b: number | null, dir: 'asc' | 'desc'): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return dir === 'asc' ? a - b : b - a;
}

const SERIES_KEY: Record<'shop' | 'product_line' | 'market', GroupDimension> = {
  shop: 'shop',
  product_line: 'product_line',
  market: 'market',
};

/** Grouped rows with their column's first day as text (formatted per group, not per rollup row). */
const byBucket = (grouped: SQL) => sql`SELECT g.*, to_char(g.day, 'YYYY-MM-DD') AS bucket FROM (${grouped}) g`;

/** The sum row: every filtered row per column. */
async function seriesSum(ctx: AppContext, f: ResolvedFilter, q: SeriesQuery, columns: SeriesPeriod[]) {
  const rows = await execRows<Raw>(ctx.db, byBucket(sumsBy(f, q.granularity, [sql`0 AS k1`, sql`src.bucket AS day`])));
  const acc = accumulate(rows).get('0') ?? { key: '0', cells: new Map(), total: zeroCents() };
  return { values: valuesOf(acc, columns, q.measure), total: measureOf(acc.total, q.measure) };
}

type SeriesOut = Omit<SeriesRow, 'values' | 'total'> & { values: (number | null)[]; total: number | null };

const seriesRow = (label: Label, acc: SeriesAcc, columns: SeriesPeriod[], m: Measure): SeriesOut => ({
  ...label,
  values: valuesOf(acc, columns, m),
  total: measureOf(acc.total, m),
});

/** All rows of a short series (shops, product lines, marketplaces), sorted. */
async function groupSeriesRows(ctx: AppContext, f: ResolvedFilter, q: Omit<SeriesQuery, 'pageNum' | 'pageSize'>) {
  const dim = SERIES_KEY[q.rows as keyof typeof SERIES_KEY];
  const rows = await execRows<Raw>(
    ctx.db,
    byBucket(sumsBy(f, q.granularity, [sql`${KEY_SQL[dim]} AS k1`, sql`src.bucket AS day`])),
  );
  const accs = [...accumulate(rows).values()];
  const sortValue = (a: SeriesAcc) =>
    q.sortField === 'total' ? measureOf(a.total, q.measure) : measureOf(a.cells.get(q.sortField) ?? zeroCents(), q.measure);
  accs.sort((a, b) => compareValues(sortValue(a), sortValue(b), q.sortOrder) || keyOrder(a.key, b.key));
  return { dim, accs };
}

export async function series(ctx: AppContext, actor: RequestActor, q: SeriesQuery) {
  const f = await resolveFilter(ctx, actor, q);
  const columns = checkSeries(f, q);
  const empty = { values: columns.map(() => (q.measure === 'margin' ? null : 0)), total: q.measure === 'margin' ? null : 0 };
  const base = { pageNum: q.pageNum, pageSize: q.pageSize, periods: columns, ...period(f) };
  if (isEmptyFilter(f)) return { list: [], total: 0, sum: empty, ...base };
  const offset = (q.pageNum - 1) * q.pageSize;

  if (q.rows !== 'listing') {
    const [{ dim, accs }, sum] = await Promise.all([groupSeriesRows(ctx, f, q), seriesSum(ctx, f, q, columns)]);
    const page = accs.slice(offset, offset + q.pageSize);
    const labels = await labelsOf(
      ctx,
      dim,
      page.map((a) => a.key),
    );
    return {
      list: page.map((a) => seriesRow(labels.get(a.key) as Label, a, columns, q.measure)),
      total: accs.length,
      sum,
      ...base,
    };
  }

  // Listings: the page is cut from one sum per listing (the total, or the sorted column's),
  // then only the page's listings are read per column.
  const dir = q.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  const column = columns.find((c) => c.key === q.sortField);
  const pageQuery = column
    ? sql`SELECT a.listing_id, count(*) OVER () AS total_rows
            FROM (${listingCents(f)}) a
            LEFT JOIN (${listingCents({ ...f, start: column.startDate, end: column.endDate })}) b ON b.listing_id = a.listing_id
           ORDER BY ${measureSql(q.measure, 'b')} ${dir} NULLS LAST, a.listing_id
           LIMIT ${q.pageSize} OFFSET ${offset}`
    : sql`SELECT a.listing_id, count(*) OVER () AS total_rows FROM (${listingCents(f)}) a
           ORDER BY ${measureSql(q.measure, 'a')} ${dir} NULLS LAST, a.listing_id
           LIMIT ${q.pageSize} OFFSET ${offset}`;
  const [page, sum] = await Promise.all([serialRows<Raw>(ctx.db, pageQuery), seriesSum(ctx, f, q, columns)]);
  let total = Number(page[0]?.total_rows ?? 0);
  if (page.length === 0 && q.pageNum > 1) {
    const [c] = await serialRows<Raw>(ctx.db, sql`SELECT count(*)::int AS n FROM (${listingCents(f)}) a`);
    total = Number(c?.n ?? 0);
  }
  const ids = page.map((r) => Number(r.listing_id));
  if (ids.length === 0) return { list: [], total, sum, ...base };
  const [cells, labels] = await Promise.all([
    execRows<Raw>(
      ctx.db,
      sql`SELECT src.listing_id AS k1, to_char(src.bucket, 'YYYY-MM-DD') AS bucket, ${SUM_CENTS}
            FROM (${listingBuckets({ ...f, listingIds: ids }, q.granularity)}) src GROUP BY 1, 2`,
    ),
    labelsOf(
      ctx,
      'listing',
      ids.map((id) => String(id)),
    ),
  ]);
  const accs = accumulate(cells);
  const list = ids.map((id) => {
    const key = String(id);
    const acc = accs.get(key) ?? { key, cells: new Map(), total: zeroCents() };
    return seriesRow(labels.get(key) as Label, acc, columns, q.measure);
  });
  return { list, total, sum, ...base };
}

const SERIES_FILES: Record<SeriesQuery['rows'], [string, string]> = {
  listing: ['销售数据-Listing', 'sales-data-listings'],
  shop: ['销售数据-店铺', 'sales-data-shops'],
  product_line: ['销售数据-产品线', 'sales-data-product-lines'],
  market: ['销售数据-站点', 'sales-data-marketplaces'],
};

export async function exportSeries(
  ctx: AppContext,
  actor: RequestActor,
  q: Omit<SeriesQuery, 'pageNum' | 'pageSize'>,
  acceptLanguage: string | undefined,
) {
  const f = await resolveFilter(ctx, actor, q);
  const columns = checkSeries(f, q);
  const lang = langOf(acceptLanguage);
  const dim: LabelDimension = q.rows === 'listing' ? 'listing' : SERIES_KEY[q.rows];
  const fmt = formatOf(q.measure);
  const xlsxColumns: XlsxColumn<Raw>[] = [
    ...labelColumns(dim, lang),
    ...columns.map((c, i) => ({
      header: columnLabel(c.key, q.granularity),
      numFmt: fmt,
      value: (r: Raw) => numOrNull((r.values as unknown[] | undefined)?.[i]),
    })),
    { header: `${t(lang, '合计', 'Total')} (${measureName(lang, q.measure)})`, numFmt: fmt, value: (r) => numOrNull(r.total) },
  ];

  let query: SQL;
  let map: (raw: Raw) => Raw;
  if (isEmptyFilter(f)) {
    query = sql`SELECT 1 WHERE false`;
    map = (r) => r;
  } else if (q.rows === 'listing') {
    // Every listing with its cells as JSON (bucket → cents), sorted in SQL like the screen.
    const dir = q.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
    const sortCents = (c: string) =>
      q.sortField === 'total'
        ? sql.raw(sumInt(c))
        : sql`(sum(${sql.raw(c)}::float8) FILTER (WHERE bucket = ${q.sortField}::date))::bigint AS ${sql.raw(c)}`;
    query = sql`
      WITH cells AS (
        SELECT listing_id, bucket, ${SUM_CENTS} FROM (${listingBuckets(f, q.granularity)}) src GROUP BY listing_id, bucket
      ), per AS (
        SELECT listing_id,
               jsonb_object_agg(to_char(bucket, 'YYYY-MM-DD'),
                 jsonb_build_array(units, orders, revenue_cents, refunds_cents, fees_cents, ad_spend_cents, cogs_cents, other_costs_cents)) AS cells,
               ${sql.join(ROLLUP_CENTS.map(sortCents), sql`, `)}
          FROM cells GROUP BY listing_id
      )
      SELECT per.listing_id, per.cells, sk.sku, li.asin, li.title, sh.name AS shop_name, li.market_id
        FROM per JOIN listings li ON li.id = per.listing_id JOIN skus sk ON sk.id = li.sku_id JOIN shops sh ON sh.id = li.shop_id
       ORDER BY ${measureSql(q.measure, 'per')} ${dir} NULLS LAST, per.listing_id`;
    map = (r) => {
      const acc: SeriesAcc = { key: String(r.listing_id), cells: new Map(), total: zeroCents() };
      for (const [bucket, v] of Object.entries(r.cells as Record<string, number[]>)) {
        addCell(acc, bucket, centsOf(Object.fromEntries(ROLLUP_CENTS.map((c, i) => [c, v[i]]))));
      }
      return {
        sku: r.sku,
        asin: r.asin,
        title: r.title,
        shopName: r.shop_name,
        marketId: Number(r.market_id),
        values: valuesOf(acc, columns, q.measure),
        total: measureOf(acc.total, q.measure),
      };
    };
  } else {
    const { accs } = await groupSeriesRows(ctx, f, q);
    const labels = await labelsOf(
      ctx,
      dim,
      accs.map((a) => a.key),
    );
    query = jsonRows(accs.map((a) => seriesRow(labels.get(a.key) as Label, a, columns, q.measure)));
    map = (r) => r.row as Raw;
  }
  const [zh, en] = SERIES_FILES[q.rows];
  const label = t(lang, '合计', 'Total');
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${t(lang, zh, en)}_${measureName(lang, q.measure)}_${f.start}_${f.end}.xlsx`,
    sheetName: t(lang, '销售数据', 'Sales data'),
    columns: xlsxColumns,
    query,
    map,
    totals: async () => {
      const sum = isEmptyFilter(f)
        ? { values: [], total: null }
        : await seriesSum(ctx, f, { ...q, pageNum: 1, pageSize: 1 }, columns);
      return { ...sum, sku: label, name: label, nameEn: label };
    },
  });
}

// ================================================================================================
// /salesDataGroup: a pivot
// ================================================================================================

interface GroupAcc {
  key: string;
  cents: Cents;
  children: Map<string, Cents>;
}

function sortGroups<T extends { key: string; cents: Cents; name: string }>(rows: T[], q: GroupQuery): T[] {
  const dir = q.sortOrder;
  if (q.sortField === 'name') {
    return rows.sort((a, b) => (dir === 'asc' ? 1 : -1) * NAME_COLLATOR.compare(a.name, b.name));
  }
  const m = q.sortField as Measure;
  return rows.sort((a, b) => compareValues(measureOf(a.cents, m), measureOf(b.cents, m), dir) || keyOrder(a.key, b.key));
}

async function computeGroups(ctx: AppContext, f: ResolvedFilter, q: GroupQuery) {
  const dims = q.thenBy ? [q.groupBy, q.thenBy] : [q.groupBy];
  // Product attributes read one row per listing, like every listing-grained read: without parallel workers.
  const run = dims.some((d) => NEEDS_PRODUCT.has(d)) ? serialRows : execRows;
  const rows = isEmptyFilter(f) ? [] : await run<Raw>(ctx.db, groupedCents(f, dims));
  const groups = new Map<string, GroupAcc>();
  const sum = zeroCents();
  for (const r of rows) {
    const c = centsOf(r);
    const key = String(r.k1);
    let g = groups.get(key);
    if (!g) {
      g = { key, cents: zeroCents(), children: new Map() };
      groups.set(key, g);
    }
    addCents(g.cents, c);
    addCents(sum, c);
    if (q.thenBy) g.children.set(String(r.k2), addCents(g.children.get(String(r.k2)) ?? zeroCents(), c));
  }
  const [first, second] = await Promise.all([
    labelsOf(ctx, q.groupBy, [...groups.keys()]),
    q.thenBy
      ? labelsOf(ctx, q.thenBy, [...new Set([...groups.values()].flatMap((g) => [...g.children.keys()]))])
      : new Map<string, Label>(),
  ]);
  const profit = profitCents(sum);
  const child = (label: Label, c: Cents): GroupChild => ({
    key: label.key,
    name: label.name,
    nameEn: label.nameEn,
    ...measuresOf(c),
    revenueShare: ratio(c.revenue, sum.revenue),
    unitsShare: ratio(c.units, sum.units),
    profitShare: ratio(profitCents(c), profit),
  });
  const list: GroupRow[] = sortGroups(
    [...groups.values()].map((g) => ({ ...g, name: (first.get(g.key) as Label).name })),
    q,
  ).map((g) => ({
    ...child(first.get(g.key) as Label, g.cents),
    children: sortGroups(
      [...g.children.entries()].map(([key, cents]) => ({ key, cents, name: (second.get(key) as Label).name })),
      q,
    ).map((c) => child(second.get(c.key) as Label, c.cents)),
  }));
  return { list, total: list.length, sum: measuresOf(sum), ...period(f) };
}

export async function groups(ctx: AppContext, actor: RequestActor, q: GroupQuery) {
  return computeGroups(ctx, await resolveFilter(ctx, actor, q), q);
}

const MEASURE_KEYS = Object.keys(MEASURE_NAMES) as Measure[];
const measureColumns = (lang: Lang, pick: (r: Raw) => Raw = (r) => r, prefix = ''): XlsxColumn<Raw>[] =>
  MEASURE_KEYS.map((m) => ({
    header: `${prefix}${measureName(lang, m)}`,
    numFmt: formatOf(m),
    value: (r: Raw) => numOrNull(pick(r)[m]),
  }));

export async function exportGroups(ctx: AppContext, actor: RequestActor, q: GroupQuery, acceptLanguage: string | undefined) {
  const f = await resolveFilter(ctx, actor, q);
  const lang = langOf(acceptLanguage);
  const result = await computeGroups(ctx, f, q);
  const name = (r: Raw) => str(lang === 'zh' ? r.name : r.nameEn);
  const rows = result.list.flatMap((g) => [
    { ...g, children: undefined, first: name(g as unknown as Raw), second: null },
    ...g.children.map((c) => ({ ...c, first: name(g as unknown as Raw), second: name(c as unknown as Raw) })),
  ]);
  const columns: XlsxColumn<Raw>[] = [
    { header: dimensionName(lang, q.groupBy), width: 24, value: (r) => str(r.first) },
    ...(q.thenBy
      ? [
          {
            header: dimensionName(lang, q.thenBy),
            width: 24,
            value: (r: Raw) => (r.isTotal ? null : (str(r.second) ?? t(lang, '小计', 'Subtotal'))),
          },
        ]
      : []),
    ...measureColumns(lang),
    { header: t(lang, '销售额占比', 'Revenue share'), numFmt: '0.00%', value: (r) => numOrNull(r.revenueShare) },
    { header: t(lang, '销量占比', 'Units share'), numFmt: '0.00%', value: (r) => numOrNull(r.unitsShare) },
    { header: t(lang, '利润占比', 'Profit share'), numFmt: '0.00%', value: (r) => numOrNull(r.profitShare) },
  ];
  const levels = q.thenBy ? `${q.groupBy}-${q.thenBy}` : q.groupBy;
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${t(lang, '分组销售数据', 'sales-data-groups')}_${levels}_${f.start}_${f.end}.xlsx`,
    sheetName: t(lang, '分组销售数据', 'Sales data by group'),
    columns,
    query: jsonRows(rows),
    map: (r) => r.row as Raw,
    totals: async () => ({
      ...result.sum,
      first: t(lang, '合计', 'Total'),
      isTotal: true,
      revenueShare: result.sum.revenue === 0 ? null : 1,
      unitsShare: result.sum.units === 0 ? null : 1,
      profitShare: result.sum.profit === 0 ? null : 1,
    }),
  });
}

// ================================================================================================
// /salesDataAnalysis: a period against a comparison period
// ================================================================================================

/** The same day a year earlier (29 February → 28 February). */
export function yearEarlier(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export function comparePeriod(
  f: { start: string; end: string },
  q: Pick<AnalysisQuery, 'compare' | 'compareStart' | 'compareEnd'>,
) {
  if (q.compare === 'custom' && q.compareStart && q.compareEnd) return { start: q.compareStart, end: q.compareEnd };
  if (q.compare === 'yoy') return { start: yearEarlier(f.start), end: yearEarlier(f.end) };
  const days = Math.round((Date.parse(`${f.end}T00:00:00Z`) - Date.parse(`${f.start}T00:00:00Z`)) / 86_400_000) + 1;
  return { start: addDays(f.start, -days), end: addDays(f.start, -1) };
}

/** A measure as an integer (counts, cents) for exact differences; the margin stays a ratio. */
const exact = (c: Cents, m: Measure): number | null => {
  if (m === 'margin') return measureOf(c, m);
  if (m === 'units' || m === 'orders') return c[m];
  if (m === 'profit') return profitCents(c);
  return c[m];
};
const scale = (m: Measure) => (m === 'units' || m === 'orders' || m === 'margin' ? 1 : 100);

/** A key of the dimension in both periods: the measure's exact value in each, their difference and the status. */
interface Compared {
  key: string;
  cur: number | null;
  base: number | null;
  diff: number | null;
  status: ChangeStatus | 'flat';
}

/** Every figure of some keys in both periods (cents). */
type Figures = Map<string, { cur: Cents; base: Cents }>;

function statusOf(now: boolean, before: boolean, diff: number | null): Compared['status'] {
  if (now && !before) return 'new';
  if (before && !now) return 'lost';
  if (diff === null || diff === 0) return 'flat';
  return diff > 0 ? 'growing' : 'declining';
}

const NO_FIGURES = { v: null, fig: false };
const ANY_FIGURE = sql.raw(ROLLUP_CENTS.map((c) => `c.${c} <> 0`).join(' OR '));
/** The period's sums as one JSON object under the cent columns' names (read back by `centsOf`). */
const TOTALS_JSON = sql.raw(
  `json_build_object(${ROLLUP_CENTS.map((c) => `'${c}', sum(c.${c}::float8)::bigint`).join(', ')})::text`,
);

/**
 * The listings of a period for the comparison, lean: each listing's key, the measure's
 * exact terms (the margin as profit and revenue) and whether it has any figure, then one
 * row (k1 NULL) with the period's sums. Sending 20,000 listings' eight sums cost more
 * than summing them (the large data, 90 days: ~30 ms of parsing a period).
 */
function leanListings(f: ResolvedFilter, m: Measure): SQL {
  const v = m === 'margin' ? measureSql('profit', 'c') : measureSql(m, 'c');
  const v2 = m === 'margin' ? sql`c.revenue_cents::float8` : sql`NULL::float8`;
  return sql`
    WITH c AS MATERIALIZED (${listingCents(f)})
    SELECT c.listing_id AS k1, (${v})::float8 AS v, ${v2} AS v2, (${ANY_FIGURE}) AS fig, NULL::text AS tot FROM c
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, ${TOTALS_JSON} FROM c`;
}

/** Every figure of these listings in both periods, read by their keys. */
async function listingFigures(ctx: AppContext, f: ResolvedFilter, fb: ResolvedFilter, keys: readonly string[]): Promise<Figures> {
  const out: Figures = new Map(keys.map((k) => [k, { cur: zeroCents(), base: zeroCents() }]));
  const ids = keys.map(Number);
  if (ids.length === 0) return out;
  const read = (x: ResolvedFilter) =>
    isEmptyFilter(x) ? Promise.resolve([] as Raw[]) : execRows<Raw>(ctx.db, listingCents({ ...x, listingIds: ids }));
  const [cur, base] = await Promise.all([read(f), read(fb)]);
  for (const r of cur) addCents((out.get(String(r.listing_id)) as { cur: Cents }).cur, centsOf(r));
  for (const r of base) addCents((out.get(String(r.listing_id)) as { base: Cents }).base, centsOf(r));
  return out;
}

/**
 * Both periods by key. By listing (the long list) lean: the measure and the sums only, the
 * figures of the rows shown read afterwards by key (`listingFigures`); any other dimension,
 * or `keepFigures` (the export, every row), with every figure of every key.
 */
async function compared(
  ctx: AppContext,
  f: ResolvedFilter,
  fb: ResolvedFilter,
  q: Omit<AnalysisQuery, 'pageNum' | 'pageSize'>,
  keepFigures: boolean,
) {
  const m = q.measure;
  const diffOf = (a: number | null, b: number | null) =>
    a === null || b === null ? null : m === 'margin' ? Math.round((a - b) * 10_000) / 10_000 : a - b;
  if (q.dimension === 'listing' && !keepFigures) {
    const read = (x: ResolvedFilter) =>
      isEmptyFilter(x) ? Promise.resolve([] as Raw[]) : serialRows<Raw>(ctx.db, leanListings(x, m));
    const [curRows, baseRows] = await Promise.all([read(f), read(fb)]);
    const measured = (r: Raw) => (m === 'margin' ? margin(Number(r.v), Number(r.v2)) : Number(r.v));
    const rows = new Map<string, { cur: { v: number | null; fig: boolean }; base: { v: number | null; fig: boolean } }>();
    let curSum = zeroCents();
    let baseSum = zeroCents();
    for (const r of curRows) {
      if (r.k1 === null) curSum = centsOf(JSON.parse(String(r.tot)) as Raw);
      else rows.set(String(r.k1), { cur: { v: measured(r), fig: r.fig === true }, base: NO_FIGURES });
    }
    for (const r of baseRows) {
      if (r.k1 === null) {
        baseSum = centsOf(JSON.parse(String(r.tot)) as Raw);
        continue;
      }
      const k = String(r.k1);
      const here = rows.get(k);
      const base = { v: measured(r), fig: r.fig === true };
      if (here) here.base = base;
      else rows.set(k, { cur: NO_FIGURES, base });
    }
    const zero = m === 'margin' ? null : 0;
    const all: Compared[] = [];
    for (const [key, r] of rows) {
      const cur = r.cur === NO_FIGURES ? zero : r.cur.v;
      const base = r.base === NO_FIGURES ? zero : r.base.v;
      const diff = diffOf(cur, base);
      all.push({ key, cur, base, diff, status: statusOf(r.cur.fig, r.base.fig, diff) });
    }
    return { all, curSum, baseSum, totalDiff: diffOf(exact(curSum, m), exact(baseSum, m)), figures: null };
  }
  const read = (x: ResolvedFilter) => {
    if (isEmptyFilter(x)) return Promise.resolve([] as Raw[]);
    if (q.dimension === 'listing') {
      return serialRows<Raw>(ctx.db, sql`SELECT c.listing_id AS k1, c.* FROM (${listingCents(x)}) c`);
    }
    return execRows<Raw>(ctx.db, groupedCents(x, [q.dimension]));
  };
  const [curRows, baseRows] = await Promise.all([read(f), read(fb)]);
  const figures: Figures = new Map();
  const at = (k: string) => {
    let r = figures.get(k);
    if (!r) {
      r = { cur: zeroCents(), base: zeroCents() };
      figures.set(k, r);
    }
    return r;
  };
  const curSum = zeroCents();
  const baseSum = zeroCents();
  for (const r of curRows) addCents(curSum, addCents(at(String(r.k1)).cur, centsOf(r)));
  for (const r of baseRows) addCents(baseSum, addCents(at(String(r.k1)).base, centsOf(r)));
  const all: Compared[] = [...figures.entries()].map(([key, r]) => {
    const cur = exact(r.cur, m);
    const base = exact(r.base, m);
    const diff = diffOf(cur, base);
    return { key, cur, base, diff, status: statusOf(hasFigures(r.cur), hasFigures(r.base), diff) };
  });
  return { all, curSum, baseSum, totalDiff: diffOf(exact(curSum, m), exact(baseSum, m)), figures };
}

type AnalysisSort = AnalysisQuery['sortField'];

/**
 * The `n` rows with the largest changes either way (then by key), picked in one pass: a
 * full sort of 20,000 listings for ten of them cost 10 ms. Rows without a change are left out.
 */
export function largestChanges<R extends { key: string; diff: number | null }>(rows: readonly R[], n: number): R[] {
  const before = (a: R, b: R) => Math.abs(b.diff as number) - Math.abs(a.diff as number) || keyOrder(a.key, b.key);
  const top: R[] = [];
  for (const r of rows) {
    if (r.diff === null || r.diff === 0) continue;
    if (top.length === n && before(r, top[n - 1] as R) >= 0) continue;
    let i = Math.min(top.length, n - 1);
    if (top.length < n) top.push(r);
    while (i > 0 && before(r, top[i - 1] as R) < 0) {
      top[i] = top[i - 1] as R;
      i--;
    }
    top[i] = r;
  }
  return top;
}

export async function runAnalysis(
  ctx: AppContext,
  actor: RequestActor,
  q: Omit<AnalysisQuery, 'pageNum' | 'pageSize'>,
  keepFigures = false,
) {
  const f = await resolveFilter(ctx, actor, q);
  const cp = comparePeriod(f, q);
  const fb: ResolvedFilter = { ...f, start: cp.start, end: cp.end };
  const { all, curSum, baseSum, totalDiff, figures } = await compared(ctx, f, fb, q, keepFigures);
  const m = q.measure;
  const k = scale(m);
  const pct = (diff: number | null, base: number | null) =>
    diff === null || base === null || base === 0 ? null : Math.round((diff / Math.abs(base)) * 10_000) / 10_000;
  const contribution = (diff: number | null) =>
    m === 'margin' || diff === null || !totalDiff ? null : Math.round((diff / totalDiff) * 10_000) / 10_000;

  const filtered = q.status ? all.filter((r) => r.status === q.status) : all;
  const dimension = q.dimension;
  const labelAll =
    q.sortField === 'name'
      ? await labelsOf(
          ctx,
          dimension,
          filtered.map((r) => r.key),
        )
      : null;
  const value = (r: Compared, s: AnalysisSort): number | null => {
    switch (s) {
      case 'change':
        return r.diff;
      case 'changePct':
        return pct(r.diff, r.base);
      case 'current':
        return r.cur;
      case 'base':
        return r.base;
      case 'contribution':
        return contribution(r.diff);
      default:
        return null;
    }
  };
  const byKey = (a: Compared, b: Compared) => keyOrder(a.key, b.key);
  if (labelAll) {
    const name = (r: Compared) => (labelAll.get(r.key) as Label).name;
    filtered.sort((a, b) => (q.sortOrder === 'asc' ? 1 : -1) * NAME_COLLATOR.compare(name(a), name(b)) || byKey(a, b));
  } else {
    filtered.sort((a, b) => compareValues(value(a, q.sortField), value(b, q.sortField), q.sortOrder) || byKey(a, b));
  }
  const drivers = largestChanges(filtered, 10);
  const driven = drivers.reduce((s, r) => s + (r.diff as number), 0);

  /** The figures of these rows: kept, or read by key (the lean listing comparison). */
  const figuresOf = async (rows: readonly Compared[]): Promise<Figures> =>
    figures ??
    listingFigures(
      ctx,
      f,
      fb,
      rows.map((r) => r.key),
    );
  const shape = (r: Compared, labels: Map<string, Label>, figs: Figures): AnalysisRow => {
    const g = figs.get(r.key) ?? { cur: zeroCents(), base: zeroCents() };
    return {
      ...(labels.get(r.key) as Label),
      current: measuresOf(g.cur),
      base: measuresOf(g.base),
      change: r.diff === null ? null : r.diff / k,
      changePct: pct(r.diff, r.base),
      contribution: contribution(r.diff),
      status: r.status,
    };
  };
  return {
    f,
    cp,
    filtered,
    drivers,
    shape,
    figuresOf,
    labelAll,
    totals: {
      current: measuresOf(curSum),
      base: measuresOf(baseSum),
      change: totalDiff === null ? null : totalDiff / k,
      changePct: pct(totalDiff, exact(baseSum, m)),
      othersChange: m === 'margin' || totalDiff === null ? null : (totalDiff - driven) / k,
    },
  };
}

export async function analysis(ctx: AppContext, actor: RequestActor, q: AnalysisQuery) {
  const a = await runAnalysis(ctx, actor, q);
  const offset = (q.pageNum - 1) * q.pageSize;
  const page = a.filtered.slice(offset, offset + q.pageSize);
  const shown = [...new Map([...page, ...a.drivers].map((r) => [r.key, r])).values()];
  const [labels, figs] = await Promise.all([
    a.labelAll ??
      labelsOf(
        ctx,
        q.dimension,
        shown.map((r) => r.key),
      ),
    a.figuresOf(shown),
  ]);
  return {
    list: page.map((r) => a.shape(r, labels, figs)),
    total: a.filtered.length,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    ...a.totals,
    drivers: a.drivers.map((r) => a.shape(r, labels, figs)),
    ...period(a.f),
    compareStartDate: a.cp.start,
    compareEndDate: a.cp.end,
  };
}

const STATUS_NAMES: Record<Compared['status'], [string, string]> = {
  growing: ['增长', 'Growing'],
  declining: ['下降', 'Declining'],
  new: ['新增', 'New'],
  lost: ['流失', 'Lost'],
  flat: ['持平', 'Flat'],
};

export async function exportAnalysis(
  ctx: AppContext,
  actor: RequestActor,
  q: Omit<AnalysisQuery, 'pageNum' | 'pageSize'>,
  acceptLanguage: string | undefined,
) {
  const a = await runAnalysis(ctx, actor, q, true);
  const lang = langOf(acceptLanguage);
  const labels =
    a.labelAll ??
    (await labelsOf(
      ctx,
      q.dimension,
      a.filtered.map((r) => r.key),
    ));
  const figs = await a.figuresOf(a.filtered);
  const rows = a.filtered.map((r) => a.shape(r, labels, figs));
  const m = q.measure;
  const fmt = formatOf(m);
  const cur = `${a.f.start}~${a.f.end}`;
  const base = `${a.cp.start}~${a.cp.end}`;
  const columns: XlsxColumn<Raw>[] = [
    ...labelColumns(q.dimension, lang),
    ...measureColumns(lang, (r) => r.current as Raw, `${cur} `),
    ...measureColumns(lang, (r) => r.base as Raw, `${base} `),
    {
      header: `${measureName(lang, m)} ${t(lang, '变化', 'change')}`,
      numFmt: m === 'margin' ? '0.00%' : fmt,
      value: (r) => numOrNull(r.change),
    },
    { header: `${measureName(lang, m)} ${t(lang, '变化率', 'change %')}`, numFmt: '0.00%', value: (r) => numOrNull(r.changePct) },
    { header: t(lang, '贡献度', 'Contribution'), numFmt: '0.00%', value: (r) => numOrNull(r.contribution) },
    {
      header: t(lang, '状态', 'Status'),
      width: 10,
      value: (r) => (r.status ? t(lang, ...STATUS_NAMES[r.status as Compared['status']]) : null),
    },
  ];
  const label = t(lang, '合计', 'Total');
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${t(lang, '销售数据分析', 'sales-data-analysis')}_${q.dimension}_${a.f.start}_${a.f.end}_vs_${a.cp.start}_${a.cp.end}.xlsx`,
    sheetName: t(lang, '销售数据分析', 'Sales data analysis'),
    columns,
    query: jsonRows(rows),
    map: (r) => r.row as Raw,
    totals: async () => ({
      sku: label,
      name: label,
      nameEn: label,
      current: a.totals.current,
      base: a.totals.base,
      change: a.totals.change,
      changePct: a.totals.changePct,
      contribution: a.totals.change ? 1 : null,
      status: null,
    }),
  });
}
