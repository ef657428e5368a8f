import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DECIMALS,
  formatAmount,
  formatCount,
  formatDate,
  formatDateTime,
  formatFloat2,
  formatInteger,
  formatPercent,
  formatPercentValue,
  formatShortTime,
  formatThousands,
  formatTime,
  formatTimestamp,
  formatUsDate,
} from './format';

describe('numbers', () => {
  it('percent with two decimals', () => {
    expect(formatPercent(0.1234)).toBe('12.34%');
    expect(formatPercent(1)).toBe('100.00%');
    expect(formatPercent(-0.005)).toBe('-0.50%');
    expect(formatPercent('0.5')).toBe('50.00%');
  });
  it('thousands separators', () => {
    expect(formatThousands(1234567.891)).toBe('1,234,567.89');
    expect(formatThousands(1000)).toBe('1,000');
    expect(formatThousands(-9876.5)).toBe('-9,876.5');
  });
  it('integer', () => {
    expect(formatInteger(1234.5)).toBe('1235');
    expect(formatInteger(-0.4)).toBe('0');
    expect(formatInteger('42')).toBe('42');
  });
  it('float with two decimals', () => {
    expect(formatFloat2(3.1)).toBe('3.10');
    expect(formatFloat2(2.005)).toBe('2.00');
    expect(formatFloat2(10)).toBe('10.00');
  });
  it('amount: separators and two decimals', () => {
    expect(formatAmount(1234.5)).toBe('1,234.50');
  });
  it('one rule for decimals: money 2, percent 2, counts 0', () => {
    expect(DECIMALS).toEqual({ money: 2, percent: 2, count: 0 });
    expect(formatCount(12345.6)).toBe('12,346');
    expect(formatCount(-0.2)).toBe('0');
    expect(formatCount('7')).toBe('7');
    // A chart's share in percent reads like a ratio's percent: 2 decimals in labels and tooltips alike.
    expect(formatPercentValue(12.345)).toBe('12.35%');
    expect(formatPercentValue(12.3)).toBe(formatPercent(0.123));
    expect(formatCount(null)).toBe('-');
    expect(formatPercentValue(undefined)).toBe('-');
  });
  it('missing values show as "-"', () => {
    for (const f of [formatPercent, formatThousands, formatInteger, formatFloat2, formatAmount]) {
      expect(f(null)).toBe('-');
      expect(f(undefined)).toBe('-');
      expect(f('')).toBe('-');
      expect(f('abc')).toBe('-');
      expect(f(Number.NaN)).toBe('-');
    }
  });
});

describe('dates', () => {
  const d = new Date(2026, 2, 5, 7, 8, 9);
  it('yyyy-MM-dd', () => expect(formatDate(d)).toBe('2026-03-05'));
  it('HH:mm:ss', () => expect(formatTime(d)).toBe('07:08:09'));
  it('H:mm', () => expect(formatShortTime(d)).toBe('7:08'));
  it('M/D/YYYY', () => expect(formatUsDate(d)).toBe('3/5/2026'));
  it('date and time', () => expect(formatDateTime(d)).toBe('2026-03-05 07:08:09'));
  it('accepts date strings and refuses garbage', () => {
    expect(formatDate('2026-12-31')).toBe('2026-12-31');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDate(null)).toBe('-');
  });
});

describe('timestamps in the profile time zone', () => {
  const profileZone = (zone: string | null) => {
    const items = new Map<string, string>(zone ? [['zoneId', zone]] : []);
    vi.stubGlobal('localStorage', { getItem: (k: string) => items.get(k) ?? null });
  };
  afterEach(() => vi.unstubAllGlobals());

  it("shows a server timestamp in the profile's zone, not the browser's", () => {
    profileZone('Asia/Tokyo');
    expect(formatDateTime('2026-03-05T00:00:00Z')).toBe('2026-03-05 09:00:00');
    expect(formatTimestamp('2026-03-05T00:00:00.000Z', 'MM-DD HH:mm')).toBe('03-05 09:00');
    profileZone('America/Los_Angeles');
    expect(formatDateTime('2026-03-05T00:00:00Z')).toBe('2026-03-04 16:00:00');
    expect(formatDate('2026-03-05T00:00:00+00:00')).toBe('2026-03-04');
  });

  it('leaves calendar days alone, and falls back to the browser zone without a usable profile zone', () => {
    profileZone('Asia/Tokyo');
    expect(formatDate('2026-12-31')).toBe('2026-12-31');
    profileZone('Not/AZone');
    const d = new Date(2026, 2, 5, 7, 8, 9);
    expect(formatDateTime(d)).toBe('2026-03-05 07:08:09');
  });
});
