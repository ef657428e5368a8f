/**
 * The recalculation (docs/forecasts.md "Recalculation"): a product line at a time, read the
 * line's daily units of FORECAST_HISTORY_DAYS days, pool its yearly profile, pick its launch
 * reference, forecast every listing and backtest it, write the line's rows, count the line done.
 * The computing yields to the event loop between small batches, so the API keeps answering.
 */

import { ACCURACY_BUCKETS } from '@bo/contract/forecasts/accuracy';
import {
  BACKTEST_HORIZON,
  BACKTEST_ORIGINS,
  FORECAST_HISTORY_DAYS,
  FORECAST_HORIZON,
  FORECAST_MONTHS,
} from '@bo/contract/forecasts/forecasts';
import type { Db } from '../../db/client';
import * as repo from './forecasts.repository';
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

  // The launch reference: the line's listing launched inside the history, longest past SHAPE_AGES, selling most.
  let reference: { shape: number[]; level: number } | null = null;
  let best = -1;
  for (const l of list) {
    if (l.first < LAUNCH_MARGIN || origin - (l.series.start + l.first) < SHAPE_AGES + 30) continue;
    const units = l.series.units.reduce<number>((a, v) => a + (v ?? 0), 0);
    if (units <= best) continue;
    const shape = launchShape(l.series, l.series.start + l.first, yearly, SHAPE_AGES);
    if (shape) {
      reference = shape;
      best = units;
    }
  }

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
            origins,
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

export interface RunOutcome {
  listings: number;
  origin: string | null;
  accuracy: Score & { listings: number };
}

/**
 * Recalculates every listing's forecast for run `runId`: progress after each line, the line's
 * rows replaced in one statement, the rows of listings that no longer sell removed at the end.
 */
export async function recalculate(db: Db, runId: number, signal?: AbortSignal): Promise<RunOutcome> {
  const span = await repo.salesSpan(db);
  if (!span) {
    await repo.removeOtherRuns(db, runId);
    return { listings: 0, origin: null, accuracy: { ...emptyScore(), listings: 0 } };
  }
  const origin = dayNum(span.last) + 1;
  const from = origin - FORECAST_HISTORY_DAYS;
  const lines = await repo.linesWithSales(db, isoOf(from));
  await repo.startRun(db, runId, lines.length, isoOf(origin));
  let total = emptyScore();
  let listings = 0;
  let scored = 0;
  for (const line of lines) {
    if (signal?.aborted) throw new Error('stopped');
    const rows = await repo.lineUnits(db, line, isoOf(from), isoOf(origin));
    const list = seriesOf(rows, from);
    const forecasts = await forecastLine(list, origin);
    await repo.writeForecasts(db, runId, isoOf(origin), isoOf(dayNum(`${isoOf(origin).slice(0, 7)}-01`)), forecasts);
    for (const f of forecasts) {
      total = addScore(total, f.score);
      if (f.score.actual > 0) scored++;
    }
    listings += forecasts.length;
    await repo.lineDone(db, runId);
  }
  await repo.removeOtherRuns(db, runId);
  return { listings, origin: isoOf(origin), accuracy: { ...total, listings: scored } };
}

/** Rows (listing, day number, units) ordered by listing into one series per listing from `from`. */
export function seriesOf(rows: readonly repo.UnitRow[], from: number): ListingSeries[] {
  const by = new Map<number, ListingSeries>();
  for (const r of rows) {
    let l = by.get(r.listing_id);
    if (!l) {
      l = {
        listingId: r.listing_id,
        shopId: r.shop_id,
        marketId: r.market_id,
        productLineId: r.product_line_id,
        series: { start: from, units: new Array<number | null>(FORECAST_HISTORY_DAYS).fill(null) },
        first: -1,
      };
      by.set(r.listing_id, l);
    }
    const i = r.dn - from;
    if (i < 0 || i >= FORECAST_HISTORY_DAYS) continue;
    (l.series.units as (number | null)[])[i] = r.units;
    if (l.first < 0 || i < l.first) l.first = i;
  }
  return [...by.values()];
}
