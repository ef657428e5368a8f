/**
 * The read side of sales: every list, total, KPI and trend is answered from the rollups
 * (sales_segment_day, sales_listing_month), never by scanning a period of raw facts:
 * - shop, product-line and director breakdowns, KPIs, trends and the market split sum
 *   sales_segment_day (one row per day, shop, line and position);
 * - the SKU breakdown sums sales_listing_month for the whole months of the period and
 *   the facts of the partial months at its edges.
 * A keyword (SKU, ASIN or title) narrows to the matching listings first; then every
 * breakdown reads those listings' facts, which the (listing_id, day) key finds directly.
 *
 * Profit and margin are defined here once (`PROFIT`, `margin()`).
 */

import type { Measures } from '@bo/contract/sales/sales-profit';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet } from '../../../db/sql';
import { usd } from '../facts/facts.service';

/** A filter after the service resolved scope and defaults: every set is explicit. */
export interface ResolvedFilter {
  start: string;
  end: string;
  /** The shops to read: the caller's visible shops, narrowed by the request. Never empty here. */
  shopIds: readonly number[];
  marketIds: readonly number[] | null;
  /** Product lines (a parent line expanded to its children, a director to the lines of its teams). */
  lineIds: readonly number[] | null;
  positionId: number | null;
  /** Listing ids matching the keyword; null when there is no keyword. */
  listingIds: readonly number[] | null;
}

/** The sums of any source with the rollup columns (reporting currency). */
export const SUM_SELECT = sql`sum(units)::bigint AS units, sum(orders)::bigint AS orders, sum(revenue) AS revenue,
  sum(refunds) AS refunds, sum(fees) AS fees, sum(ad_spend) AS ad_spend, sum(cogs) AS cogs, sum(other_costs) AS other_costs`;

/** Profit, over a row that has the summed columns. The one definition. */
export const PROFIT = sql`(revenue - refunds - fees - ad_spend - cogs - other_costs)`;

export const margin = (profit: number, revenue: number): number | null =>
  revenue === 0 ? null : Math.round((profit / revenue) * 10_000) / 10_000;

/** Facts of the filter's listings, shaped like a rollup row (reporting currency). */
function factsAsRollup(f: ResolvedFilter, from: string, to: string): SQL {
  return sql`
    SELECT f.listing_id, f.day, f.shop_id, f.market_id, f.product_line_id, f.position_id, f.settlement,
           f.units, f.orders, ${usd(sql`f.revenue`)} AS revenue, ${usd(sql`f.refunds`)} AS refunds,
           ${usd(sql`f.marketplace_fees`)} + ${usd(sql`f.fulfilment_fees`)} AS fees,
           ${usd(sql`f.ad_spend`)} AS ad_spend, ${usd(sql`f.cogs`)} AS cogs, ${usd(sql`f.other_costs`)} AS other_costs
      FROM sales_facts f
     WHERE ${factsWhere(f, from, to)}`;
}

/** True when the filter cannot match anything (no shop, line, listing or marketplace left). */
export const isEmptyFilter = (f: ResolvedFilter) =>
  f.shopIds.length === 0 || f.lineIds?.length === 0 || f.listingIds?.length === 0 || f.marketIds?.length === 0;

/** The filter's conditions on the facts (aliased `f`) of the days from `from` to `to`. */
export const factsWhere = (f: ResolvedFilter, from = f.start, to = f.end): SQL =>
  sql`f.day BETWEEN ${from}::date AND ${to}::date AND ${common(f, sql`f`)}`;

/** The filter's conditions on any table with shop_id, market_id, product_line_id, position_id. */
function common(f: ResolvedFilter, alias: SQL): SQL {
  const parts: SQL[] = [sql`${alias}.shop_id IN ${intSet(f.shopIds)}`];
  if (f.marketIds) parts.push(sql`${alias}.market_id IN ${intSet(f.marketIds)}`);
  if (f.lineIds) parts.push(sql`${alias}.product_line_id IN ${intSet(f.lineIds)}`);
  if (f.positionId !== null) parts.push(sql`${alias}.position_id = ${f.positionId}`);
  if (f.listingIds) parts.push(sql`${alias}.listing_id IN ${intSet(f.listingIds)}`);
  return sql.join(parts, sql` AND `);
}

/**
 * Day-grained rows (day, shop, market, line, position, sums, settlement) of the period:
 * the segment rollup, or the keyword's listings' facts.
 */
