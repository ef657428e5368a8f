/**
 * The forecast of one listing's daily units (docs/forecasts.md "The method"). Multiplicative
 * components on a damped trend:
 *
 *   units(d) = (level + trend · (φ + φ² + … + φʰ)) · weekday(d) · yearly(d) · event(d)
 *
 * - days without an observation (not on sale, not reported) and stock-out days are censored:
 *   they are missing demand and take no part in any estimate; a run of zero days too long to
 *   be chance at the listing's rate is read as a stock-out as well;
 * - event(d): the uplift of each promotion (Prime Day, Prime Big Deal Days, Black Friday to
 *   Cyber Monday) over the surrounding four weeks, learnt from the listing's own past events
 *   and shrunk towards a prior;
 * - weekday(d): the listing's units per weekday over its local four-week mean, shrunk towards 1;
 * - yearly(d): a profile per day of the year handed in by the caller, pooled over the listings
 *   of a product line (one year of one listing cannot tell season from trend; twenty can);
 * - level and trend: Holt's damped linear smoothing of the adjusted series, its two rates
 *   chosen per listing by one-step error on a small grid;
 * - a launch (a listing younger than its reference shape) follows its reference listing's
 *   shape by age since launch, scaled to what the new listing sold so far.
 * Pure functions on arrays; no I/O.
 */
import { dayOfYear, EVENT_KINDS, type EventCalendar, type EventKind, promotionCalendar, weekdayOf } from './calendar';

export interface Series {
  /** Day number of `units[0]`. */
  start: number;
  /** Units per day; null: no observation (not on sale, no report). */
  units: readonly (number | null)[];
  /** Days known to be out of stock (same indexes as `units`). */
  stockOut?: readonly boolean[];
}

export interface LaunchShape {
  /** The listing's first day on sale. */
  day: number;
  /** The reference's demand at each age (days since its launch) over its mature level. */
  shape: readonly number[];
  /** The reference's mature level, used while the new listing has sold nothing yet. */
  level: number;
}

export interface ForecastInput {
  series: Series;
  /** The first day to forecast; only days before it are read. Default: the day after the series. */
  origin?: number;
  horizon: number;
  calendar?: EventCalendar;
  /** 365 factors by day of the year, mean 1 (yearlyProfile). */
  yearly?: readonly number[] | null;
  launch?: LaunchShape | null;
  eventPriors?: Partial<Record<EventKind, number>>;
  /**
   * The per-day inputs (event, yearly factor, weekday) computed once for many series that share
   * `start`, the calendar and `yearly` (dayContext): a recalculation's line forecasts every
   * listing nine times (now and the backtest's origins) from the same days. Without it (or when
   * it does not cover the days) they are computed here.
   */
  days?: DayContext | null;
}

/** Per day from `start`: the event (index into EVENT_KINDS, −1 none), the yearly factor and the weekday. */
export interface DayContext {
  start: number;
  ev: Int8Array;
  yf: Float64Array;
  wd: Uint8Array;
}

/** The per-day inputs of `length` days from `start` for `calendar` and `yearly` (null: factor 1). */
export function dayContext(
  start: number,
  length: number,
  calendar: EventCalendar,
  yearly: readonly number[] | null | undefined,
): DayContext {
  const ev = new Int8Array(length).fill(-1);
  const yf = new Float64Array(length).fill(1);
  const wd = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const d = start + i;
    const kind = calendar.eventOf(d);
    if (kind) ev[i] = EVENT_KINDS.indexOf(kind);
    if (yearly) yf[i] = yearly[dayOfYear(d)] ?? 1;
    wd[i] = weekdayOf(d);
  }
  return { start, ev, yf, wd };
}

export interface Forecast {
  /** Units per day from the origin, `horizon` values, never negative. */
  daily: number[];
  /** Deseasonalised units a day at the origin, and its daily change. */
  level: number;
  trend: number;
  /** Sunday … Saturday. */
  weekday: number[];
  events: Record<EventKind, number>;
  /** Days before the origin left out as censored (stock-outs, no observation). */
  censored: number;
  method: 'smoothing' | 'launch' | 'empty';
}

/** Uplift of a promotion day over its surrounding weeks when the listing has no past event to learn from. */
export const DEFAULT_EVENT_UPLIFT: Record<EventKind, number> = { primeDay: 2, primeBigDeal: 1.5, blackFriday: 1.6 };
/** Trend damping per day: a trend fades to a third of itself in about five weeks. */
export const PHI = 0.97;
const ALPHAS = [0.03, 0.06, 0.12, 0.25, 0.5];
const BETAS = [0, 0.003, 0.015, 0.06];
/** Days of the adjusted series the smoothing runs over. */
const HOLT_DAYS = 300;
/** A zero run this unlikely at the listing's rate (Poisson) is a stock-out, not missing buyers. */
const ZERO_RUN_P = 0.01;
const LOCAL = 14;

