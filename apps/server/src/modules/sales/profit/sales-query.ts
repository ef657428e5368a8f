/**
 * The read side of sales: every list, total, KPI and trend is answered from the rollups,
 * never by scanning a period of raw facts:
 * - shop, product-line and director breakdowns, KPIs, trends and the market split sum
 *   sales_segment_day (one row per day, shop, line and position);
 * - the SKU breakdown sums the listing rollups (per day, ISO week and month, in cents)
 *   over the fewest rows that cover the period: about one row per listing and unit.
 * A keyword (SKU, ASIN or title) narrows to the matching listings first; then the day
 * breakdowns read those listings' facts, which the (listing_id, day) key finds directly.
 *
 * Profit and margin are defined here once (`PROFIT`, `margin()`).
 */

import type { Measures } from '@bo/contract/sales/sales-profit';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { anyInt } from '../../../db/sql';
import { ROLLUP_CENTS, usd } from '../facts/facts.service';

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
  /**
   * Read for an external shop account: sales directors and teams are the company's
   * organisation, so a director breakdown is one neutral row of its own sales
   * (`resolveFilter` sets it from the caller).
   */
  external?: boolean;
}

const MONEY_COLUMNS = ['revenue', 'refunds', 'fees', 'ad_spend', 'cogs', 'other_costs'] as const;

/**
 * `sum(<integer column>)::bigint AS <alias>`, added up in float8: exact, because every
 * partial sum of integers below 2^53 (90 trillion dollars in cents) is a float8 without
 * rounding, and 2.5x faster than PostgreSQL's sum(bigint), which adds in numeric
 * (1.26M listing-day rows by listing: 340 ms against 850 ms on the large demo data).
 * `filter` adds a FILTER clause (SQL text, trusted callers only).
 */
export const sumInt = (column: string, alias = column, filter = ''): string =>
  `(sum((${column})::float8)${filter ? ` FILTER (WHERE ${filter})` : ''})::bigint AS ${alias}`;

/**
 * The sums of a `daySource` (cent columns), as units, orders and money of the reporting
 * currency (revenue, refunds, fees, ad_spend, cogs, other_costs: numeric, exact to the cent).
 */
export const SUM_SELECT = sql.raw(
  [
    sumInt('units'),
    sumInt('orders'),
    ...MONEY_COLUMNS.map((c) => `(sum(${c}_cents::float8)::bigint / 100.0)::numeric(16,2) AS ${c}`),
  ].join(', '),
);

/** The sums of a `daySource` kept in cents, under the same names (to be summed again by SUM_SELECT). */
export const SUM_CENTS_SELECT = sql.raw(
  [sumInt('units'), sumInt('orders'), ...MONEY_COLUMNS.map((c) => sumInt(`${c}_cents`))].join(', '),
);

/** Profit, over a row that has the summed columns. The one definition. */
export const PROFIT = sql`(revenue - refunds - fees - ad_spend - cogs - other_costs)`;

export const margin = (profit: number, revenue: number): number | null =>
  revenue === 0 ? null : Math.round((profit / revenue) * 10_000) / 10_000;

/** The cent columns of a `daySource` row computed from money columns of `alias` (segment-day rows). */
const centsOfMoney = (alias: string) =>
  sql.raw(MONEY_COLUMNS.map((c) => `(${alias}.${c} * 100)::bigint AS ${c}_cents`).join(', '));