export function daySource(f: ResolvedFilter, start = f.start, end = f.end): SQL {
  if (f.listingIds) return factsAsRollup(f, start, end);
  const { listingIds: _ignored, ...rest } = f;
  return sql`
    SELECT s.day, s.shop_id, s.market_id, s.product_line_id, s.position_id, s.settlement,
           s.units, s.orders, s.revenue, s.refunds, s.fees, s.ad_spend, s.cogs, s.other_costs
      FROM sales_segment_day s
     WHERE s.day BETWEEN ${start}::date AND ${end}::date AND ${common({ ...rest, listingIds: null }, sql`s`)}`;
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const firstOfNextMonth = (day: string) => {
  const d = new Date(Date.parse(`${day.slice(0, 7)}-01T00:00:00Z`));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Listing-grained rows (listing_id, sums) of the period: whole months from the monthly
 * rollup, the edge days from the facts.
 */
export function listingSource(f: ResolvedFilter): SQL {
  // Whole months inside [start, end]: from the first month start >= start to the last month end <= end.
  const firstWhole = f.start.endsWith('-01') ? f.start : firstOfNextMonth(f.start);
  const afterEnd = addDays(f.end, 1);
  const lastWholeEnd = afterEnd.endsWith('-01') ? afterEnd : `${afterEnd.slice(0, 7)}-01`; // exclusive
  if (firstWhole >= lastWholeEnd) {
    return sql`SELECT listing_id, units, orders, revenue, refunds, fees, ad_spend, cogs, other_costs FROM (${factsAsRollup(f, f.start, f.end)}) e`;
  }
  const parts: SQL[] = [
    sql`SELECT m.listing_id, m.units, m.orders, m.revenue, m.refunds, m.fees, m.ad_spend, m.cogs, m.other_costs
          FROM sales_listing_month m
         WHERE m.month >= ${firstWhole}::date AND m.month < ${lastWholeEnd}::date AND ${common(f, sql`m`)}`,
  ];
  if (f.start < firstWhole) {
    parts.push(sql`SELECT listing_id, units, orders, revenue, refunds, fees, ad_spend, cogs, other_costs
                     FROM (${factsAsRollup(f, f.start, addDays(firstWhole, -1))}) a`);
  }
  if (lastWholeEnd <= f.end) {
    parts.push(sql`SELECT listing_id, units, orders, revenue, refunds, fees, ad_spend, cogs, other_costs
                     FROM (${factsAsRollup(f, lastWholeEnd, f.end)}) b`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

// ---- shaping ----------------------------------------------------------------------------

export interface MeasureRow extends Record<string, unknown> {
  units: string | number | null;
  orders: string | number | null;
  revenue: string | null;
  refunds: string | null;
  fees: string | null;
  ad_spend: string | null;
  cogs: string | null;
  other_costs: string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const money = (v: unknown) => Math.round(num(v) * 100) / 100;

export function toMeasures(r: MeasureRow): Measures {
  const m = {
    units: num(r.units),
    orders: num(r.orders),
    revenue: money(r.revenue),
    refunds: money(r.refunds),
    fees: money(r.fees),
    adSpend: money(r.ad_spend),
    cogs: money(r.cogs),
    otherCosts: money(r.other_costs),
  };
  // The same formula as PROFIT, on the same rounded figures.
  const profit = Math.round((m.revenue - m.refunds - m.fees - m.adSpend - m.cogs - m.otherCosts) * 100) / 100;
  return { ...m, profit, margin: margin(profit, m.revenue) };
}

/** SQL for a sort field over an aggregated row (measures) or a key column. */
export function orderBy(sortField: string, sortOrder: 'asc' | 'desc', keys: Record<string, SQL>, tieBreak: SQL): SQL {
  const dir = sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  const measures: Record<string, SQL> = {
    units: sql`units`,
    orders: sql`orders`,
    revenue: sql`revenue`,
    refunds: sql`refunds`,
    fees: sql`fees`,
    adSpend: sql`ad_spend`,
    cogs: sql`cogs`,
    otherCosts: sql`other_costs`,
    profit: PROFIT,
    margin: sql`(CASE WHEN revenue = 0 THEN NULL ELSE ${PROFIT} / revenue END)`,
  };
  const expr = measures[sortField] ?? keys[sortField] ?? sql`revenue`;
  return sql`${expr} ${dir} NULLS LAST, ${tieBreak}`;
}

export async function execRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}
