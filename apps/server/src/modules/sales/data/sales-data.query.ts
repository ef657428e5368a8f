/**
 * The rollup reads of the sales-data screens, all in integer cents:
 * - `periodColumns`: the day / ISO week / month columns of a period, clipped to it;
 * - `listingBuckets`: listing rollup rows that cover each column exactly (whole months,
 *   whole weeks, edge days: `coverPeriod` per column), tagged with their column;
 * - `segmentBuckets`: sales_segment_day rows tagged with their column;
 * - `keyedListingCents`: one row per listing (with shop, marketplace, line, position)
 *   over the period, from the listing rollups.
 * Never sales_facts: a keyword narrows the listing rollups by listing id instead.
 */

import type { Granularity, SeriesPeriod } from '@bo/contract/sales/sales-data';
import type { Measure } from '@bo/contract/sales/sales-profit';
import { type SQL, sql } from 'drizzle-orm';
import { ROLLUP_CENTS } from '../facts/facts.service';
import {
  addDays,
  type CoverRange,
  common,
  coverPeriod,
  margin,
  perCoverUnit,
  type ResolvedFilter,
  sumInt,
  toMeasures,
} from '../profit/sales-query';

const DAY = 86_400_000;
const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of the day, ISO week (Monday) or month holding `day`. */
export function bucketKey(day: string, g: Granularity): string {
  const d = dayOf(day);
  if (g === 'day') return day;
  if (g === 'week') return isoOf(new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY));
  return `${day.slice(0, 7)}-01`;
}