/** Facts of the filter's listings, shaped like a `daySource` row (reporting currency, cents). */
function factsAsRollup(f: ResolvedFilter, from: string, to: string): SQL {
  const c = (money: SQL) => sql`(${money} * 100)::bigint`;
  return sql`
    SELECT f.day, f.shop_id, f.market_id, f.product_line_id, f.position_id, f.settlement,
           f.units, f.orders, ${c(usd(sql`f.revenue`))} AS revenue_cents, ${c(usd(sql`f.refunds`))} AS refunds_cents,
           ${c(sql`${usd(sql`f.marketplace_fees`)} + ${usd(sql`f.fulfilment_fees`)}`)} AS fees_cents,
           ${c(usd(sql`f.ad_spend`))} AS ad_spend_cents, ${c(usd(sql`f.cogs`))} AS cogs_cents,
           ${c(usd(sql`f.other_costs`))} AS other_costs_cents
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
export function common(f: ResolvedFilter, alias: SQL): SQL {
  const parts: SQL[] = [sql`${alias}.shop_id = ${anyInt(f.shopIds)}`];
  if (f.marketIds) parts.push(sql`${alias}.market_id = ${anyInt(f.marketIds)}`);
  if (f.lineIds) parts.push(sql`${alias}.product_line_id = ${anyInt(f.lineIds)}`);
  if (f.positionId !== null) parts.push(sql`${alias}.position_id = ${f.positionId}`);
  if (f.listingIds) parts.push(sql`${alias}.listing_id = ${anyInt(f.listingIds)}`);
  return sql.join(parts, sql` AND `);
}

/** What a `daySource` reader needs besides the sums. */
export interface DaySourceNeeds {
  /** Rows of single days (a trend); otherwise whole months may come as one row. */
  days?: boolean;
  /** The product line and position of each row (line and director breakdowns). */
  lines?: boolean;
}

/** The first and last day of the whole calendar months inside [start, end], or null. */
function wholeMonths(start: string, end: string): { from: string; to: string } | null {
  const s = new Date(`${start}T00:00:00Z`);
  const from =
    s.getUTCDate() === 1 ? start : new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  const e = new Date(`${end}T00:00:00Z`);
  const last = new Date(Date.UTC(e.getUTCFullYear(), e.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const to = last === end ? end : new Date(Date.UTC(e.getUTCFullYear(), e.getUTCMonth(), 0)).toISOString().slice(0, 10);
  return from <= to ? { from, to } : null;
}

/**
 * Rows (day, shop_id, market_id, product_line_id, position_id, settlement, units, orders and
 * the cent columns revenue_cents … other_costs_cents) whose sums are the filter's figures
 * over the period, from the smallest rollup that can answer:
 * - a keyword: its listings' facts;
 * - no product line or position asked for nor filtered on: sales_shop_day (one row per shop
 *   and day; `product_line_id` and `position_id` are NULL);
 * - lines over a period: sales_segment_month for the whole months, sales_segment_day for
 *   the days around them (`day` is then a month's first day);
 * - lines by day: sales_segment_day.
 */
export function daySource(f: ResolvedFilter, needs: DaySourceNeeds = {}): SQL {
  const { start, end } = f;
  if (f.listingIds) return factsAsRollup(f, start, end);
  const where = (alias: string) => common({ ...f, listingIds: null }, sql.raw(alias));
  if (!needs.lines && f.lineIds === null && f.positionId === null) {
    return sql`
      SELECT s.day, s.shop_id, s.market_id, NULL::int AS product_line_id, NULL::int AS position_id, s.settlement,
             s.units, s.orders, s.revenue_cents, s.refunds_cents, s.fees_cents, s.ad_spend_cents, s.cogs_cents,
             s.other_costs_cents
        FROM sales_shop_day s
       WHERE s.day BETWEEN ${start}::date AND ${end}::date AND ${where('s')}`;
  }
  const segmentDays = (from: string, to: string) => sql`
    SELECT s.day, s.shop_id, s.market_id, s.product_line_id, s.position_id, s.settlement, s.units, s.orders,
           ${centsOfMoney('s')}
      FROM sales_segment_day s
     WHERE s.day BETWEEN ${from}::date AND ${to}::date AND ${where('s')}`;
  const months = needs.days ? null : wholeMonths(start, end);
  if (!months) return segmentDays(start, end);
  const parts: SQL[] = [
    sql`
    SELECT m.month AS day, m.shop_id, m.market_id, m.product_line_id, m.position_id, m.settlement, m.units, m.orders,
           m.revenue_cents, m.refunds_cents, m.fees_cents, m.ad_spend_cents, m.cogs_cents, m.other_costs_cents
      FROM sales_segment_month m
     WHERE m.month BETWEEN ${months.from}::date AND ${months.to}::date AND ${where('m')}`,
  ];
  if (start < months.from) parts.push(segmentDays(start, addDays(months.from, -1)));
  if (months.to < end) parts.push(segmentDays(addDays(months.to, 1), end));
  return sql.join(parts, sql` UNION ALL `);
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export type CoverUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';
/** Consecutive blocks of one unit: [from, to] inclusive, in days. */
export interface CoverRange {
  unit: CoverUnit;
  from: string;
  to: string;
}

/**
 * The fewest rollup rows that cover a period exactly: whole calendar years, quarters and
 * months, whole ISO weeks and single days, chosen by a shortest path over the days (each
 * unit reads about one row per listing, a longer unit a little more than a shorter one,
 * because more listings sold in it). Answers the ranges, consecutive blocks of one unit merged.
 */
export function coverPeriod(start: string, end: string): CoverRange[] {
  const t0 = Date.parse(`${start}T00:00:00Z`);
  const n = Math.round((Date.parse(`${end}T00:00:00Z`) - t0) / 86_400_000) + 1;
  if (n <= 0) return [];
  const dayAt = (i: number) => new Date(t0 + i * 86_400_000);
  const cost = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  const step = new Array<{ from: number; unit: CoverUnit }>(n + 1);
  cost[0] = 0;
  const weight: Record<CoverUnit, number> = { day: 1, week: 1.2, month: 1.3, quarter: 1.4, year: 1.5 };
  for (let i = 0; i < n; i++) {
    const here = cost[i] as number;
    const d = dayAt(i);
    const moves: Array<[CoverUnit, number]> = [['day', i + 1]];
    if (d.getUTCDay() === 1) moves.push(['week', i + 7]);
    if (d.getUTCDate() === 1) {
      const after = (months: number) =>
        i + Math.round((Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1) - d.getTime()) / 86_400_000);
      moves.push(['month', after(1)]);
      if (d.getUTCMonth() % 3 === 0) moves.push(['quarter', after(3)]);
      if (d.getUTCMonth() === 0) moves.push(['year', after(12)]);
    }
    for (const [unit, j] of moves) {
      if (j <= n && here + weight[unit] < (cost[j] as number)) {
        cost[j] = here + weight[unit];
        step[j] = { from: i, unit };
      }
    }
  }
  const blocks: Array<{ unit: CoverUnit; from: number; to: number }> = [];
  for (let j = n; j > 0; ) {
    const s = step[j] as { from: number; unit: CoverUnit };
    blocks.unshift({ unit: s.unit, from: s.from, to: j - 1 });
    j = s.from;
  }
  const ranges: CoverRange[] = [];
  const iso = (i: number) => dayAt(i).toISOString().slice(0, 10);
  for (const b of blocks) {
    const last = ranges[ranges.length - 1];
    if (last && last.unit === b.unit && last.to === iso(b.from - 1)) last.to = iso(b.to);
    else ranges.push({ unit: b.unit, from: iso(b.from), to: iso(b.to) });
  }
  return ranges;
}

/**
 * The listing × day rollup rows of the filter's period (listing_id, day, market_id and the
 * cent columns): for small listing-grained series, e.g. one product's weekly trend.
 */
export function listingDayCents(f: ResolvedFilter): SQL {
  return sql`
    SELECT r.listing_id, r.day, r.market_id, r.units, r.orders, r.revenue_cents, r.refunds_cents, r.fees_cents,
           r.ad_spend_cents, r.cogs_cents, r.other_costs_cents
      FROM sales_listing_day r
     WHERE r.day BETWEEN ${f.start}::date AND ${f.end}::date AND ${common(f, sql`r`)}`;
}

/** The listing rollup of each cover unit: its table and the column holding the unit's first day. */
export const ROLLUP_OF: Readonly<Record<CoverUnit, { table: string; column: string }>> = {
  day: { table: 'sales_listing_day', column: 'day' },
  week: { table: 'sales_listing_week', column: 'week' },
  month: { table: 'sales_listing_month', column: 'month' },
  quarter: { table: 'sales_listing_quarter', column: 'quarter' },
  year: { table: 'sales_listing_year', column: 'year' },
};
/** Every cover unit, longest first. */
export const COVER_UNITS: readonly CoverUnit[] = ['year', 'quarter', 'month', 'week', 'day'];

/**
 * One row per listing of the filter with its sums of the period in cents (listing_id,
 * units, orders, revenue_cents … other_costs_cents, all bigint): the listing rollups over
 * the fewest rows that cover the period (`coverPeriod`), summed as integers.
 *
 * A period that ends on or after the last day with sales (the usual "up to today") is read
 * as if it ran to the end of its year: the rollups of the month, quarter or year it ends in
 * then hold nothing beyond it, and read about one row per listing instead of a week's and a
 * few days' rows (the large data, 90 days: 182,000 rows → 92,000, 119 → 76 ms). Whether
 * any sale lies after the end is asked in the same statement (an index probe), so both
 * covers are in it and only the true one is read: exact whatever is written meanwhile.
 */
export function listingCents(f: ResolvedFilter): SQL {
  const exact = coverPeriod(f.start, f.end);
  const open = coverPeriod(f.start, `${f.end.slice(0, 4)}-12-31`);
  let parts: SQL[];
  if (JSON.stringify(open) === JSON.stringify(exact)) parts = coverRows(f, exact, null);
  else {
    // The last day of any shop: the first entry of the day index (EXISTS would scan the table
    // from its oldest day; a shop filter would walk the whole index for shops without sales).
    const later = sql`COALESCE((SELECT max(x.day) FROM sales_listing_day x) > ${f.end}::date, false)`;
    parts = [...coverRows(f, exact, later), ...coverRows(f, open, sql`NOT ${later}`)];
  }
  if (parts.length === 0) {
    parts.push(sql`SELECT NULL::int AS listing_id, 0::bigint AS units, 0::bigint AS orders, 0::bigint AS revenue_cents,
      0::bigint AS refunds_cents, 0::bigint AS fees_cents, 0::bigint AS ad_spend_cents, 0::bigint AS cogs_cents,
      0::bigint AS other_costs_cents WHERE false`);
  }
  const total = (c: string) => sql.raw(sumInt(c));
  return sql`
    SELECT listing_id, ${sql.join(ROLLUP_CENTS.map(total), sql`, `)}
      FROM (${sql.join(parts, sql` UNION ALL `)}) c
     GROUP BY listing_id`;
}

/** One cover unit's listing rollup as a statement reads it, aliased `r`. */
export interface UnitRollup {
  unit: CoverUnit;
  table: SQL;
  /** The column holding the unit's first day, as `r.…`. */
  col: SQL;
  /** The condition that keeps the rows of the unit's ranges. */
  within: SQL;
}

/** One statement per cover unit that `ranges` use, longest unit first, each made by `select` from that unit's rollup. */
export function perCoverUnit(ranges: readonly CoverRange[], select: (rollup: UnitRollup) => SQL): SQL[] {
  const parts: SQL[] = [];
  for (const unit of COVER_UNITS) {
    const mine = ranges.filter((r) => r.unit === unit);
    if (mine.length === 0) continue;
    const { table, column } = ROLLUP_OF[unit];
    const col = sql.raw(`r.${column}`);
    const within = sql.join(
      mine.map((r) => sql`${col} BETWEEN ${r.from}::date AND ${r.to}::date`),
      sql` OR `,
    );
    parts.push(select({ unit, table: sql.raw(table), col, within }));
  }
  return parts;
}

/** The filter's listing rollup rows of a cover, one SELECT per unit; `when`: a condition of the whole statement that gates them. */
function coverRows(f: ResolvedFilter, ranges: readonly CoverRange[], when: SQL | null): SQL[] {
  return perCoverUnit(
    ranges,
    ({ table, within }) => sql`
      SELECT r.listing_id, r.units, r.orders, r.revenue_cents, r.refunds_cents, r.fees_cents, r.ad_spend_cents,
             r.cogs_cents, r.other_costs_cents
        FROM ${table} r
       WHERE (${within}) AND ${common(f, sql`r`)}${when ? sql` AND ${when}` : sql``}`,
  );
}

/** The listing_id and every cent column of a `listingCents` row aliased `alias`, by name. */
export const listingCentsColumns = (alias: string) =>
  sql.raw(['listing_id', ...ROLLUP_CENTS].map((c) => `${alias}.${c}`).join(', '));

/** Rows of `listingCents` (aliased `c`) as rows with the SUM_SELECT columns, in money. */
export const centsAsMoney = (cents: SQL) => sql`
  SELECT c.*, (c.revenue_cents / 100.0)::numeric(16,2) AS revenue, (c.refunds_cents / 100.0)::numeric(16,2) AS refunds,
         (c.fees_cents / 100.0)::numeric(16,2) AS fees, (c.ad_spend_cents / 100.0)::numeric(16,2) AS ad_spend,
         (c.cogs_cents / 100.0)::numeric(16,2) AS cogs, (c.other_costs_cents / 100.0)::numeric(16,2) AS other_costs
    FROM (${cents}) c`;

/**
 * One row per listing of the filter with its sums of the period (listing_id and the
 * SUM_SELECT columns, reporting currency; also the cent columns of `listingCents`).
 */
export function listingSource(f: ResolvedFilter): SQL {
  return centsAsMoney(listingCents(f));
}

/** `orderBy` over `listingCents` rows: the same measures, compared in cents. */
export function orderByCents(sortField: string, sortOrder: 'asc' | 'desc', tieBreak: SQL): SQL {
  const dir = sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  const profit = sql`(revenue_cents - refunds_cents - fees_cents - ad_spend_cents - cogs_cents - other_costs_cents)`;
  const measures: Record<string, SQL> = {
    units: sql`units`,
    orders: sql`orders`,
    revenue: sql`revenue_cents`,
    refunds: sql`refunds_cents`,
    fees: sql`fees_cents`,
    adSpend: sql`ad_spend_cents`,
    cogs: sql`cogs_cents`,
    otherCosts: sql`other_costs_cents`,
    profit,
    margin: sql`(CASE WHEN revenue_cents = 0 THEN NULL ELSE ${profit}::float8 / revenue_cents END)`,
  };
  return sql`${measures[sortField] ?? sql`revenue_cents`} ${dir} NULLS LAST, ${tieBreak}`;
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
