import { describe, expect, it } from 'vitest';
import { addDays, type CoverRange, coverPeriod } from './sales-query';

/** Every day a cover reads, in order, with the unit that reads it. */
function expand(ranges: CoverRange[]): Array<{ day: string; unit: string }> {
  const out: Array<{ day: string; unit: string }> = [];
  for (const r of ranges) for (let d = r.from; d <= r.to; d = addDays(d, 1)) out.push({ day: d, unit: r.unit });
  return out;
}
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
const lastOfMonth = (d: string) => addDays(d, 1).endsWith('-01');

/** Deterministic pseudo-random numbers (a fixed seed keeps the test repeatable). */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('coverPeriod', () => {
  it('covers every day of a period exactly once, with whole weeks, months, quarters and years only', () => {
    const rnd = lcg(42);
    for (let i = 0; i < 500; i++) {
      const start = addDays('2024-01-01', Math.floor(rnd() * 1000));
      const end = addDays(start, Math.floor(rnd() * 760));
      const ranges = coverPeriod(start, end);
      const days = expand(ranges);
      expect(days[0]?.day).toBe(start);
      expect(days.at(-1)?.day).toBe(end);
      for (let k = 1; k < days.length; k++) expect(days[k]!.day).toBe(addDays(days[k - 1]!.day, 1));
      for (const r of ranges) {
        if (r.unit === 'week') {
          expect(weekday(r.from)).toBe(1);
          expect(weekday(r.to)).toBe(0);
        }
        if (r.unit === 'month' || r.unit === 'quarter' || r.unit === 'year') {
          expect(r.from.endsWith('-01')).toBe(true);
          expect(lastOfMonth(r.to)).toBe(true);
        }
        if (r.unit === 'quarter') expect([1, 4, 7, 10]).toContain(Number(r.from.slice(5, 7)));
        if (r.unit === 'quarter') expect([3, 6, 9, 12]).toContain(Number(r.to.slice(5, 7)));
        if (r.unit === 'year') expect(r.from.slice(5)).toBe('01-01');
        if (r.unit === 'year') expect(r.to.slice(5)).toBe('12-31');
      }
    }
  });

  it('reads few rollup rows per listing for any 90 days and for two years', () => {
    // Rollup rows per listing: a day, a week, a month, a quarter or a year each.
    const units = (ranges: CoverRange[]) =>
      ranges.reduce((n, r) => {
        const days = expand([r]);
        const months = days.filter((d) => d.day.endsWith('-01')).length;
        const perUnit = { day: days.length, week: days.length / 7, month: months, quarter: months / 3, year: months / 12 };
        return n + perUnit[r.unit];
      }, 0);
    for (let i = 0; i < 365; i++) {
      const start = addDays('2025-01-01', i);
      expect(units(coverPeriod(start, addDays(start, 89)))).toBeLessThanOrEqual(19);
      expect(units(coverPeriod(start, addDays(start, 729)))).toBeLessThanOrEqual(25);
    }
  });

  it('uses the days alone for a short period and nothing for an empty one', () => {
    expect(coverPeriod('2026-03-10', '2026-03-10')).toEqual([{ unit: 'day', from: '2026-03-10', to: '2026-03-10' }]);
    expect(coverPeriod('2026-03-10', '2026-03-09')).toEqual([]);
    expect(coverPeriod('2026-03-01', '2026-03-31')).toEqual([{ unit: 'month', from: '2026-03-01', to: '2026-03-31' }]);
  });
});
