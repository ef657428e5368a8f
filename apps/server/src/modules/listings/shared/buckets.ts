/**
 * Listing figures per day, ISO week or calendar month, from the listing rollups only:
 * each bucket of the period (clipped to it) is covered by the fewest rollup rows
 * (`coverPeriod`), so a whole month reads the month row, a whole week the week row, and
 * only the edges read days. Every row read lies inside one bucket, so grouping by the
 * bucket of the row's date is exact.
 */
import { type SQL, sql } from 'drizzle-orm';
import { intSet } from '../../../db/sql';
import { ROLLUP_CENTS } from '../../sales/facts/facts.service';
import { addDays, COVER_UNITS, type CoverRange, coverPeriod, perCoverUnit, sumInt } from '../../sales/profit/sales-query';

export type Granularity = 'day' | 'week' | 'month';

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The buckets of a period, each clipped to it: [from, to] inclusive. */
export function periodBuckets(start: string, end: string, granularity: Granularity): Array<{ from: string; to: string }> {
  const out: Array<{ from: string; to: string }> = [];
  let from = start;
  while (from <= end) {
    const d = new Date(`${from}T00:00:00Z`);
    let next: string;
    if (granularity === 'day') next = addDays(from, 1);
    else if (granularity === 'week') next = addDays(from, (8 - d.getUTCDay()) % 7 || 7);
    else next = iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    const to = addDays(next, -1) < end ? addDays(next, -1) : end;
    out.push({ from, to });
    from = next;
  }
  return out;
}

/** The rollup ranges that cover every bucket of the period. */
export function bucketRanges(start: string, end: string, granularity: Granularity): CoverRange[] {
  return periodBuckets(start, end, granularity).flatMap((b) => coverPeriod(b.from, b.to));
}

/**
 * Rows (bucket, listing_id, units, orders, revenue_cents … other_costs_cents) of the given
 * listings: one per listing and bucket that has rollup rows. `bucket` is the bucket's
 * first day (yyyy-MM-dd), possibly before the period's start for the first bucket.
 */
export function bucketCents(listingIds: readonly number[], start: string, end: string, granularity: Granularity): SQL {
  // Consecutive ranges of one unit are merged, so the list stays short.
  const merged: CoverRange[] = [];
  for (const unit of COVER_UNITS) {
    let last: CoverRange | undefined;
    for (const r of bucketRanges(start, end, granularity).filter((x) => x.unit === unit)) {
      if (last && addDays(last.to, 1) === r.from) last.to = r.to;
      else {
        last = { ...r };
        merged.push(last);
      }
    }
  }
  const parts = perCoverUnit(
    merged,
    ({ table, col, within }) => sql`
      SELECT to_char(date_trunc(${sql.raw(`'${granularity}'`)}, ${col}::timestamp), 'YYYY-MM-DD') AS bucket, r.listing_id, r.units, r.orders,
             r.revenue_cents, r.refunds_cents, r.fees_cents, r.ad_spend_cents, r.cogs_cents, r.other_costs_cents
        FROM ${table} r
       WHERE r.listing_id IN ${intSet(listingIds)} AND (${within})`,
  );
  if (parts.length === 0 || listingIds.length === 0) {
    return sql`SELECT NULL::text AS bucket, NULL::int AS listing_id, 0::bigint AS units, 0::bigint AS orders,
      0::bigint AS revenue_cents, 0::bigint AS refunds_cents, 0::bigint AS fees_cents, 0::bigint AS ad_spend_cents,
      0::bigint AS cogs_cents, 0::bigint AS other_costs_cents WHERE false`;
  }
  const total = (c: string) => sql.raw(sumInt(c));
  return sql`
    SELECT bucket, listing_id, ${sql.join(ROLLUP_CENTS.map(total), sql`, `)}
      FROM (${sql.join(parts, sql` UNION ALL `)}) u
     GROUP BY bucket, listing_id`;
}

/** Cents columns as the money columns `toMeasures` reads. */
export const CENTS_AS_MONEY =
  sql.raw(`(revenue_cents / 100.0)::numeric(16,2) AS revenue, (refunds_cents / 100.0)::numeric(16,2) AS refunds,
  (fees_cents / 100.0)::numeric(16,2) AS fees, (ad_spend_cents / 100.0)::numeric(16,2) AS ad_spend,
  (cogs_cents / 100.0)::numeric(16,2) AS cogs, (other_costs_cents / 100.0)::numeric(16,2) AS other_costs`);
