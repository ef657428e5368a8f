import { describe, expect, it } from 'vitest';
import { dayBefore, formatCost, formatRate, formatSignedCost } from './costs-format';

describe('cost formats', () => {
  it('keeps two to four decimals with thousands separators', () => {
    expect(formatCost(1234.5)).toBe('1,234.50');
    expect(formatCost(0.1234)).toBe('0.1234');
    expect(formatCost(6.95)).toBe('6.95');
    expect(formatCost(null)).toBe('-');
  });
  it('signs differences', () => {
    expect(formatSignedCost(1.95)).toBe('+1.95');
    expect(formatSignedCost(-0.5)).toBe('−0.50');
    expect(formatSignedCost(0)).toBe('0.00');
  });
  it('shows rates as percentages with two decimals', () => {
    expect(formatRate(0.15)).toBe('15.00%');
    expect(formatRate(null)).toBe('-');
  });
  it('finds the day before, across months and leap days', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
  });
});
