import { describe, expect, it } from 'vitest';
import { bucketLabel, buildTrendSeries, type TrendPoint } from './trend-series';

const point = (date: string, profit: number, settlement: number | null): TrendPoint => ({
  date,
  units: 1,
  revenue: profit * 4,
  profit,
  adSpend: 1,
  settlement,
});

describe('trend series', () => {
  it('draws settled buckets solid and the pending tail dashed, joined at the last settled bucket', () => {
    const s = buildTrendSeries(
      [point('2026-11-17', 10, 2), point('2026-11-18', 20, 1), point('2026-11-19', 30, 0), point('2026-11-20', 40, 0)],
      'day',
    );
    expect(s.profitSettled).toEqual([10, 20, null, null]);
    expect(s.profitPending).toEqual([null, 20, 30, 40]);
    expect(s.revenue.map((r) => r.pending)).toEqual([false, false, true, true]);
    expect(s.hasPending).toBe(true);
    expect(s.hasData).toBe(true);
    expect(s.labels).toEqual(['11-17', '11-18', '11-19', '11-20']);
  });

  it('draws only the unsettled last days as pending in a 30-day window, not the provisional month', () => {
    // The server's settlement: preliminary under 3 days old, provisional under 30, then final.
    const days = Array.from({ length: 30 }, (_, i) => {
      const age = 29 - i;
      return point(`2026-11-${String(i + 1).padStart(2, '0')}`, 10, age < 3 ? 0 : age < 30 ? 1 : 2);
    });
    const s = buildTrendSeries(days, 'day');
    expect(s.revenue.filter((r) => r.pending)).toHaveLength(3);
    expect(s.revenue.slice(-3).every((r) => r.pending)).toBe(true);
  });

  it('treats buckets without sales as settled and empty', () => {
    const s = buildTrendSeries([point('2026-09-01', 0, null), point('2026-10-01', 0, null)], 'month');
    expect(s.hasPending).toBe(false);
    expect(s.hasData).toBe(false);
    expect(s.profitPending).toEqual([null, null]);
    expect(s.labels).toEqual(['2026-09', '2026-10']);
  });

  it('labels weeks by their first day and months by the month', () => {
    expect(bucketLabel('2026-11-16', 'week')).toBe('11-16');
    expect(bucketLabel('2026-11-01', 'month')).toBe('2026-11');
  });
});
