/**
 * The sales dashboard: KPI totals against the period just before, the trend with every
 * bucket present, the marketplace split, top and bottom listings by profit, and the
 * caller's panel flags. Same filters, isolation and figures as the sales-profit lists, but
 * for ad spend: on the shop-days the ad reports cover it is the reports' figure (the PPC
 * area's published read, the one the PPC boards sum), so both dashboards say the same.
 */
import { DASHBOARD_PANELS, type Panels } from '@bo/contract/sales/dashboard';
import { REPORTING_CURRENCY, type SalesFilter } from '@bo/contract/sales/sales-profit';
import { type SQL, sql } from 'drizzle-orm';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { adReportCover, adReportSpend } from '../../ppc/model/ad-spend.read';
import type { ShopScope } from '../../shops/shops/shop-scope';
import { daysBetween, filterIn, list, totals } from '../profit/sales-profit.service';
import {
  addDays,
  daySource,
  execRows,
  isEmptyFilter,
  type MeasureRow,
  margin,
  type ResolvedFilter,
  SUM_SELECT,
  toMeasures,
} from '../profit/sales-query';

type AdSpendKey = 'period' | 'day' | 'week' | 'month' | 'market';

/**
 * Per key (the period, a trend bucket or a marketplace): the cents that turn the ad spend the
 * sales facts recorded into the ad reports' spend on the shop-days the reports cover (from
 * each shop's first to its last report day); elsewhere the recorded spend stands. Narrowed by
 * product line, position or keyword the reports cannot follow (a campaign's spend is not per
 * line), so the recorded figure stands there too.
 */
async function adSpendCorrection(ctx: AppContext, f: ResolvedFilter, key: AdSpendKey): Promise<Map<string, number>> {
  if (isEmptyFilter(f) || f.lineIds !== null || f.positionId !== null || f.listingIds !== null) return new Map();
  const k = (alias: string) => {
    const a = sql.raw(alias);
    if (key === 'period') return sql`'period'`;
    if (key === 'market') return sql`${a}.market_id::text`;
    return sql`to_char(date_trunc(${sql.raw(`'${key}'`)}, ${a}.day), 'YYYY-MM-DD')`;
  };
  const rows = await execRows<{ k: string; delta: string }>(
    ctx.db,
    sql`
    WITH cover AS (${adReportCover(f.shopIds)}),
    recorded AS (
      SELECT ${k('s')} AS k, sum(s.ad_spend_cents)::bigint AS cents
        FROM (${daySource(f, { days: true })}) s JOIN cover c ON c.shop_id = s.shop_id AND s.day BETWEEN c.first AND c.last
       GROUP BY 1
    ), reported AS (
      SELECT ${k('p')} AS k, sum(p.spend_cents)::bigint AS cents FROM (${adReportSpend(f)}) p GROUP BY 1
    )
    SELECT coalesce(recorded.k, reported.k) AS k, (coalesce(reported.cents, 0) - coalesce(recorded.cents, 0))::text AS delta
      FROM recorded FULL JOIN reported ON reported.k = recorded.k`,
  );
  return new Map(rows.map((r) => [r.k, Number(r.delta)]));
}

/** Measures with `cents` more ad spend: profit and margin follow. */
function withAdSpend<T extends { adSpend: number; profit: number; revenue: number; margin: number | null }>(m: T, cents = 0): T {
  if (cents === 0) return m;
  const adSpend = (Math.round(m.adSpend * 100) + cents) / 100;
  const profit = (Math.round(m.profit * 100) - cents) / 100;
  return { ...m, adSpend, profit, margin: margin(profit, m.revenue) };
}

export async function kpis(ctx: AppContext, scope: ShopScope, q: SalesFilter) {
  const f = await filterIn(ctx, scope, q);
  const length = daysBetween(f.start, f.end) + 1;
  const prev = { ...f, start: addDays(f.start, -length), end: addDays(f.start, -1) };
  const [current, previous, fix, prevFix] = await Promise.all([
    totals(ctx, f),
    totals(ctx, prev),
    adSpendCorrection(ctx, f, 'period'),
    adSpendCorrection(ctx, prev, 'period'),
  ]);
  return {
    startDate: f.start,
    endDate: f.end,
    previousStartDate: prev.start,
    previousEndDate: prev.end,
    currency: REPORTING_CURRENCY,
    current: withAdSpend(current, fix.get('period')),
    previous: withAdSpend(previous, prevFix.get('period')),
  };
}

