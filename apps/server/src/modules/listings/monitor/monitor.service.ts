/**
 * The listing monitor: each user's watchlist and the figures and alerts of every watched
 * listing, computed on read. Rules (see the area README):
 * - Windows: the last 7 complete days (UTC, ending yesterday) and the 7 days before.
 * - Sales figures come from the daily listing rollup (14 rows per listing); the last sale
 *   is one backward probe of its (listing_id, day) key. Sessions are not in the rollups:
 *   they are read from the facts of the watched listings only, by their (listing_id, day)
 *   key, 14 days each (never a scan of a period of facts).
 * - A watch is only shown, changed or added for a listing in the caller's visible shops;
 *   another user's watch is not there (404).
 * - Alerts: unitsDrop (units fell by more than X % against the previous 7 days, with
 *   units in them), noSales (no unit in the last N complete days; the count is capped at
 *   365), lowMargin (the last 7 days' margin below Y %, with revenue).
 */
import { marketCode } from '@bo/contract';
import { type AlertKind, MAX_WATCHES, type MonitorAlert, type Thresholds, type WatchRow } from '@bo/contract/listings/monitor';
import { REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { sql } from 'drizzle-orm';
import { intSet, likeContains, textSet } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, notFound, staleVersion } from '../../../platform/errors';
import { exportLang as langOf } from '../../../platform/export/lang';
import { addDays, execRows, margin } from '../../sales/profit/sales-query';
import { narrowScope, type ShopScope, scopeHas, shopIn } from '../../shops/shops/shop-scope';
import { COUNT_FMT, MONEY_FMT, PCT_FMT, tr } from '../shared/export-utils';
import { xlsxOfRows } from '../shared/xlsx-rows';

const DAY = 86_400_000;
const LAST_SALE_LOOKBACK = 365;

export function windows(now = new Date()) {
  const currentEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY)
    .toISOString()
    .slice(0, 10);
  const currentStart = addDays(currentEnd, -6);
  const previousEnd = addDays(currentStart, -1);
  const previousStart = addDays(previousEnd, -6);
  return { currentStart, currentEnd, previousStart, previousEnd };
}

export interface MonitorFilter {
  keyword?: string;
  shopId?: number[];
  marketId?: number[];
  alertsOnly: boolean;
  sortField: string;
  sortOrder: 'asc' | 'desc';
}

type WatchBase = {
  id: number;
  listing_id: number;
  units_drop_pct: number | null;
  no_sales_days: number | null;
  min_margin_pct: string | null;
  version: number;
  created_at: Date;
  sku: string;
  asin: string;
  title: string;
  shop_id: number;
  shop_name: string;
  market_id: number;
  price: string | null;
  currency: string;
  status: number;
  last_sale: string | null;
};

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
const round2 = (n: number) => Math.round(n * 100) / 100;
const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);

/** The alerts of one watch (pure: the thresholds against the windows' figures). */
export function alertsOf(
  t: Thresholds,
  current: { units: number; revenue: number; margin: number | null },
  previous: { units: number },
  daysWithoutSale: number,
): MonitorAlert[] {
  const out: MonitorAlert[] = [];
  if (t.unitsDropPct !== null && previous.units > 0) {
    const drop = ((previous.units - current.units) / previous.units) * 100;
    if (drop > t.unitsDropPct) out.push({ kind: 'unitsDrop', value: round2(drop), threshold: t.unitsDropPct });
  }
  if (t.noSalesDays !== null && daysWithoutSale >= t.noSalesDays) {
    out.push({ kind: 'noSales', value: daysWithoutSale, threshold: t.noSalesDays });
  }
  if (t.minMarginPct !== null && current.revenue > 0 && current.margin !== null && current.margin * 100 < t.minMarginPct) {
    out.push({ kind: 'lowMargin', value: round2(current.margin * 100), threshold: t.minMarginPct });
  }
  return out;
}

const SEVERITY: Record<AlertKind, number> = { noSales: 3, unitsDrop: 2, lowMargin: 1 };

