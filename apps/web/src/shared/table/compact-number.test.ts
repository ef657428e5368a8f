import { describe, expect, it } from 'vitest';
import { formatCompact, formatCompactMoney, formatExactMoney } from './compact-number';

describe('compact figures', () => {
  it('keeps figures below ten thousand exact', () => {
    expect(formatCompact(0)).toBe('0.00');
    expect(formatCompact(9876.543)).toBe('9,876.54');
    expect(formatCompact(42, 0)).toBe('42');
  });

  it('gives three significant digits with k / M / B above', () => {
    expect(formatCompact(12_345.67)).toBe('12.3k');
    expect(formatCompact(123_456)).toBe('123k');
    expect(formatCompact(1_234_567)).toBe('1.23M');
    expect(formatCompact(999_999)).toBe('1.00M');
    expect(formatCompact(2_500_000_000)).toBe('2.50B');
    expect(formatCompact(-45_600)).toBe('-45.6k');
  });

  it('puts the currency before the figure and the sign before the currency', () => {
    expect(formatCompactMoney(12_345.67, 'US$')).toBe('US$ 12.3k');
    expect(formatCompactMoney(-1234.5, 'US$')).toBe('-US$ 1,234.50');
    expect(formatCompactMoney(-0.001, '€')).toBe('€ 0.00');
    expect(formatExactMoney(12_345.678, 'US$')).toBe('US$ 12,345.68');
  });
});
