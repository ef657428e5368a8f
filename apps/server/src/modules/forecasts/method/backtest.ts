/**
 * The rolling backtest (docs/forecasts.md "How good it is"): from each origin, forecast the
 * next `horizon` days from the days before it only, and score the observed days against the
 * method and against the seasonal-naive forecast (each weekday's last observed value before
 * the origin). Censored days are not scored, for either.
 */
import { weekdayOf } from './calendar';
import { censoredDays, type ForecastInput, forecastSeries } from './forecast';

export interface Score {
  /** Sum of actual units on the scored days. */
  actual: number;
  /** Sum of |forecast − actual| and of (forecast − actual). */
  absError: number;
  error: number;
  naiveAbsError: number;
  naiveError: number;
  days: number;
}

export const emptyScore = (): Score => ({ actual: 0, absError: 0, error: 0, naiveAbsError: 0, naiveError: 0, days: 0 });

export function addScore(a: Score, b: Score): Score {
  return {
    actual: a.actual + b.actual,
    absError: a.absError + b.absError,
    error: a.error + b.error,
    naiveAbsError: a.naiveAbsError + b.naiveAbsError,
    naiveError: a.naiveError + b.naiveError,
    days: a.days + b.days,
  };
}

/** Weighted absolute percentage error: Σ|e| / Σ actual (null without actual units). */
export const wape = (absError: number, actual: number): number | null => (actual > 0 ? absError / actual : null);
/** Bias: Σ(forecast − actual) / Σ actual; positive means over-forecast. */
export const bias = (error: number, actual: number): number | null => (actual > 0 ? error / actual : null);

/** Seasonal naive from `origin`: each day takes its weekday's last uncensored value before the origin (0 if none in 4 weeks). */
export function seasonalNaive(
  units: readonly (number | null)[],
  censored: readonly boolean[],
  start: number,
  origin: number,
  horizon: number,
): number[] {
  const last = new Array<number>(7).fill(0);
  for (let w = 0; w < 7; w++) {
    for (let i = origin - start - 1; i >= Math.max(0, origin - start - 28); i--) {
      if (weekdayOf(start + i) !== w || censored[i]) continue;
      last[w] = units[i] ?? 0;
      break;
    }
  }
  return Array.from({ length: horizon }, (_, h) => last[weekdayOf(origin + h)]!);
}

/**
 * One series over several origins, `horizon` days from each, scored per horizon bucket: bucket k
 * holds the days h (counted from 1) with ends[k-1] < h ≤ ends[k] (ends ascending, the last one at
 * most `horizon`). Days past the last end are scored in no bucket.
 */
export function backtestBuckets(
  input: Omit<ForecastInput, 'origin'>,
  origins: readonly number[],
  ends: readonly number[],
): Score[] {
  const { series, horizon } = input;
  const censored = censoredDays(series.units, series.stockOut);
  const buckets = ends.map(() => emptyScore());
  for (const origin of origins) {
    const f = forecastSeries({ ...input, origin });
    const naive = seasonalNaive(series.units, censored, series.start, origin, horizon);
    let b = 0;
    for (let h = 0; h < horizon; h++) {
      while (b < ends.length && h + 1 > ends[b]!) b++;
      if (b >= ends.length) break;
      const i = origin + h - series.start;
      const v = series.units[i];
      if (i < 0 || i >= series.units.length || v === null || v === undefined || censored[i]) continue;
      const fv = f.daily[h]!;
      const s = buckets[b]!;
      s.actual += v;
      s.absError += Math.abs(fv - v);
      s.error += fv - v;
      s.naiveAbsError += Math.abs(naive[h]! - v);
      s.naiveError += naive[h]! - v;
      s.days++;
    }
  }
  return buckets;
}

/** One series over several origins; `horizon` days from each, with the forecast's other inputs. */
export function backtestSeries(input: Omit<ForecastInput, 'origin'>, origins: readonly number[]): Score {
  return backtestBuckets(input, origins, [input.horizon]).reduce(addScore, emptyScore());
}