async function computeRows(ctx: AppContext, actor: RequestActor, scope: ShopScope, q: Partial<MonitorFilter>, onlyId?: number) {
  const w = windows();
  // The query's shops narrow the scope, never widen it.
  const shops = narrowScope(scope, q.shopId?.length ? q.shopId : undefined);
  if (shops.shopIds.length === 0) return { w, rows: [] as WatchRow[] };
  const like = likeContains(q.keyword);
  const base = await execRows<WatchBase>(
    ctx.db,
    sql`SELECT w.id, w.listing_id, w.units_drop_pct, w.no_sales_days, w.min_margin_pct, w.version, w.created_at,
               sk.sku, li.asin, li.title, li.shop_id, sh.name AS shop_name, li.market_id, li.price, li.currency, li.status,
               to_char(ls.day, 'YYYY-MM-DD') AS last_sale
          FROM listing_watches w
          JOIN listings li ON li.id = w.listing_id
          JOIN skus sk ON sk.id = li.sku_id
          JOIN shops sh ON sh.id = li.shop_id
          LEFT JOIN LATERAL (
            SELECT d.day FROM sales_listing_day d
             WHERE d.listing_id = w.listing_id AND d.units > 0
               AND d.day BETWEEN ${addDays(w.currentEnd, -(LAST_SALE_LOOKBACK - 1))}::date AND ${w.currentEnd}::date
             ORDER BY d.day DESC LIMIT 1) ls ON true
         WHERE w.user_id = ${actor.userId} AND ${shopIn(sql`li.shop_id`, shops)}
           ${onlyId ? sql`AND w.id = ${onlyId}` : sql``}
           ${q.marketId?.length ? sql`AND li.market_id IN ${intSet(q.marketId)}` : sql``}
           ${like ? sql`AND (sk.sku ILIKE ${like} OR li.asin ILIKE ${like} OR li.title ILIKE ${like})` : sql``}`,
  );
  if (base.length === 0) return { w, rows: [] as WatchRow[] };
  const ids = base.map((b) => b.listing_id);
  const [days, sessions] = await Promise.all([
    execRows<{ listing_id: number; day: string; units: string; orders: string; revenue_cents: string; profit_cents: string }>(
      ctx.db,
      sql`SELECT listing_id, to_char(day, 'YYYY-MM-DD') AS day, units, orders, revenue_cents,
                 revenue_cents - refunds_cents - fees_cents - ad_spend_cents - cogs_cents - other_costs_cents AS profit_cents
            FROM sales_listing_day
           WHERE listing_id IN ${intSet(ids)} AND day BETWEEN ${w.previousStart}::date AND ${w.currentEnd}::date`,
    ),
    // Traffic is not in the rollups: the watched listings' own 14 days, found by the facts' key.
    execRows<{ listing_id: number; day: string; sessions: number }>(
      ctx.db,
      sql`SELECT f.listing_id, to_char(f.day, 'YYYY-MM-DD') AS day, f.sessions
            FROM sales_facts f
           WHERE f.listing_id IN ${intSet(ids)} AND f.day BETWEEN ${w.previousStart}::date AND ${w.currentEnd}::date
             AND f.sessions IS NOT NULL`,
    ),
  ]);
  const dayRows = new Map<number, typeof days>();
  for (const d of days) dayRows.set(d.listing_id, [...(dayRows.get(d.listing_id) ?? []), d]);
  const sessionRows = new Map<number, typeof sessions>();
  for (const s of sessions) sessionRows.set(s.listing_id, [...(sessionRows.get(s.listing_id) ?? []), s]);
  const dayList = Array.from({ length: 14 }, (_, i) => addDays(w.previousStart, i));

  const rows: WatchRow[] = base.map((b) => {
    const ds = dayRows.get(b.listing_id) ?? [];
    const ss = sessionRows.get(b.listing_id) ?? [];
    const win = (from: string, to: string) => {
      const inside = ds.filter((d) => d.day >= from && d.day <= to);
      const units = inside.reduce((s, d) => s + Number(d.units), 0);
      const orders = inside.reduce((s, d) => s + Number(d.orders), 0);
      const revenueCents = inside.reduce((s, d) => s + Number(d.revenue_cents), 0);
      const profitCents = inside.reduce((s, d) => s + Number(d.profit_cents), 0);
      const sess = ss.filter((d) => d.day >= from && d.day <= to);
      const sessionSum = sess.length ? sess.reduce((s, d) => s + Number(d.sessions), 0) : null;
      const revenue = revenueCents / 100;
      const profit = profitCents / 100;
      return {
        units,
        revenue,
        profit,
        margin: margin(profit, revenue),
        sessions: sessionSum,
        conversion: sessionSum ? ratio(orders, sessionSum) : null,
      };
    };
    const current = win(w.currentStart, w.currentEnd);
    const previous = win(w.previousStart, w.previousEnd);
    const thresholds: Thresholds = {
      unitsDropPct: b.units_drop_pct,
      noSalesDays: b.no_sales_days,
      minMarginPct: b.min_margin_pct === null ? null : Number(b.min_margin_pct),
    };
    const daysWithout = b.last_sale ? daysBetween(b.last_sale, w.currentEnd) : LAST_SALE_LOOKBACK;
    const change = (c: number, p: number) => (p === 0 ? null : Math.round(((c - p) / p) * 10_000) / 10_000);
    return {
      id: b.id,
      listingId: b.listing_id,
      sku: b.sku,
      asin: b.asin,
      title: b.title,
      shopId: b.shop_id,
      shopName: b.shop_name,
      marketId: b.market_id,
      price: b.price === null ? null : Number(b.price),
      priceCurrency: b.currency,
      status: b.status,
      version: b.version,
      createdAt: new Date(b.created_at).toISOString(),
      ...thresholds,
      current,
      previous,
      unitsChange: change(current.units, previous.units),
      revenueChange: change(current.revenue, previous.revenue),
      spark: dayList.map((day) => ds.filter((d) => d.day === day).reduce((s, d) => s + Number(d.units), 0)),
      lastSaleDate: b.last_sale,
      alerts: alertsOf(thresholds, current, previous, daysWithout).sort((x, y) => SEVERITY[y.kind] - SEVERITY[x.kind]),
    };
  });
  return { w, rows };
}

