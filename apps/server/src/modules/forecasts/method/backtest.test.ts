/**
 * The backtest per horizon bucket on series small enough to score by hand: which day lands in
 * which bucket, unobserved days left out, days past the last bucket not scored, the seasonal
 * naive forecast, and the buckets adding up to the whole backtest.
 */
import { describe, expect, it } from 'vitest';
import { addScore, backtestBuckets, backtestSeries, emptyScore, seasonalNaive } from './backtest';
import { dayNum, weekdayOf } from './calendar';
import type { Series } from './forecast';

const START = dayNum('2025-01-06'); // a Monday
const noEvents = { eventOf: () => undefined };

describe('seasonal naive', () => {
  it("takes each weekday's last observed value before the origin", () => {
    // Two weeks: the first 1..7 by weekday, the second 11..17, but the second Wednesday unobserved.
    const units = Array.from({ length: 14 }, (_, i) => (i === 9 ? null : i < 7 ? i + 1 : i + 4));
    const censored = units.map((u) => u === null);
    const naive = seasonalNaive(units, censored, START, START + 14, 9);
    // Mon..Sun = 11, 12, 3 (the first Wednesday), 14, 15, 16, 17; then Mon, Tue again.
    expect(naive).toEqual([11, 12, 3, 14, 15, 16, 17, 11, 12]);
    expect(weekdayOf(START + 14)).toBe(weekdayOf(START));
  });
});

describe('backtest per horizon bucket', () => {
  // 10 units a day for 200 days; from the origin (day 150): day 3 unobserved, day 10 sold 16, day 21 sold 4.
  const origin = START + 150;
  const units = Array.from({ length: 200 }, (_, i) => {
    const h = i - 150 + 1;
    if (h === 3) return null;
    if (h === 10) return 16;
    if (h === 21) return 4;
    return 10;
  });
  const s: Series = { start: START, units };

  it('scores each day in its bucket: days 1-7, 8-14, 15-28, as computed by hand', () => {
    const [b1, b2, b3] = backtestBuckets({ series: s, horizon: 28, calendar: noEvents }, [origin], [7, 14, 28]);
    // Both forecasts are 10 a day (a flat history); the hand sums:
    //   days 1-7: six observed days of 10: actual 60, no error;
    //   days 8-14: 6 × 10 + 16 = 76, |e| = 6, e = −6;
    //   days 15-28: 13 × 10 + 4 = 134, |e| = 6, e = +6.
    for (const [b, want] of [
      [b1, { actual: 60, absError: 0, error: 0, days: 6 }],
      [b2, { actual: 76, absError: 6, error: -6, days: 7 }],
      [b3, { actual: 134, absError: 6, error: 6, days: 14 }],
    ] as const) {
      expect(b!.actual).toBe(want.actual);
      expect(b!.days).toBe(want.days);
      expect(b!.absError).toBeCloseTo(want.absError, 6);
      expect(b!.error).toBeCloseTo(want.error, 6);
      expect(b!.naiveAbsError).toBeCloseTo(want.absError, 6);
      expect(b!.naiveError).toBeCloseTo(want.error, 6);
    }
  });

  it('scores no day past the last bucket, and the buckets add up to the whole backtest', () => {
    const short = backtestBuckets({ series: s, horizon: 28, calendar: noEvents }, [origin], [7, 14]);
    expect(short.map((b) => b.days)).toEqual([6, 7]);
    const origins = [origin - 21, origin - 14, origin - 7, origin];
    const parts = backtestBuckets({ series: s, horizon: 28, calendar: noEvents }, origins, [7, 14, 28]);
    const whole = backtestSeries({ series: s, horizon: 28, calendar: noEvents }, origins);
    const sum = parts.reduce(addScore, emptyScore());
    expect(sum.days).toBe(whole.days);
    expect(sum.actual).toBe(whole.actual);
    expect(sum.absError).toBeCloseTo(whole.absError, 6);
    expect(sum.naiveAbsError).toBeCloseTo(whole.naiveAbsError, 6);
  });
});
