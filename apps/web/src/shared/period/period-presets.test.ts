import { describe, expect, it } from 'vitest';
import {
  defaultPeriod,
  isCalendarDay,
  isValidPeriod,
  matchPreset,
  periodDays,
  periodPresets,
  quarterOf,
  resolvePeriod,
} from './period-presets';

const byKey = (today: string, quarters: Parameters<typeof periodPresets>[1] = null) =>
  Object.fromEntries(periodPresets(today, quarters).map((p) => [p.key, [p.startDate, p.endDate]]));

describe('period presets', () => {
  it('counts "last N days" as the N complete days before today', () => {
    const p = byKey('2026-11-21');
    expect(p.last7).toEqual(['2026-11-14', '2026-11-20']);
    expect(p.last30).toEqual(['2026-10-22', '2026-11-20']);
    expect(p.last90).toEqual(['2026-08-23', '2026-11-20']);
  });

  it('gives this month up to today and the whole of last month', () => {
    const p = byKey('2026-03-15');
    expect(p.thisMonth).toEqual(['2026-03-01', '2026-03-15']);
    expect(p.lastMonth).toEqual(['2026-02-01', '2026-02-28']);
    expect(byKey('2028-03-01').lastMonth).toEqual(['2028-02-01', '2028-02-29']);
    expect(byKey('2026-01-10').lastMonth).toEqual(['2025-12-01', '2025-12-31']);
  });

  it('gives this quarter up to today and the whole of last quarter, across a year end', () => {
    expect(byKey('2026-11-21').thisQuarter).toEqual(['2026-10-01', '2026-11-21']);
    expect(byKey('2026-11-21').lastQuarter).toEqual(['2026-07-01', '2026-09-30']);
    expect(byKey('2026-02-03').lastQuarter).toEqual(['2025-10-01', '2025-12-31']);
  });

  it('adds up to four earlier quarters from the server list, newest first, never this or last quarter', () => {
    const quarters = ['2026-Q4', '2026-Q3', '2026-Q2', '2026-Q1', '2025-Q4', '2025-Q3', '2025-Q2'].map((q) => {
      const [y, n] = q.split('-Q').map(Number) as [number, number];
      const start = `${y}-${String((n - 1) * 3 + 1).padStart(2, '0')}-01`;
      return quarterOf(start);
    });
    const presets = periodPresets('2026-11-21', quarters);
    const earlier = presets.filter((p) => p.kind === 'quarter').map((p) => p.quarter);
    expect(earlier).toEqual(['2026-Q2', '2026-Q1', '2025-Q4', '2025-Q3']);
    expect(new Set(presets.map((p) => p.key)).size).toBe(presets.length);
  });

  it('computes quarters client-side', () => {
    expect(quarterOf('2026-05-31')).toEqual({ quarter: '2026-Q2', startDate: '2026-04-01', endDate: '2026-06-30' });
    expect(quarterOf('2026-12-31')).toEqual({ quarter: '2026-Q4', startDate: '2026-10-01', endDate: '2026-12-31' });
  });

  it('recognises the preset a period is, and a custom range as none', () => {
    const presets = periodPresets('2026-11-21');
    expect(matchPreset({ startDate: '2026-11-14', endDate: '2026-11-20' }, presets)?.key).toBe('last7');
    expect(matchPreset({ startDate: '2026-11-13', endDate: '2026-11-20' }, presets)).toBeNull();
  });
});

describe('periods from a link', () => {
  it('accepts real days in order within the longest period', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-2-3')).toBe(false);
    expect(isValidPeriod({ startDate: '2026-01-01', endDate: '2026-01-01' })).toBe(true);
    expect(isValidPeriod({ startDate: '2026-01-02', endDate: '2026-01-01' })).toBe(false);
    // 1,100 days with both ends is the longest period the API takes.
    expect(isValidPeriod({ startDate: '2024-01-01', endDate: '2027-01-04' })).toBe(true);
    expect(isValidPeriod({ startDate: '2024-01-01', endDate: '2027-01-05' })).toBe(false);
    expect(periodDays({ startDate: '2026-01-01', endDate: '2026-01-31' })).toBe(31);
  });

  it('falls back to the last 30 complete days', () => {
    expect(defaultPeriod('2026-11-21')).toEqual({ startDate: '2026-10-22', endDate: '2026-11-20' });
    expect(resolvePeriod({ startDate: 'x', endDate: '2026-01-01' }, '2026-11-21')).toEqual(defaultPeriod('2026-11-21'));
    expect(resolvePeriod({ startDate: '2026-01-01', endDate: '2026-01-31' }, '2026-11-21')).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
  });
});