const SORT_VALUE: Record<string, (r: WatchRow) => number | string | null> = {
  createdAt: (r) => r.createdAt,
  sku: (r) => r.sku.toLowerCase(),
  asin: (r) => r.asin,
  shopName: (r) => r.shopName.toLowerCase(),
  marketId: (r) => r.marketId,
  price: (r) => r.price,
  units: (r) => r.current.units,
  unitsChange: (r) => r.unitsChange,
  revenue: (r) => r.current.revenue,
  revenueChange: (r) => r.revenueChange,
  sessions: (r) => r.current.sessions,
  conversion: (r) => r.current.conversion,
  margin: (r) => r.current.margin,
  alerts: (r) => r.alerts.reduce((s, a) => s + 10 ** SEVERITY[a.kind], 0),
};

/** Sorted by the field (nulls last in both directions), ties by watch id. */
export function sortRows(rows: WatchRow[], field: string, order: 'asc' | 'desc'): WatchRow[] {
  const get = SORT_VALUE[field] ?? (SORT_VALUE.alerts as (r: WatchRow) => number);
  const dir = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = get(a);
    const y = get(b);
    if (x === null && y === null) return a.id - b.id;
    if (x === null) return 1;
    if (y === null) return -1;
    if (x < y) return -dir;
    if (x > y) return dir;
    return a.id - b.id;
  });
}

async function filtered(ctx: AppContext, actor: RequestActor, scope: ShopScope, q: MonitorFilter) {
  const { w, rows } = await computeRows(ctx, actor, scope, q);
  const kept = q.alertsOnly ? rows.filter((r) => r.alerts.length > 0) : rows;
  return { w, rows: sortRows(kept, q.sortField, q.sortOrder), alertCount: rows.filter((r) => r.alerts.length > 0).length };
}

export async function list(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: MonitorFilter & { pageNum: number; pageSize: number },
) {
  const { w, rows, alertCount } = await filtered(ctx, actor, scope, q);
  const from = (q.pageNum - 1) * q.pageSize;
  return {
    list: rows.slice(from, from + q.pageSize),
    total: rows.length,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    ...w,
    currency: REPORTING_CURRENCY,
    alertCount,
  };
}