/**
 * Which days carry no usable observation: not observed, out of stock by the stock data, or
 * inside a run of zeros that chance explains with probability under ZERO_RUN_P at the rate of
 * the 8 weeks around it (at least 3 days).
 */
export function censoredDays(units: readonly (number | null)[], stockOut?: readonly boolean[]): boolean[] {
  const n = units.length;
  const out = units.map((u, i) => u === null || stockOut?.[i] === true);
  let i = 0;
  while (i < n) {
    if (units[i] !== 0 || out[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && units[j] === 0 && !out[j]) j++;
    const k = j - i;
    if (k >= 3) {
      const rate = meanOf(units, out, Math.max(0, i - 56), i) ?? meanOf(units, out, j, Math.min(n, j + 56)) ?? 0;
      if (Math.exp(-rate * k) < ZERO_RUN_P) for (let x = i; x < j; x++) out[x] = true;
    }
    i = j;
  }
  return out;
}

function meanOf(units: readonly (number | null)[], skip: readonly boolean[], from: number, to: number): number | null {
  let s = 0;
  let c = 0;
  for (let i = from; i < to; i++) {
    const u = units[i];
    if (u !== null && u !== undefined && !skip[i] && u > 0) {
      s += u;
      c++;
    } else if (u === 0 && !skip[i]) c++;
  }
  return c >= 7 ? s / c : null;
}

/** Mean of the observed (not NaN) non-event days within ±LOCAL days of each day (NaN where fewer than 7). */
function localBaseline(y: Float64Array, ev: Int8Array): Float64Array {
  const n = y.length;
  const sum = new Float64Array(n + 1);
  const cnt = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const v = y[i]!;
    const ok = !Number.isNaN(v) && ev[i]! < 0;
    sum[i + 1] = sum[i]! + (ok ? v : 0);
    cnt[i + 1] = cnt[i]! + (ok ? 1 : 0);
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - LOCAL);
    const b = Math.min(n, i + LOCAL + 1);
    const c = cnt[b]! - cnt[a]!;
    out[i] = c >= 7 ? (sum[b]! - sum[a]!) / c : Number.NaN;
  }
  return out;
}