/** The trend statement: every bucket of the period with its sums (`trend`; also run by the benchmark). */
export function trendStatement(f: ResolvedFilter, granularity: 'day' | 'week' | 'month'): SQL {
  const unit = sql.raw(`'${granularity}'`);
  const step = sql.raw(`'1 ${granularity}'`);
  return sql`
    WITH buckets AS (
      SELECT to_char(b, 'YYYY-MM-DD') AS bucket
        FROM generate_series(date_trunc(${unit}, ${f.start}::date), ${f.end}::date, ${step}::interval) b
    ), agg AS (
      SELECT to_char(date_trunc(${unit}, src.day), 'YYYY-MM-DD') AS bucket,
             ${SUM_SELECT}, min(settlement) AS settlement
        FROM (${daySource(f, { days: true })}) src
       GROUP BY 1
    )
    SELECT b.bucket, a.units, a.orders, a.revenue, a.refunds, a.fees, a.ad_spend, a.cogs, a.other_costs, a.settlement
      FROM buckets b LEFT JOIN agg a ON a.bucket = b.bucket ORDER BY b.bucket`;
}

export async function trend(ctx: AppContext, scope: ShopScope, q: SalesFilter & { granularity: 'day' | 'week' | 'month' }) {
  const f = await filterIn(ctx, scope, q);
  const [rows, fix] = await Promise.all([
    execRows<MeasureRow & { bucket: string; settlement: number | null }>(ctx.db, trendStatement(f, q.granularity)),
    adSpendCorrection(ctx, f, q.granularity),
  ]);
  return {
    currency: REPORTING_CURRENCY,
    points: rows.map((r) => {
      const m = withAdSpend(toMeasures(r), fix.get(r.bucket));
      return {
        // A week or month bucket starts before the period: show the period's first day.
        date: r.bucket < f.start ? f.start : r.bucket,
        units: m.units,
        revenue: m.revenue,
        profit: m.profit,
        adSpend: m.adSpend,
        settlement: r.settlement === null || r.settlement === undefined ? null : Number(r.settlement),
      };
    }),
  };
}

/** The marketplace split statement (`markets`; also run by the benchmark). */
export const marketsStatement = (f: ResolvedFilter): SQL =>
  sql`SELECT market_id, ${SUM_SELECT} FROM (${daySource(f)}) src GROUP BY market_id ORDER BY revenue DESC, market_id`;

export async function markets(ctx: AppContext, scope: ShopScope, q: SalesFilter) {
  const f = await filterIn(ctx, scope, q);
  if (isEmptyFilter(f)) return [];
  const [rows, fix] = await Promise.all([
    execRows<MeasureRow & { market_id: number }>(ctx.db, marketsStatement(f)),
    adSpendCorrection(ctx, f, 'market'),
  ]);
  return rows.map((r) => {
    const m = withAdSpend(toMeasures(r), fix.get(String(r.market_id)));
    return { marketId: Number(r.market_id), units: m.units, revenue: m.revenue, profit: m.profit };
  });
}

export async function skus(ctx: AppContext, scope: ShopScope, q: SalesFilter & { order: 'top' | 'bottom'; limit: number }) {
  const page = await list(ctx, scope, 'sku', {
    ...q,
    sortField: 'profit',
    sortOrder: q.order === 'top' ? 'desc' : 'asc',
    pageNum: 1,
    pageSize: q.limit,
  });
  return page.list;
}

const PANELS_KEY = 'dashboard.panels';
const ALL_SHOWN = Object.fromEntries(DASHBOARD_PANELS.map((p) => [p, true])) as Panels;

export async function panels(ctx: AppContext, actor: RequestActor): Promise<Panels> {
  const [row] = await execRows<{ value: string }>(
    ctx.db,
    sql`SELECT value FROM user_preferences WHERE user_id = ${actor.userId} AND key = ${PANELS_KEY}`,
  );
  if (!row) return ALL_SHOWN;
  const saved = JSON.parse(row.value) as Partial<Panels>;
  return Object.fromEntries(DASHBOARD_PANELS.map((p) => [p, saved[p] ?? true])) as Panels;
}

export async function savePanels(ctx: AppContext, actor: RequestActor, change: Partial<Panels>): Promise<Panels> {
  return ctx.db.transaction(async (tx) => {
    const before = await panels({ ...ctx, db: tx as unknown as AppContext['db'] }, actor);
    const after = { ...before, ...change };
    await tx.execute(sql`
      INSERT INTO user_preferences (user_id, key, value) VALUES (${actor.userId}, ${PANELS_KEY}, ${JSON.stringify(after)})
      ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    await audit(tx, actor, { action: 'update', entity: 'dashboard_panels', entityId: actor.userId, before, after });
    return after;
  });
}
