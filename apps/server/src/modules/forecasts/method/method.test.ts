/**
 * The method on synthetic series with known answers: a trend, weekly and yearly seasonality, a
 * promotion spike, stock-out gaps (explicit and read from a zero run), a launch on a reference's
 * shape, and a noisy series on which it beats seasonal naive.
 */
import { describe, expect, it } from 'vitest';
import { backtestSeries, wape } from './backtest';
import { dayNum, dayOfYear, isoOf, promotionCalendar, weekdayOf } from './calendar';
import { censoredDays, forecastSeries, type Series } from './forecast';
import { launchOf, launchShape, yearlyProfile } from './pooling';

const START = dayNum('2025-01-06'); // a Monday
const calendar = promotionCalendar();
const series = (days: number, f: (d: number, i: number) => number | null, start = START): Series => ({
  start,
  units: Array.from({ length: days }, (_, i) => f(start + i, i)),
});
/** Deterministic noise in [-1, 1). */
const noise = (i: number, seed = 1) => {
  const x = Math.sin(i * 12.9898 + seed * 78.233) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('calendar', () => {
  it('knows Prime Day, the October deal days and Black Friday to Cyber Monday', () => {
    expect(calendar.eventOf(dayNum('2025-07-08'))).toBe('primeDay'); // 8 July 2025 is a Tuesday
    expect(calendar.eventOf(dayNum('2025-07-09'))).toBe('primeDay');
    expect(calendar.eventOf(dayNum('2025-10-14'))).toBe('primeBigDeal');
    expect(calendar.eventOf(dayNum('2025-11-28'))).toBe('blackFriday');
    expect(calendar.eventOf(dayNum('2025-12-01'))).toBe('blackFriday'); // Cyber Monday
    expect(calendar.eventOf(dayNum('2025-12-02'))).toBeUndefined();
    expect(weekdayOf(START)).toBe(1);
    expect(isoOf(dayNum('2024-02-29'))).toBe('2024-02-29');
    expect(dayOfYear(dayNum('2024-03-01'))).toBe(dayOfYear(dayNum('2025-03-01')));
  });
});

describe('forecastSeries', () => {
  it('continues a trend, damped', () => {
    const s = series(120, (_d, i) => 20 + 0.2 * i, dayNum('2025-01-06'));
    const f = forecastSeries({ series: s, horizon: 28, calendar: { eventOf: () => undefined } });
    expect(f.method).toBe('smoothing');
    expect(f.trend).toBeGreaterThan(0.1);
    expect(f.daily[0]).toBeGreaterThan(42);
    expect(f.daily[0]).toBeLessThan(46); // the next true value is 44
    expect(f.daily[27]!).toBeGreaterThan(f.daily[0]!);
    expect(f.daily[27]!).toBeLessThan(20 + 0.2 * 147); // damped: below the straight line
  });

  it('recovers weekly seasonality', () => {
    const wf = [0.7, 1.2, 1.1, 1, 1, 1, 0.9]; // Sunday … Saturday, mean 0.986
    const s = series(140, (d) => 30 * wf[weekdayOf(d)]!);
    const f = forecastSeries({ series: s, horizon: 14, calendar: { eventOf: () => undefined } });
    const m = mean(wf);
    for (let w = 0; w < 7; w++) expect(f.weekday[w]).toBeCloseTo(wf[w]! / m, 1);
    for (let h = 0; h < 14; h++) {
      const d = START + 140 + h;
      expect(f.daily[h]!).toBeGreaterThan(30 * wf[weekdayOf(d)]! * 0.93);
      expect(f.daily[h]!).toBeLessThan(30 * wf[weekdayOf(d)]! * 1.07);
    }
  });

  it('applies a yearly profile pooled over listings', () => {
    const months = [0.8, 0.85, 0.9, 0.95, 1, 1, 1.05, 1, 1, 1.1, 1.5, 1.5];
    const m = mean(months);
    const start = dayNum('2024-10-01');
    const group = [10, 25, 40].map((lvl) => series(455, (d) => lvl * months[new Date(d * 864e5).getUTCMonth()]!, start));
    const origin = start + 455;
    const profile = yearlyProfile(group, origin, { eventOf: () => undefined });
    expect(profile).not.toBeNull();
    expect(profile![dayOfYear(dayNum('2025-11-30'))]! / profile![dayOfYear(dayNum('2025-01-16'))]!).toBeCloseTo(1.5 / 0.8, 1);
    // From the end of December into January the forecast falls by the profile's ratio.
    const f = forecastSeries({ series: group[0]!, horizon: 30, yearly: profile, calendar: { eventOf: () => undefined } });
    expect(isoOf(origin)).toBe('2025-12-30');
    expect(f.daily[25]! / f.daily[0]!).toBeLessThan(0.75);
    expect(f.daily[25]!).toBeGreaterThan(10 * (0.8 / m) * 0.8);
  });

  it('lifts promotion days by what the listing did on last year’s', () => {
    const prime2025 = dayNum('2025-07-08');
    const s = series(560, (d) => {
      const ev = calendar.eventOf(d);
      return ev === 'primeDay' ? 30 : ev === 'blackFriday' ? 15 : 10;
    });
    const origin = dayNum('2026-07-01');
    const f = forecastSeries({ series: s, origin, horizon: 20 });
    expect(f.events.primeDay).toBeGreaterThan(2.4);
    expect(f.events.primeDay).toBeLessThan(3.05);
    expect(f.events.blackFriday).toBeGreaterThan(1.3);
    expect(f.events.blackFriday).toBeLessThan(1.55);
    // 8 July 2026 is a Wednesday: Prime Day is the Tuesday after.
    const firstPrime = Array.from({ length: 20 }, (_, h) => origin + h).find((d) => calendar.eventOf(d) === 'primeDay');
    expect(firstPrime).toBe(dayNum('2026-07-14'));
    const h = firstPrime! - origin;
    expect(f.daily[h]! / f.daily[h - 1]!).toBeGreaterThan(2.4);
    expect(prime2025).toBe(START + 183);
  });

  it('reads stock-out days as missing demand, not zero demand', () => {
    // 10 a day; out of stock for 20 days in the middle and for the last 12 days.
    const s = series(150, (_d, i) => ((i >= 60 && i < 80) || i >= 138 ? 0 : 10));
    const zeros = forecastSeries({ series: s, horizon: 14, calendar: { eventOf: () => undefined } });
    expect(zeros.censored).toBe(32); // both runs read as stock-outs: 32 zero days at 10 a day are no chance
    expect(mean(zeros.daily)).toBeGreaterThan(9.5);
    expect(mean(zeros.daily)).toBeLessThan(10.5);
    // The same with the stock data saying so, and a slow seller whose short zero runs are chance.
    const flagged = forecastSeries({
      series: { ...s, stockOut: s.units.map((_, i) => (i >= 60 && i < 80) || i >= 138) },
      horizon: 14,
      calendar: { eventOf: () => undefined },
    });
    expect(mean(flagged.daily)).toBeCloseTo(mean(zeros.daily), 5);
    const slow = censoredDays([1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1]);
    expect(slow.filter(Boolean)).toHaveLength(0);
    // Treating the gap as zero demand would have forecast about 10 × 118/150 at best.
    expect(mean(zeros.daily)).toBeGreaterThan(10 * (118 / 150) * 1.15);
  });

  it('forecasts a launch on its reference listing’s shape', () => {
    const ramp = (age: number) => Math.min(1, (age + 1) / 60);
    const refLaunch = START + 30;
    const ref = series(300, (d) => (d < refLaunch ? null : 20 * ramp(d - refLaunch)));
    const shape = launchShape(ref, refLaunch, null, 90);
    expect(shape).not.toBeNull();
    expect(shape!.level).toBeCloseTo(20, 0);
    const launchDay = START + 280;
    const young = series(300, (d) => (d < launchDay ? null : 8 * ramp(d - launchDay)));
    const f = forecastSeries({
      series: young,
      horizon: 60,
      launch: launchOf(shape!, launchDay),
      calendar: { eventOf: () => undefined },
    });
    expect(f.method).toBe('launch');
    // Age 20 today: the forecast keeps ramping to about 8 a day by age 60, then stays.
    expect(f.daily[0]!).toBeGreaterThan(8 * ramp(20) * 0.8);
    expect(f.daily[0]!).toBeLessThan(8 * ramp(20) * 1.2);
    expect(f.daily[45]!).toBeGreaterThan(8 * 0.8);
    expect(f.daily[45]!).toBeLessThan(8 * 1.2);
    expect(f.daily[45]!).toBeGreaterThan(f.daily[0]! * 2);
  });

  it('answers zeros for a series without any observation', () => {
    const f = forecastSeries({ series: series(30, () => null), horizon: 7 });
    expect(f.method).toBe('empty');
    expect(f.daily).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('rolling backtest', () => {
  it('beats seasonal naive on a noisy seasonal series with a trend', () => {
    const wf = [0.7, 1.2, 1.1, 1, 1, 1, 0.9];
    const s = series(400, (d, i) => Math.max(0, Math.round(12 * (1 + i / 800) * wf[weekdayOf(d)]! * (1 + 0.4 * noise(i)))));
    const origins = Array.from({ length: 8 }, (_, k) => START + 400 - 84 + k * 7);
    const score = backtestSeries({ series: s, horizon: 28, calendar: { eventOf: () => undefined } }, origins);
    const method = wape(score.absError, score.actual)!;
    const naive = wape(score.naiveAbsError, score.actual)!;
    expect(score.days).toBeGreaterThan(150);
    expect(method).toBeLessThan(naive * 0.8);
  });
});
