/**
 * SKU analysis: one SKU's listings (in the caller's visible shops) over a period, from
 * the listing rollups only (`listingCents` for totals, `bucketCents` for the trend and
 * the export). Rules:
 * - A SKU is matched by its exact code (case-insensitive); one without a visible listing
 *   is not found (404), so a shop account learns nothing about other shops' SKUs.
 * - The previous period has the same length and ends the day before the period starts.
 * - Sessions are not in the rollups, so this screen shows no sessions or conversion.
 */
import { marketCode } from '@bo/contract';
import type { SkuGranularity } from '@bo/contract/listings/sku-analysis';
import { REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { sql } from 'drizzle-orm';
import { poolOf } from '../../../db/client';
import { escapeLike, intSet, serialRows } from '../../../db/sql';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { exportLang as langOf } from '../../../platform/export/lang';
import { streamXlsx, type XlsxColumn } from '../../../platform/export/xlsx-stream';
import { daysBetween, resolveFilter } from '../../sales/profit/sales-profit.service';
import {
  addDays,
  execRows,
  listingCents,
  type MeasureRow,
  type ResolvedFilter,
  sumInt,
  toMeasures,
} from '../../sales/profit/sales-query';
import { type ShopScope, shopIn } from '../../shops/shops/shop-scope';
import { bucketCents, CENTS_AS_MONEY, periodBuckets } from '../shared/buckets';
import { COUNT_FMT, MONEY_FMT, numOf, PCT_FMT, tr } from '../shared/export-utils';

export async function suggestions(ctx: AppContext, scope: ShopScope, keyword: string) {
  if (scope.shopIds.length === 0) return [];
  const like = `%${escapeLike(keyword)}%`;
  const prefix = `${escapeLike(keyword)}%`;
  const rows = await execRows<{
    sku_id: number;
    sku: string;
    model: string;
    name: string;
    name_en: string;
    asins: string[];
  }>(
    ctx.db,
    sql`SELECT sk.id AS sku_id, sk.sku, pr.model, pr.name, pr.name_en,
               array_agg(DISTINCT li.asin ORDER BY li.asin) AS asins
          FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN products pr ON pr.id = sk.product_id
         WHERE ${shopIn(sql`li.shop_id`, scope)}
           AND sk.id IN (SELECT m.sku_id FROM listings m JOIN skus ms ON ms.id = m.sku_id JOIN products mp ON mp.id = ms.product_id
                          WHERE ${shopIn(sql`m.shop_id`, scope)}
                            AND (ms.sku ILIKE ${like} OR m.asin ILIKE ${like} OR mp.model ILIKE ${like}))
         GROUP BY sk.id, pr.id
         ORDER BY (sk.sku ILIKE ${prefix}) DESC, sk.sku
         LIMIT 20`,
  );
  return rows.map((r) => ({
    skuId: r.sku_id,
    sku: r.sku,
    model: r.model,
    productName: r.name,
    productNameEn: r.name_en,
    asins: r.asins,
  }));
}

type SkuHead = {
  sku_id: number;
  sku: string;
  model: string;
  name: string;
  name_en: string;
  line_name: string | null;
  line_name_en: string | null;
  lifecycle: number;
};

interface Scope {
  f: ResolvedFilter;
  head: SkuHead;
  listingIds: number[];
}

type SkuQuery = { sku: string; startDate?: string; endDate?: string; marketId?: number[] };

/**
 * The SKU, its visible listings (in the chosen marketplaces, when some are chosen) and the
 * resolved period; 404 when the caller sees none of its listings there.
 */
async function scope(ctx: AppContext, actor: RequestActor, q: SkuQuery): Promise<Scope> {
  const base = await resolveFilter(ctx, actor, { startDate: q.startDate, endDate: q.endDate });
  const [head] = await execRows<SkuHead>(
    ctx.db,
    sql`SELECT sk.id AS sku_id, sk.sku, pr.model, pr.name, pr.name_en, pl.name AS line_name, pl.name_en AS line_name_en, pr.lifecycle
          FROM skus sk JOIN products pr ON pr.id = sk.product_id LEFT JOIN product_lines pl ON pl.id = pr.product_line_id
         WHERE lower(sk.sku) = lower(${q.sku})`,
  );
  const listings =
    head && base.shopIds.length
      ? await execRows<{ id: number }>(
          ctx.db,
          sql`SELECT id FROM listings WHERE sku_id = ${head.sku_id} AND shop_id IN ${intSet(base.shopIds)}
                ${q.marketId?.length ? sql`AND market_id IN ${intSet(q.marketId)}` : sql``} ORDER BY id`,
        )
      : [];
  if (!head || listings.length === 0) throw notFound('SKU not found');
  const listingIds = listings.map((l) => l.id);
  return { f: { ...base, listingIds }, head, listingIds };
}

type CentsRow = Record<string, string | number | null> & { listing_id: number };
const CENT_KEYS = ['revenue_cents', 'refunds_cents', 'fees_cents', 'ad_spend_cents', 'cogs_cents', 'other_costs_cents'] as const;
const MONEY_OF: Record<(typeof CENT_KEYS)[number], string> = {
  revenue_cents: 'revenue',
  refunds_cents: 'refunds',
  fees_cents: 'fees',
  ad_spend_cents: 'ad_spend',
  cogs_cents: 'cogs',
  other_costs_cents: 'other_costs',
};

/** Cents rows summed exactly (integers), as a measure row. */
function sumCents(rows: readonly Record<string, unknown>[]): MeasureRow {
  const out: Record<string, string | number> = { units: 0, orders: 0 };
  for (const k of ['units', 'orders'] as const) out[k] = rows.reduce((s, r) => s + Number(r[k] ?? 0), 0);
  for (const k of CENT_KEYS) out[MONEY_OF[k]] = (rows.reduce((s, r) => s + Number(r[k] ?? 0), 0) / 100).toFixed(2);
  return out as unknown as MeasureRow;
}

export async function summary(ctx: AppContext, actor: RequestActor, q: SkuQuery) {
  const { f, head, listingIds } = await scope(ctx, actor, q);
  const length = daysBetween(f.start, f.end) + 1;
  const prev = { ...f, start: addDays(f.start, -length), end: addDays(f.start, -1) };
  const [current, previous, info] = await Promise.all([
    serialRows<CentsRow>(ctx.db, listingCents(f)),
    serialRows<CentsRow>(ctx.db, listingCents(prev)),
    execRows<{
      id: number;
      shop_id: number;
      shop_name: string;
      market_id: number;
      asin: string;
      title: string;
      price: string | null;
      currency: string;
      status: number;
    }>(
      ctx.db,
      sql`SELECT li.id, li.shop_id, sh.name AS shop_name, li.market_id, li.asin, li.title, li.price, li.currency, li.status
            FROM listings li JOIN shops sh ON sh.id = li.shop_id WHERE li.id IN ${intSet(listingIds)}`,
    ),
  ]);
  const byListing = new Map(current.map((r) => [Number(r.listing_id), r]));
  const listings = info
    .map((l) => ({
      listingId: l.id,
      shopId: l.shop_id,
      shopName: l.shop_name,
      marketId: l.market_id,
      asin: l.asin,
      title: l.title,
      price: l.price === null ? null : Number(l.price),
      priceCurrency: l.currency,
      status: l.status,
      ...toMeasures(sumCents(byListing.has(l.id) ? [byListing.get(l.id) as CentsRow] : [])),
    }))
    .sort((a, b) => b.revenue - a.revenue || a.marketId - b.marketId || a.listingId - b.listingId);
  return {
    skuId: head.sku_id,
    sku: head.sku,
    model: head.model,
    productName: head.name,
    productNameEn: head.name_en,
    productLineName: head.line_name,
    productLineNameEn: head.line_name_en,
    lifecycle: Number(head.lifecycle),
    startDate: f.start,
    endDate: f.end,
    previousStartDate: prev.start,
    previousEndDate: prev.end,
    currency: REPORTING_CURRENCY,
    current: toMeasures(sumCents(current)),
    previous: toMeasures(sumCents(previous)),
    listings,
  };
}

type TrendQuery = SkuQuery & { granularity: SkuGranularity };

export async function trend(ctx: AppContext, actor: RequestActor, q: TrendQuery) {
  const { f, listingIds } = await scope(ctx, actor, q);
  const rows = await execRows<Record<string, unknown> & { bucket: string }>(
    ctx.db,
    sql`SELECT bucket, ${sql.raw([sumInt('units'), sumInt('orders'), ...CENT_KEYS.map((k) => sumInt(k))].join(', '))}
          FROM (${bucketCents(listingIds, f.start, f.end, q.granularity)}) b GROUP BY bucket`,
  );
  const byBucket = new Map(rows.map((r) => [r.bucket < f.start ? f.start : r.bucket, r]));
  return {
    currency: REPORTING_CURRENCY,
    points: periodBuckets(f.start, f.end, q.granularity).map(({ from }) => {
      const r = byBucket.get(from);
      const m = toMeasures(sumCents(r ? [r] : []));
      return { date: from, units: m.units, revenue: m.revenue, profit: m.profit, adSpend: m.adSpend };
    }),
  };
}

export async function exportExcel(ctx: AppContext, actor: RequestActor, q: TrendQuery, acceptLanguage?: string) {
  const { f, head, listingIds } = await scope(ctx, actor, q);
  const lang = langOf(acceptLanguage);
  type Out = Record<string, unknown>;
  const query = sql`
    SELECT b.bucket, b.listing_id, b.units, b.orders, ${CENTS_AS_MONEY}, sh.name AS shop_name, li.market_id, li.asin
      FROM (${bucketCents(listingIds, f.start, f.end, q.granularity)}) b
      JOIN listings li ON li.id = b.listing_id JOIN shops sh ON sh.id = li.shop_id
     ORDER BY b.bucket, sh.name, li.market_id, b.listing_id`;
  const periodName = {
    day: tr(lang, '日期', 'Day'),
    week: tr(lang, '周（周一）', 'Week (Monday)'),
    month: tr(lang, '月', 'Month'),
  };
  const columns: XlsxColumn<Out>[] = [
    { header: periodName[q.granularity], width: 14, value: (r) => String(r.period) },
    { header: 'SKU', width: 18, value: () => head.sku },
    { header: tr(lang, '店铺', 'Shop'), width: 20, value: (r) => String(r.shop_name) },
    { header: tr(lang, '站点', 'Marketplace'), width: 10, value: (r) => marketCode(r.market_id) },
    { header: 'ASIN', width: 13, value: (r) => String(r.asin) },
    { header: tr(lang, '销量', 'Units'), numFmt: COUNT_FMT, value: numOf('units') },
    { header: tr(lang, '订单数', 'Orders'), numFmt: COUNT_FMT, value: numOf('orders') },
    { header: tr(lang, '销售额', 'Revenue'), numFmt: MONEY_FMT, value: numOf('revenue') },
    { header: tr(lang, '退款', 'Refunds'), numFmt: MONEY_FMT, value: numOf('refunds') },
    { header: tr(lang, '平台费用', 'Fees'), numFmt: MONEY_FMT, value: numOf('fees') },
    { header: tr(lang, '广告花费', 'Ad spend'), numFmt: MONEY_FMT, value: numOf('adSpend') },
    { header: tr(lang, '产品成本', 'COGS'), numFmt: MONEY_FMT, value: numOf('cogs') },
    { header: tr(lang, '其他成本', 'Other costs'), numFmt: MONEY_FMT, value: numOf('otherCosts') },
    { header: tr(lang, '利润', 'Profit'), numFmt: MONEY_FMT, value: numOf('profit') },
    { header: tr(lang, '利润率', 'Margin'), numFmt: PCT_FMT, value: numOf('margin') },
  ];
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${tr(lang, 'SKU分析', 'sku-analysis')}_${head.sku}_${f.start}_${f.end}.xlsx`,
    sheetName: tr(lang, 'SKU分析', 'SKU analysis'),
    columns,
    query,
    map: (r) => ({ ...r, period: String(r.bucket) < f.start ? f.start : r.bucket, ...toMeasures(r as MeasureRow) }),
  });
}