export function forecastSeries(input: ForecastInput): Forecast {
  const { series, horizon } = input;
  const calendar = input.calendar ?? promotionCalendar();
  const origin = input.origin ?? series.start + series.units.length;
  const n = Math.max(0, Math.min(series.units.length, origin - series.start));
  const raw = series.units.slice(0, n);
  const out = censoredDays(raw, series.stockOut?.slice(0, n));
  // Per day from the series' start to the horizon's end: the event (index into EVENT_KINDS, −1 none),
  // the yearly factor and the weekday, computed once (the loops below read them many times).
  const total = origin - series.start + horizon;
  const given = input.days;
  const {
    ev,
    yf,
    wd: wdOf,
  } = given && given.start === series.start && given.ev.length >= total
    ? given
    : dayContext(series.start, total, calendar, input.yearly);
  // Typed arrays with NaN for a censored or unobserved day: a recalculation runs this nine times per listing.
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = raw[i];
    y[i] = out[i] || u === null || u === undefined ? Number.NaN : u;
  }

  // Promotions and weekdays against the local baseline, both on the yearly-adjusted series.
  const ya = new Float64Array(n);
  for (let i = 0; i < n; i++) ya[i] = y[i]! / yf[i]!;
  const base = localBaseline(ya, ev);
  let baseMean = 0;
  let baseCount = 0;
  for (const b of base)
    if (!Number.isNaN(b)) {
      baseMean += b;
      baseCount++;
    }
  baseMean = baseCount ? baseMean / baseCount : 0;

  const sy = [0, 0, 0];
  const sb = [0, 0, 0];
  const wy = new Array<number>(7).fill(0);
  const wb = new Array<number>(7).fill(0);
  for (let i = 0; i < n; i++) {
    const v = ya[i]!;
    const b = base[i]!;
    if (Number.isNaN(v) || Number.isNaN(b)) continue;
    const e = ev[i]!;
    if (e >= 0) {
      sy[e]! += v;
      sb[e]! += b;
    } else {
      wy[wdOf[i]!]! += v;
      wb[wdOf[i]!]! += b;
    }
  }
  const events = {} as Record<EventKind, number>;
  const strength = Math.max(baseMean, 0.5);
  const evFactor = EVENT_KINDS.map((kind, k) => {
    const prior = input.eventPriors?.[kind] ?? DEFAULT_EVENT_UPLIFT[kind];
    events[kind] = (sy[k]! + prior * strength) / (sb[k]! + strength);
    return events[kind];
  });
  const shrink = 2 * Math.max(baseMean, 0.25);
  const weekdayRaw = wy.map((v, w) => (v + shrink) / (wb[w]! + shrink));
  const wMean = weekdayRaw.reduce((a, b) => a + b, 0) / 7;
  const weekday = weekdayRaw.map((f) => f / wMean);

  /** The seasonal factor of day index i (from the series' start). */
  const factor = (i: number) => {
    const e = ev[i]!;
    return weekday[wdOf[i]!]! * yf[i]! * (e >= 0 ? evFactor[e]! : 1);
  };
  const adjusted = new Float64Array(n);
  for (let i = 0; i < n; i++) adjusted[i] = y[i]! / factor(i);
  const censored = out.filter(Boolean).length;
  const o = origin - series.start;

  const launch = input.launch;
  if (launch && origin - launch.day < launch.shape.length) {
    const shapeAt = (d: number) => {
      const age = d - launch.day;
      return age < 0 ? 0 : (launch.shape[age] ?? 1);
    };
    let sa = 0;
    let ss = 0;
    for (let i = 0; i < n; i++) {
      const a = adjusted[i]!;
      const d = series.start + i;
      if (Number.isNaN(a) || d < launch.day) continue;
      sa += a;
      ss += shapeAt(d);
    }
    // The first days say little: the reference's level counts as half a mature day of sales.
    const mature = (sa + launch.level * 0.5) / (ss + 0.5);
    const daily = Array.from({ length: horizon }, (_, h) => Math.max(0, mature * shapeAt(origin + h) * factor(o + h)));
    return { daily, level: mature * shapeAt(origin), trend: 0, weekday, events, censored, method: 'launch' };
  }

  const fit = holtFit(adjusted);
  if (!fit) return { daily: new Array(horizon).fill(0), level: 0, trend: 0, weekday, events, censored, method: 'empty' };
  const gap = n - 1 - fit.last; // censored days at the end: the trend keeps running through them
  let level = fit.level;
  let trend = fit.trend;
  for (let g = 0; g < gap; g++) {
    trend *= PHI;
    level = Math.max(0, level + trend);
  }
  const daily: number[] = [];
  let cum = 0;
  let p = 1;
  for (let h = 0; h < horizon; h++) {
    p *= PHI;
    cum += p;
    daily.push(Math.max(0, (level + trend * cum) * factor(o + h)));
  }
  return { daily, level, trend, weekday, events, censored, method: 'smoothing' };
}

interface HoltFit {
  level: number;
  trend: number;
  /** Index of the last observed day. */
  last: number;
}

/** Damped Holt over the observed values (censored days only age the state); rates by one-step squared error. */
export function dampedHolt(a: readonly (number | null)[]): HoltFit | null {
  return holtFit(Float64Array.from(a, (v) => (v === null || v === undefined ? Number.NaN : v)));
}

/** dampedHolt on a typed array, NaN for a censored day. */
function holtFit(a: Float64Array): HoltFit | null {
  // The state forgets older days (even at the slowest rate a day 300 days back weighs under 0.01 %): the last HOLT_DAYS suffice.
  const from = Math.max(0, a.length - HOLT_DAYS);
  const idx = new Int32Array(a.length - from);
  let count = 0;
  for (let i = from; i < a.length; i++) if (!Number.isNaN(a[i]!)) idx[count++] = i;
  if (count === 0) return null;
  const warm = Math.min(14, count);
  let init = 0;
  for (let k = 0; k < warm; k++) init += a[idx[k]!]!;
  init /= warm;
  let best: (HoltFit & { sse: number }) | null = null;
  for (const alpha of ALPHAS)
    for (const beta of BETAS) {
      let level = init;
      let trend = 0;
      let sse = 0;
      let prev = idx[0]!;
      for (let k = 0; k < count; k++) {
        const i = idx[k]!;
        // Age the state over censored days since the last observation.
        for (let g = prev + 1; g < i; g++) {
          trend *= PHI;
          level = Math.max(0, level + trend);
        }
        const predicted = Math.max(0, level + PHI * trend);
        const v = a[i]!;
        if (k >= warm) sse += (v - predicted) ** 2;
        const nextLevel = alpha * v + (1 - alpha) * (level + PHI * trend);
        trend = beta * (nextLevel - level) + (1 - beta) * PHI * trend;
        level = Math.max(0, nextLevel);
        prev = i;
      }
      if (!best || sse < best.sse) best = { level, trend, last: prev, sse };
    }
  return best && { level: best.level, trend: best.trend, last: best.last };
}