function nextBucket(key: string, g: Granularity): string {
  if (g === 'day') return addDays(key, 1);
  if (g === 'week') return addDays(key, 7);
  const d = dayOf(key);
  return isoOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

/** The columns of a period: each day, ISO week or month touching it, clipped to it. */
export function periodColumns(start: string, end: string, g: Granularity): SeriesPeriod[] {
  const out: SeriesPeriod[] = [];
  for (let key = bucketKey(start, g); key <= end; key = nextBucket(key, g)) {
    const last = addDays(nextBucket(key, g), -1);
    out.push({ key, startDate: key < start ? start : key, endDate: last > end ? end : last });
  }
  return out;
}

/** How many columns a period has, without listing them (for the limit check). */
export function countColumns(start: string, end: string, g: Granularity): number {
  if (g === 'day') return Math.round((dayOf(end).getTime() - dayOf(start).getTime()) / DAY) + 1;
  if (g === 'week')
    return Math.round((dayOf(bucketKey(end, 'week')).getTime() - dayOf(bucketKey(start, 'week')).getTime()) / (7 * DAY)) + 1;
  const a = dayOf(start);
  const b = dayOf(end);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() + 1;
}

export const SUM_CENTS = sql.raw(ROLLUP_CENTS.map((c) => sumInt(c)).join(', '));

/** Adjacent ranges of one unit merged (fewer OR branches). */
function merge(ranges: CoverRange[]): CoverRange[] {
  const out: CoverRange[] = [];
  for (const r of [...ranges].sort((a, b) => (a.unit === b.unit ? a.from.localeCompare(b.from) : a.unit.localeCompare(b.unit)))) {
    const last = out[out.length - 1];
    if (last && last.unit === r.unit && addDays(last.to, 1) === r.from) last.to = r.to;
    else out.push({ ...r });
  }
  return out;
}

/**
 * Listing rollup rows (listing_id, shop_id, market_id, product_line_id, position_id,
 * bucket, cent columns; not grouped) that cover the filter's period exactly. With a
 * granularity each row is tagged with its column (`bucket`, the column's key); each
 * column is covered on its own, so no rollup row straddles two columns.
 */
export function listingBuckets(f: ResolvedFilter, g: Granularity | null): SQL {
  const ranges = g
    ? merge(periodColumns(f.start, f.end, g).flatMap((c) => coverPeriod(c.startDate, c.endDate)))
    : coverPeriod(f.start, f.end);
  const parts = perCoverUnit(ranges, ({ unit, table, col, within }) => {
    // A rollup row of the column's own unit is keyed by the column's first day already.
    const bucket = !g ? sql`NULL::date` : g === unit ? col : sql`date_trunc(${sql.raw(`'${g}'`)}, ${col})::date`;
    return sql`
      SELECT r.listing_id, r.shop_id, r.market_id, r.product_line_id, r.position_id, ${bucket} AS bucket,
             r.units, r.orders, r.revenue_cents, r.refunds_cents, r.fees_cents, r.ad_spend_cents, r.cogs_cents, r.other_costs_cents
        FROM ${table} r
       WHERE (${within}) AND ${common(f, sql`r`)}`;
  });
  if (parts.length === 0) {
    return sql`SELECT NULL::int AS listing_id, NULL::int AS shop_id, NULL::smallint AS market_id, NULL::int AS product_line_id,
      NULL::int AS position_id, NULL::date AS bucket, ${sql.raw(ROLLUP_CENTS.map((c) => `0::bigint AS ${c}`).join(', '))} WHERE false`;
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** Segment rollup rows (shop_id, market_id, product_line_id, position_id, bucket, sums in money) of the period. */
function segmentBuckets(f: ResolvedFilter, g: Granularity | null): SQL {
  const bucket = !g ? sql`NULL::date` : g === 'day' ? sql`s.day` : sql`date_trunc(${sql.raw(`'${g}'`)}, s.day)::date`;
  const { listingIds: _none, ...rest } = f;
  return sql`
    SELECT s.shop_id, s.market_id, s.product_line_id, s.position_id, ${bucket} AS bucket, s.units, s.orders, s.revenue,
           s.refunds, s.fees, s.ad_spend, s.cogs, s.other_costs
      FROM sales_segment_day s
     WHERE s.day BETWEEN ${f.start}::date AND ${f.end}::date AND ${common({ ...rest, listingIds: null }, sql`s`)}`;
}

/** Sums of segment rows in cents: money summed as numeric, turned into cents once per group. */
const SEGMENT_SUM_CENTS = sql.raw(
  [
    sumInt('units'),
    sumInt('orders'),
    ...['revenue', 'refunds', 'fees', 'ad_spend', 'cogs', 'other_costs'].map((c) => `(sum(${c}) * 100)::bigint AS ${c}_cents`),
  ].join(', '),
);

/**
 * How many rollup rows of each kind one unit of the period costs to read, measured on the
 * large demo data (21,742 listings, ~1,060 segments a day): a listing rollup row is read
 * about twice as fast as a segment row (integers), but there are ~14 listings per segment.
 * The segment rollup answers short periods and days; the listing rollups (whole months and
 * weeks) answer long periods, e.g. two years by month: 110 ms instead of 490 ms.
 */
const SEGMENT_DAY_COST = 1;
const LISTING_UNIT_COST = 8;

/** True when the listing rollups cover the period (by column) more cheaply than the segment rollup's days. */
export function listingsAreCheaper(f: ResolvedFilter, g: Granularity | null): boolean {
  const ranges = g
    ? periodColumns(f.start, f.end, g).flatMap((c) => coverPeriod(c.startDate, c.endDate))
    : coverPeriod(f.start, f.end);
  const days = (r: CoverRange) => Math.round((Date.parse(r.to) - Date.parse(r.from)) / DAY) + 1;
  const perRange = (r: CoverRange) =>
    r.unit === 'day'
      ? days(r)
      : r.unit === 'week'
        ? days(r) / 7
        : countColumns(r.from, r.to, 'month') / (r.unit === 'year' ? 12 : r.unit === 'quarter' ? 3 : 1);
  const units = ranges.reduce((n, r) => n + perRange(r), 0);
  const periodDays = Math.round((Date.parse(f.end) - Date.parse(f.start)) / DAY) + 1;
  return units * LISTING_UNIT_COST < periodDays * SEGMENT_DAY_COST;
}

/**
 * Cent sums per group: `keys` (SQL over rows aliased src with shop_id, market_id,
 * product_line_id, position_id, bucket) after `joins`, grouped by the first `keys.length`
 * columns. Reads the segment rollup or the listing rollups, whichever is cheaper for the
 * period (a keyword always reads its listings' rollups); the figures are the same to the cent.
 */
export function sumsBy(f: ResolvedFilter, g: Granularity | null, keys: readonly SQL[], joins: SQL = sql``): SQL {
  const listings = Boolean(f.listingIds) || listingsAreCheaper(f, g);
  const source = listings ? listingBuckets(f, g) : segmentBuckets(f, g);
  const groupBy = keys.length ? sql`GROUP BY ${sql.raw(keys.map((_, i) => String(i + 1)).join(', '))}` : sql``;
  return sql`
    SELECT ${keys.length ? sql`${sql.join([...keys], sql`, `)}, ` : sql``}${listings ? SUM_CENTS : SEGMENT_SUM_CENTS}
      FROM (${source}) src ${joins}
     ${groupBy}`;
}

/** One row per listing (and its shop, marketplace, line, position as rolled up) with its cents over the period. */
export const keyedListingCents = (f: ResolvedFilter): SQL => sql`
  SELECT listing_id, shop_id, market_id, product_line_id, position_id, ${SUM_CENTS}
    FROM (${listingBuckets(f, null)}) b
   GROUP BY listing_id, shop_id, market_id, product_line_id, position_id`;

// ---- cents in JS ---------------------------------------------------------------------------------

/** Sums in cents (units and orders as counts). */
export interface Cents {
  units: number;
  orders: number;
  revenue: number;
  refunds: number;
  fees: number;
  adSpend: number;
  cogs: number;
  otherCosts: number;
}

export const zeroCents = (): Cents => ({
  units: 0,
  orders: 0,
  revenue: 0,
  refunds: 0,
  fees: 0,
  adSpend: 0,
  cogs: 0,
  otherCosts: 0,
});

export const centsOf = (r: Record<string, unknown>): Cents => ({
  units: Number(r.units ?? 0),
  orders: Number(r.orders ?? 0),
  revenue: Number(r.revenue_cents ?? 0),
  refunds: Number(r.refunds_cents ?? 0),
  fees: Number(r.fees_cents ?? 0),
  adSpend: Number(r.ad_spend_cents ?? 0),
  cogs: Number(r.cogs_cents ?? 0),
  otherCosts: Number(r.other_costs_cents ?? 0),
});

export function addCents(into: Cents, c: Cents): Cents {
  into.units += c.units;
  into.orders += c.orders;
  into.revenue += c.revenue;
  into.refunds += c.refunds;
  into.fees += c.fees;
  into.adSpend += c.adSpend;
  into.cogs += c.cogs;
  into.otherCosts += c.otherCosts;
  return into;
}

export const profitCents = (c: Cents) => c.revenue - c.refunds - c.fees - c.adSpend - c.cogs - c.otherCosts;

/** True when a row has any figure at all. */
export const hasFigures = (c: Cents) =>
  c.units !== 0 ||
  c.orders !== 0 ||
  c.revenue !== 0 ||
  c.refunds !== 0 ||
  c.fees !== 0 ||
  c.adSpend !== 0 ||
  c.cogs !== 0 ||
  c.otherCosts !== 0;

/** The measures of /salesProfit (money, profit, margin) from cents: the same figures, by the same formula. */
export const measuresOf = (c: Cents) =>
  toMeasures({
    units: c.units,
    orders: c.orders,
    revenue: String(c.revenue / 100),
    refunds: String(c.refunds / 100),
    fees: String(c.fees / 100),
    ad_spend: String(c.adSpend / 100),
    cogs: String(c.cogs / 100),
    other_costs: String(c.otherCosts / 100),
  });

/** One measure of cents: counts as they are, money in the currency, the margin as a ratio (null without revenue). */
export function measureOf(c: Cents, m: Measure): number | null {
  switch (m) {
    case 'units':
      return c.units;
    case 'orders':
      return c.orders;
    case 'profit':
      return profitCents(c) / 100;
    case 'margin':
      return margin(profitCents(c), c.revenue);
    default:
      return c[m] / 100;
  }
}

/** The measure over summed cent columns in SQL (for sorting); margin as float, null without revenue. */
export function measureSql(m: Measure, alias = ''): SQL {
  const p = alias ? `${alias}.` : '';
  const profit = `(${p}revenue_cents - ${p}refunds_cents - ${p}fees_cents - ${p}ad_spend_cents - ${p}cogs_cents - ${p}other_costs_cents)`;
  const cols: Record<Measure, string> = {
    units: `${p}units`,
    orders: `${p}orders`,
    revenue: `${p}revenue_cents`,
    refunds: `${p}refunds_cents`,
    fees: `${p}fees_cents`,
    adSpend: `${p}ad_spend_cents`,
    cogs: `${p}cogs_cents`,
    otherCosts: `${p}other_costs_cents`,
    profit,
    margin: `(CASE WHEN ${p}revenue_cents = 0 THEN NULL ELSE ${profit}::float8 / ${p}revenue_cents END)`,
  };
  return sql.raw(cols[m]);
}
