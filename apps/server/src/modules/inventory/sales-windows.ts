/**
 * Each listing's recent daily units, kept while the sales epoch stands (supply-epoch.ts): the stock screens'
 * "units of the 30 days up to the position's day" and the advice's 56-day sum and sum of squares, without reading
 * 30 to 56 days of sales per listing every time something else changes (a shipment, a forecast setting).
 *
 * The window is the SPAN days up to the latest day of the sales facts; a day after it has sold nothing (there is
 * no fact), a day before it is outside: a position whose window starts before the span gets null, and the caller
 * reads that listing from the facts as before (`stats` in SQL).
 */
import { VARIABILITY_WINDOW_DAYS } from '@bo/contract/inventory/replenish';
import { COVER_WINDOW_DAYS } from '@bo/contract/inventory/inventory';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyUnits } from '../sales/sales.reads';
import { memoUnder } from './supply-epoch';

/** Days kept per listing: the longest window (56) and room for positions up to two months older than the sales. */
export const SPAN = 120;

export interface SalesWindows {
  /** The last day of the span (the latest sales day), YYYY-MM-DD; null: no sales at all. */
  end: string | null;
  /** Listing → units per day of the span, oldest first; a listing without a sale in the span is absent. */
  units: Map<number, Int32Array>;
}

export interface WindowStats {
  units30: number;
  sum56: number;
  sq56: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Every listing's units of the span, kept while the sales epoch stands. */
export function salesWindows(db: Db): Promise<SalesWindows> {
  return memoUnder(db, 'sales', 'windows', async () => {
    const res = await db.execute<{ end: string | null; listing_id: number | null; u: string | null }>(sql`
      WITH m AS (SELECT max(day) AS d FROM ${dailyUnits} x)
      SELECT to_char(m.d, 'YYYY-MM-DD') AS end, f.listing_id,
             string_agg((f.day - (m.d - ${SPAN - 1}::int))::text || ':' || f.units::text, ',') AS u
        FROM m LEFT JOIN ${dailyUnits} f ON f.day > m.d - ${SPAN}::int AND f.day <= m.d AND f.units <> 0
       GROUP BY m.d, f.listing_id`);
    const units = new Map<number, Int32Array>();
    let end: string | null = null;
    for (const r of res.rows) {
      end = r.end;
      if (r.listing_id === null || !r.u) continue;
      const a = new Int32Array(SPAN);
      for (const pair of r.u.split(',')) {
        const i = pair.indexOf(':');
        a[Number(pair.slice(0, i))] = Number(pair.slice(i + 1));
      }
      units.set(Number(r.listing_id), a);
    }
    return { end, units };
  });
}

/**
 * The listing's units of the COVER_WINDOW_DAYS days up to `day` and the sum and sum of squares of the
 * VARIABILITY_WINDOW_DAYS days up to it, as the SQL of the stock screens computes them; null when the windows
 * reach before the span (read those from the facts).
 */
export function windowStats(w: SalesWindows, listingId: number | null, day: string): WindowStats | null {
  if (w.end === null) return { units30: 0, sum56: 0, sq56: 0 };
  const last = dayNumber(day) - (dayNumber(w.end) - (SPAN - 1)); // index of `day` in the span (may pass its end)
  const first = last - Math.max(COVER_WINDOW_DAYS, VARIABILITY_WINDOW_DAYS) + 1;
  if (first < 0) return null;
  const a = listingId === null ? undefined : w.units.get(listingId);
  if (!a) return { units30: 0, sum56: 0, sq56: 0 };
  let units30 = 0;
  let sum56 = 0;
  let sq56 = 0;
  const to = Math.min(last, SPAN - 1);
  for (let i = last - VARIABILITY_WINDOW_DAYS + 1; i <= to; i++) {
    const u = a[i] ?? 0;
    sum56 += u;
    sq56 += u * u;
  }
  for (let i = last - COVER_WINDOW_DAYS + 1; i <= to; i++) units30 += a[i] ?? 0;
  return { units30, sum56, sq56 };
}

/**
 * Sets `units30`, `sum56` and `sq56` of each raw stock row (its `listing_id` and `day`) from the kept windows; a row
 * whose windows reach before the span is read from the facts, all such rows in one statement.
 */
export async function fillWindowStats(db: Db, rows: Record<string, unknown>[]): Promise<void> {
  const w = await salesWindows(db);
  const missing: Record<string, unknown>[] = [];
  for (const r of rows) {
    const st = windowStats(w, r.listing_id === null ? null : Number(r.listing_id), String(r.day));
    if (st) Object.assign(r, st);
    else missing.push(r);
  }
  if (missing.length === 0) return;
  const ids = missing.map((r) => (r.listing_id === null ? 0 : Number(r.listing_id)));
  const days = missing.map((r) => String(r.day));
  const res = await db.execute<{ i: number; units30: number; sum56: number; sq56: number }>(sql`
    SELECT k.i::int AS i,
           coalesce(sum(d.units) FILTER (WHERE d.day > k.day - ${COVER_WINDOW_DAYS}::int), 0)::int AS units30,
           coalesce(sum(d.units), 0)::float8 AS sum56, coalesce(sum(d.units::float8 * d.units), 0)::float8 AS sq56
      FROM unnest(${`{${ids.join(',')}}`}::int[], ${`{${days.join(',')}}`}::date[]) WITH ORDINALITY AS k(listing_id, day, i)
      LEFT JOIN ${dailyUnits} d ON d.listing_id = k.listing_id AND d.day > k.day - ${VARIABILITY_WINDOW_DAYS}::int AND d.day <= k.day
     GROUP BY k.i`);
  for (const x of res.rows)
    Object.assign(missing[Number(x.i) - 1] as object, { units30: x.units30, sum56: x.sum56, sq56: x.sq56 });
}
