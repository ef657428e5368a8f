/**
 * What the method learns from several listings at once: the yearly profile of a product line
 * and a launch shape from a reference listing (docs/forecasts.md).
 */
import { dayNum, dayOfYear, type EventCalendar, promotionCalendar } from './calendar';
import { censoredDays, type LaunchShape, type Series } from './forecast';

/** Mid-month days of the year (0-based, 365-day year). */
const MID = [15, 45, 74, 105, 135, 166, 196, 227, 258, 288, 319, 349];

/**
 * Month factors over the last 365 days before `origin`, pooled over the listings that were
 * observed on at least 300 of them (weighted by units), normalised to mean 1 and interpolated
 * linearly between mid-months into 365 daily factors. Promotion and censored days are left out.
 * Null when no listing qualifies: the forecast then has no yearly component.
 */
export function yearlyProfile(
  series: readonly Series[],
  origin: number,
  calendar: EventCalendar = promotionCalendar(),
): number[] | null {
  const sums = new Array<number>(12).fill(0);
  let weights = 0;
  // The 365 days before the origin: whether each is a promotion day and its month, computed once for every series.
  const first = origin - 365;
  const skipDay = new Uint8Array(365);
  const monthAt = new Uint8Array(365);
  for (let k = 0; k < 365; k++) {
    skipDay[k] = calendar.eventOf(first + k) ? 1 : 0;
    monthAt[k] = new Date((first + k) * 86_400_000).getUTCMonth();
  }
  for (const s of series) {
    const from = Math.max(0, origin - 365 - s.start);
    const to = Math.min(s.units.length, origin - s.start);
    if (to - from < 300) continue;
    const out = censoredDays(s.units.slice(0, to), s.stockOut?.slice(0, to));
    const mSum = new Array<number>(12).fill(0);
    const mCnt = new Array<number>(12).fill(0);
    let observed = 0;
    for (let i = from; i < to; i++) {
      const v = s.units[i];
      const k = s.start + i - first;
      if (v === null || v === undefined || out[i] || skipDay[k]) continue;
      const m = monthAt[k]!;
      mSum[m]! += v;
      mCnt[m]!++;
      observed++;
    }
    if (observed < 300 || mCnt.some((c) => c < 10)) continue;
    const means = mSum.map((v, m) => v / mCnt[m]!);
    const avg = means.reduce((a, b) => a + b, 0) / 12;
    if (avg <= 0) continue;
    const w = avg * 12;
    for (let m = 0; m < 12; m++) sums[m]! += (means[m]! / avg) * w;
    weights += w;
  }
  if (weights === 0) return null;
  const months = sums.map((v) => v / weights);
  const daily: number[] = [];
  for (let d = 0; d < 365; d++) {
    let k = MID.findIndex((m) => m > d) - 1;
    if (k === -2) k = 11; // after the last mid-month
    const a = k === -1 ? 11 : k;
    const b = (a + 1) % 12;
    const da = MID[a]!;
    const span = (MID[b]! - da + 365) % 365;
    const pos = (d - da + 365) % 365;
    daily.push(months[a]! + ((months[b]! - months[a]!) * pos) / span);
  }
  const mean = daily.reduce((x, v) => x + v, 0) / 365;
  return daily.map((v) => v / mean);
}

/**
 * A reference listing's launch shape: its demand by age since `launchDay` (yearly-adjusted,
 * a centred 7-day mean) over its mature level, the mean of ages `ages - 30` … `ages - 1`.
 * Null when the reference has not been on sale `ages` days or sold nothing when mature.
 */
export function launchShape(
  ref: Series,
  launchDay: number,
  yearly?: readonly number[] | null,
  ages = 90,
): { shape: number[]; level: number } | null {
  const from = launchDay - ref.start;
  if (from < 0 || ref.units.length - from < ages) return null;
  const out = censoredDays(ref.units, ref.stockOut);
  const adj: (number | null)[] = [];
  for (let a = 0; a < ages; a++) {
    const v = ref.units[from + a];
    adj.push(v === null || v === undefined || out[from + a] ? null : v / (yearly?.[dayOfYear(launchDay + a)] ?? 1));
  }
  const smooth = adj.map((_, a) => {
    let s = 0;
    let c = 0;
    for (let k = Math.max(0, a - 3); k <= Math.min(ages - 1, a + 3); k++) {
      const v = adj[k];
      if (v !== null && v !== undefined) {
        s += v;
        c++;
      }
    }
    return c ? s / c : null;
  });
  const mature = smooth.slice(ages - 30).filter((v): v is number => v !== null);
  const level = mature.length ? mature.reduce((a, b) => a + b, 0) / mature.length : 0;
  if (level <= 0) return null;
  let last = 0;
  const shape = smooth.map((v) => {
    if (v !== null) last = Math.min(1.5, v / level);
    return last;
  });
  return { shape, level };
}

export const launchOf = (shape: { shape: number[]; level: number }, day: number | string): LaunchShape => ({
  day: typeof day === 'string' ? dayNum(day) : day,
  shape: shape.shape,
  level: shape.level,
});
