/**
 * One product line's forecasts and backtests (docs/forecasts.md "Recalculation"): pool the line's
 * yearly profile, pick its launch reference, forecast every listing and backtest it. Pure (no I/O),
 * so that the recalculation runs it in a worker thread (parse-tasks.ts `forecastLine`, computePool).
 */

import { ACCURACY_BUCKETS } from '@bo/contract/forecasts/accuracy';
import {
  BACKTEST_HORIZON,
  BACKTEST_ORIGINS,
  FORECAST_HISTORY_DAYS,
  FORECAST_HORIZON,
  FORECAST_MONTHS,
} from '@bo/contract/forecasts/forecasts';
import type { StockOutRow, UnitRow } from './forecasts.repository';
import { addScore, backtestBuckets, emptyScore, type Score } from './method/backtest';
import { dayNum, isoOf, promotionCalendar } from './method/calendar';
import { dayContext, forecastSeries, type LaunchShape, type Series } from './method/forecast';
import { launchOf, launchShape, yearlyProfile } from './method/pooling';

/** A listing is a launch when it first sold this many days after the history's first day. */
const LAUNCH_MARGIN = 7;
/** The age up to which a launch follows its reference's shape. */
const SHAPE_AGES = 90;
const BATCH = 40;
/** The last day of each horizon bucket the backtest is kept in. */
const BUCKET_ENDS = ACCURACY_BUCKETS.map((b) => b.to);

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ListingSeries {
  listingId: number;
  shopId: number;
  marketId: number;
  productLineId: number | null;
  series: Series;
  /** Index of the first observed day, -1 without any. */
  first: number;
}