export async function add(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  body: { asins: string[]; skus: Array<{ sku: string; shopId: number }>; thresholds: Thresholds },
) {
  return ctx.db.transaction(async (tx) => {
    // One add at a time per user, so the cap holds under concurrent adds.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('listing_watches'), ${actor.userId})`);
    const targets: Array<{ input: string; listings: Array<{ id: number; asin: string; shop_name: string }> }> = [];
    const asins = [...new Set(body.asins)];
    const byAsin =
      asins.length && scope.shopIds.length
        ? await execRows<{ id: number; asin: string; shop_name: string }>(
            tx,
            sql`SELECT li.id, li.asin, sh.name AS shop_name FROM listings li JOIN shops sh ON sh.id = li.shop_id
               WHERE li.asin IN ${textSet(asins)} AND ${shopIn(sql`li.shop_id`, scope)} ORDER BY li.market_id, li.id`,
          )
        : [];
    for (const a of asins) targets.push({ input: a, listings: byAsin.filter((l) => l.asin === a) });
    for (const s of body.skus) {
      const found = scopeHas(scope, s.shopId)
        ? await execRows<{ id: number; asin: string; shop_name: string }>(
            tx,
            sql`SELECT li.id, li.asin, sh.name AS shop_name FROM listings li JOIN skus sk ON sk.id = li.sku_id
                  JOIN shops sh ON sh.id = li.shop_id
                 WHERE lower(sk.sku) = lower(${s.sku}) AND li.shop_id = ${s.shopId}`,
          )
        : [];
      targets.push({ input: `${s.sku} @ ${found[0]?.shop_name ?? s.shopId}`, listings: found });
    }
    const [count] = await execRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM listing_watches w JOIN listings li ON li.id = w.listing_id WHERE w.user_id = ${actor.userId}`,
    );
    const already = new Set(
      (
        await execRows<{ listing_id: number }>(
          tx,
          sql`SELECT listing_id FROM listing_watches WHERE user_id = ${actor.userId}
                AND listing_id IN ${intSet(targets.flatMap((t) => t.listings.map((l) => l.id)))}`,
        )
      ).map((r) => r.listing_id),
    );
    const fresh = new Set(targets.flatMap((t) => t.listings.map((l) => l.id)).filter((id) => !already.has(id)));
    if ((count?.n ?? 0) + fresh.size > MAX_WATCHES) {
      throw codedFieldError('asins', 'listings.watchlistFull', { max: MAX_WATCHES, n: count?.n ?? 0 });
    }
    const added: Array<{ id: number; listingId: number; asin: string; shopName: string }> = [];
    const skipped: Array<{ input: string; reason: 'notFound' | 'alreadyWatched' }> = [];
    const t = body.thresholds;
    for (const target of targets) {
      if (target.listings.length === 0) {
        skipped.push({ input: target.input, reason: 'notFound' });
        continue;
      }
      for (const l of target.listings) {
        const [row] = await execRows<{ id: number }>(
          tx,
          sql`INSERT INTO listing_watches (user_id, listing_id, units_drop_pct, no_sales_days, min_margin_pct)
              VALUES (${actor.userId}, ${l.id}, ${t.unitsDropPct}, ${t.noSalesDays}, ${t.minMarginPct})
              ON CONFLICT (user_id, listing_id) DO NOTHING RETURNING id`,
        );
        if (!row) {
          skipped.push({ input: `${l.asin} @ ${l.shop_name}`, reason: 'alreadyWatched' });
          continue;
        }
        added.push({ id: row.id, listingId: l.id, asin: l.asin, shopName: l.shop_name });
        await audit(tx, actor, { action: 'create', entity: 'listing_watch', entityId: row.id, after: { listingId: l.id, ...t } });
      }
    }
    return { added, skipped };
  });
}

export async function update(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  body: Thresholds & { version: number },
) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await execRows<{
      version: number;
      units_drop_pct: number | null;
      no_sales_days: number | null;
      min_margin_pct: string | null;
    }>(
      tx,
      sql`SELECT w.version, w.units_drop_pct, w.no_sales_days, w.min_margin_pct
            FROM listing_watches w JOIN listings li ON li.id = w.listing_id
           WHERE w.id = ${id} AND w.user_id = ${actor.userId} AND ${shopIn(sql`li.shop_id`, scope)} FOR UPDATE OF w`,
    );
    if (!before) throw notFound('watch not found');
    if (before.version !== body.version) throw staleVersion();
    const [row] = await execRows<{ version: number }>(
      tx,
      sql`UPDATE listing_watches SET units_drop_pct = ${body.unitsDropPct}, no_sales_days = ${body.noSalesDays},
                 min_margin_pct = ${body.minMarginPct}, version = version + 1
           WHERE id = ${id} RETURNING version`,
    );
    const after = { unitsDropPct: body.unitsDropPct, noSalesDays: body.noSalesDays, minMarginPct: body.minMarginPct };
    await audit(tx, actor, {
      action: 'update',
      entity: 'listing_watch',
      entityId: id,
      before: {
        unitsDropPct: before.units_drop_pct,
        noSalesDays: before.no_sales_days,
        minMarginPct: before.min_margin_pct === null ? null : Number(before.min_margin_pct),
      },
      after,
    });
    return { id, version: Number(row?.version), ...after };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await execRows<{ listing_id: number }>(
      tx,
      sql`DELETE FROM listing_watches WHERE id = ${id} AND user_id = ${actor.userId} RETURNING listing_id`,
    );
    if (!row) throw notFound('watch not found');
    await audit(tx, actor, { action: 'delete', entity: 'listing_watch', entityId: id, before: { listingId: row.listing_id } });
    return null;
  });
}

export async function exportExcel(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: MonitorFilter,
  acceptLanguage?: string,
) {
  const lang = langOf(acceptLanguage);
  const { w, rows } = await filtered(ctx, actor, scope, q);
  const alertName: Record<AlertKind, string> = {
    unitsDrop: tr(lang, '销量下降', 'Units drop'),
    noSales: tr(lang, '无销量', 'No sales'),
    lowMargin: tr(lang, '利润率偏低', 'Low margin'),
  };
  const n = (v: number | null) => v;
  return xlsxOfRows({
    fileName: `${tr(lang, 'Listing监控', 'listing-monitor')}_${w.currentStart}_${w.currentEnd}.xlsx`,
    sheetName: tr(lang, 'Listing监控', 'Listing monitor'),
    rows,
    columns: [
      { header: 'SKU', width: 18, value: (r) => r.sku },
      { header: 'ASIN', width: 13, value: (r) => r.asin },
      { header: tr(lang, '店铺', 'Shop'), width: 20, value: (r) => r.shopName },
      { header: tr(lang, '站点', 'Marketplace'), width: 10, value: (r) => marketCode(r.marketId) },
      { header: tr(lang, '价格', 'Price'), numFmt: MONEY_FMT, value: (r) => n(r.price) },
      { header: tr(lang, '币种', 'Currency'), width: 8, value: (r) => r.priceCurrency },
      { header: tr(lang, '近7天销量', 'Units, last 7 days'), numFmt: COUNT_FMT, value: (r) => r.current.units },
      { header: tr(lang, '前7天销量', 'Units, 7 days before'), numFmt: COUNT_FMT, value: (r) => r.previous.units },
      { header: tr(lang, '销量变化', 'Units change'), numFmt: PCT_FMT, value: (r) => n(r.unitsChange) },
      {
        header: tr(lang, `近7天销售额 (${REPORTING_CURRENCY})`, `Revenue, last 7 days (${REPORTING_CURRENCY})`),
        numFmt: MONEY_FMT,
        value: (r) => r.current.revenue,
      },
      {
        header: tr(lang, `前7天销售额 (${REPORTING_CURRENCY})`, `Revenue, 7 days before (${REPORTING_CURRENCY})`),
        numFmt: MONEY_FMT,
        value: (r) => r.previous.revenue,
      },
      { header: tr(lang, '销售额变化', 'Revenue change'), numFmt: PCT_FMT, value: (r) => n(r.revenueChange) },
      { header: tr(lang, '近7天会话', 'Sessions, last 7 days'), numFmt: COUNT_FMT, value: (r) => n(r.current.sessions) },
      { header: tr(lang, '转化率', 'Conversion'), numFmt: PCT_FMT, value: (r) => n(r.current.conversion) },
      { header: tr(lang, '利润率', 'Margin'), numFmt: PCT_FMT, value: (r) => n(r.current.margin) },
      { header: tr(lang, '最近销售日', 'Last sale'), width: 12, value: (r) => r.lastSaleDate },
      {
        header: tr(lang, '预警', 'Alerts'),
        width: 40,
        value: (r) => r.alerts.map((a) => `${alertName[a.kind]} (${a.value} / ${a.threshold})`).join('; '),
      },
    ],
  });
}