export interface ListingForecast {
  listingId: number;
  shopId: number;
  marketId: number;
  productLineId: number | null;
  daily: number[];
  months: number[];
  units30: number;
  next7: number;
  next30: number;
  next90: number;
  method: string;
  level: number;
  trend: number;
  censoredDays: number;
  score: Score;
  /** The backtest per horizon bucket (ACCURACY_BUCKETS), summing to `score`. */
  buckets: Score[];
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const sum = (xs: readonly number[], from: number, to: number) => {
  let s = 0;
  for (let i = from; i < Math.min(to, xs.length); i++) s += xs[i]!;
  return s;
};

/** The backtest's origins before `origin`: weekly, the last one BACKTEST_HORIZON days before it. */
export const backtestOrigins = (origin: number) =>
  Array.from({ length: BACKTEST_ORIGINS }, (_, k) => origin - BACKTEST_HORIZON - 7 * (BACKTEST_ORIGINS - 1 - k));

/** Forecasts and backtests the listings of one product line (pure: no I/O besides yielding). */
export async function forecastLine(list: readonly ListingSeries[], origin: number): Promise<ListingForecast[]> {
  const calendar = promotionCalendar();
  const all = list.map((l) => l.series);
  const origins = backtestOrigins(origin);
  const yearly = yearlyProfile(all, origin, calendar);
  const yearlyBt = yearlyProfile(all, origins[0]!, calendar);
  const historyStart = origin - FORECAST_HISTORY_DAYS;
  // Every series of a line starts on the same day: the per-day inputs are computed once for the line (and once for
  // the backtest's yearly profile), not nine times per listing.
  const start = list[0]?.series.start ?? historyStart;
  const days = dayContext(start, origin - start + FORECAST_HORIZON, calendar, yearly);
  const daysBt = dayContext(start, origin - start + BACKTEST_HORIZON, calendar, yearlyBt);

  // The launch reference: the shape of the line's listing launched inside the history, longest past SHAPE_AGES,
  // selling most; its level, what a launch is assumed to sell before it has sold much itself, is the median mature
  // level of all those launches: the best seller's own level over-forecast every other launch several times over.
  let reference: { shape: number[]; level: number } | null = null;
  let best = -1;
  const levels: number[] = [];
  for (const l of list) {
    if (l.first < LAUNCH_MARGIN || origin - (l.series.start + l.first) < SHAPE_AGES + 30) continue;
    const shape = launchShape(l.series, l.series.start + l.first, yearly, SHAPE_AGES);
    if (!shape) continue;
    levels.push(shape.level);
    const units = l.series.units.reduce<number>((a, v) => a + (v ?? 0), 0);
    if (units > best) {
      reference = shape;
      best = units;
    }
  }
  if (reference) reference = { shape: reference.shape, level: median(levels) };

  const out: ListingForecast[] = [];
  const monthStart = dayNum(`${isoOf(origin).slice(0, 7)}-01`);
  // The calendar month (from the origin's) of each forecast day, the same for every listing.
  const monthOfDay = new Int32Array(FORECAST_HORIZON);
  for (let h = 0; h < FORECAST_HORIZON; h++) {
    const iso = isoOf(origin + h);
    monthOfDay[h] =
      (Number(iso.slice(0, 4)) - Number(isoOf(monthStart).slice(0, 4))) * 12 +
      Number(iso.slice(5, 7)) -
      Number(isoOf(monthStart).slice(5, 7));
  }
  for (let k = 0; k < list.length; k++) {
    if (k > 0 && k % BATCH === 0) await yieldToLoop();
    const l = list[k]!;
    const launchDay = l.series.start + l.first;
    const launch: LaunchShape | null =
      // A launch inside the history; forecastSeries follows the shape only while the listing is younger than it.
      reference && l.first >= LAUNCH_MARGIN && launchDay > historyStart ? launchOf(reference, launchDay) : null;
    const f = forecastSeries({ series: l.series, origin, horizon: FORECAST_HORIZON, calendar, yearly, launch, days });
    const buckets =
      l.first < 0
        ? BUCKET_ENDS.map(() => emptyScore())
        : backtestBuckets(
            { series: l.series, horizon: BACKTEST_HORIZON, calendar, yearly: yearlyBt, launch, days: daysBt },
            // Only origins after the listing's first sale: before it there is no listing on sale to forecast (the
            // recalculation forecasts only listings that sold), and both forecasts would be scored on nothing.
            origins.filter((o) => o > launchDay),
            BUCKET_ENDS,
          );
    const score = buckets.reduce(addScore, emptyScore());
    const months = new Array<number>(FORECAST_MONTHS).fill(0);
    for (let h = 0; h < f.daily.length; h++) {
      const m = monthOfDay[h]!;
      if (m < FORECAST_MONTHS) months[m]! += f.daily[h]!;
    }
    const n = origin - l.series.start;
    let units30 = 0;
    for (let i = Math.max(0, n - 30); i < n; i++) units30 += l.series.units[i] ?? 0;
    out.push({
      listingId: l.listingId,
      shopId: l.shopId,
      marketId: l.marketId,
      productLineId: l.productLineId,
      daily: f.daily.map(round1),
      months: months.map(round1),
      units30,
      next7: round1(sum(f.daily, 0, 7)),
      next30: round1(sum(f.daily, 0, 30)),
      next90: round1(sum(f.daily, 0, 90)),
      method: f.method,
      level: f.level,
      trend: f.trend,
      censoredDays: f.censored,
      score,
      buckets,
    });
  }
  return out;
}

/**
 * A line's rows (a listing with its days and units) into one series per listing from `from`, with
 * the listing's stock-out days (`outs`) marked: the method censors them (docs/forecasts.md).
 */
export function seriesOf(rows: readonly UnitRow[], from: number, outs: readonly StockOutRow[] = []): ListingSeries[] {
  const by = new Map<number, ListingSeries>();
  for (const r of rows) {
    const units = new Array<number | null>(FORECAST_HISTORY_DAYS).fill(null);
    let first = -1;
    const dn = r.dn.split(',');
    const us = r.units.split(',');
    for (let k = 0; k < dn.length; k++) {
      const i = Number(dn[k]) - from;
      if (i < 0 || i >= FORECAST_HISTORY_DAYS) continue;
      units[i] = Number(us[k]);
      if (first < 0 || i < first) first = i;
    }
    by.set(r.listing_id, {
      listingId: r.listing_id,
      shopId: r.shop_id,
      marketId: r.market_id,
      productLineId: r.product_line_id,
      series: { start: from, units },
      first,
    });
  }
  for (const o of outs) {
    const l = by.get(o.listing_id);
    const i = o.dn - from;
    if (!l || i < 0 || i >= FORECAST_HISTORY_DAYS) continue;
    if (!l.series.stockOut) l.series.stockOut = new Array<boolean>(FORECAST_HISTORY_DAYS).fill(false);
    (l.series.stockOut as boolean[])[i] = true;
  }
  return [...by.values()];
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;
/** A bucket's sums as stored in `bt_buckets` (forecasts.table.ts). */
const bucketOf = (b: Score) => ({
  actual: b.actual,
  absError: r3(b.absError),
  error: r3(b.error),
  naiveAbsError: r3(b.naiveAbsError),
  naiveError: r3(b.naiveError),
  days: b.days,
});

/** Rows written in one statement. */
const CHUNK = 500;

/** A line's forecasts as the rows `writeForecastChunk` (forecasts.repository.ts) stores, JSON of up to CHUNK rows each. */
export function forecastChunks(rows: readonly ListingForecast[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    out.push(
      JSON.stringify(
        rows.slice(i, i + CHUNK).map((r) => ({
          listing_id: r.listingId,
          shop_id: r.shopId,
          market_id: r.marketId,
          product_line_id: r.productLineId,
          daily: r.daily,
          months: r.months,
          units30: r.units30,
          next7: r.next7,
          next30: r.next30,
          next90: r.next90,
          method: r.method,
          level: r.level,
          trend: r.trend,
          censored_days: r.censoredDays,
          bt_actual: r.score.actual,
          bt_abs_error: r.score.absError,
          bt_error: r.score.error,
          bt_naive_abs_error: r.score.naiveAbsError,
          bt_buckets: r.buckets.map(bucketOf),
        })),
      ),
    );
  }
  return out;
}

/** What a line's computation hands back: its rows ready to write, and its backtest in sum. */
export interface LineResult {
  chunks: string[];
  listings: number;
  /** The backtest summed over the line's listings, and how many of them had actual units to score. */
  score: Score;
  scored: number;
}

/**
 * The compute worker's task: a line's rows as read (compact: arrays per listing) into series, forecast, and
 * serialised for the write, so the API's thread neither builds the series nor copies or stringifies the result.
 */
export async function forecastRows(
  rows: readonly UnitRow[],
  outs: readonly StockOutRow[],
  from: number,
  origin: number,
): Promise<LineResult> {
  const forecasts = await forecastLine(seriesOf(rows, from, outs), origin);
  let score = emptyScore();
  let scored = 0;
  for (const f of forecasts) {
    score = addScore(score, f.score);
    if (f.score.actual > 0) scored++;
  }
  return { chunks: forecastChunks(forecasts), listings: forecasts.length, score, scored };
}
