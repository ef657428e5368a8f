import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  directionOf,
  formatChange,
  formatCount,
  formatMargin,
  formatMoney,
  formatMoneyIn,
  formatPointChange,
  percentChange,
  ratioChange,
} from './sales-format';

describe('sales number formats', () => {
  it('writes money with separators and two decimals', () => {
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(-12.5)).toBe('-12.50');
    expect(formatMoney(0)).toBe('0.00');
  });

  it('names the reporting currency unambiguously', () => {
    expect(currencySymbol('USD')).toBe('US$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('nope')).toBe('nope');
    expect(formatMoneyIn(1234.5, 'USD')).toBe('US$ 1,234.50');
    expect(formatMoneyIn(-3, 'USD')).toBe('-US$ 3.00');
    expect(formatMoneyIn(-0.001, 'USD')).toBe('US$ 0.00');
  });

  it('writes counts as integers with separators', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(null)).toBe('—');
  });

  it('writes the margin ratio as a percentage, none without revenue', () => {
    expect(formatMargin(0.12345)).toBe('12.35%');
    expect(formatMargin(-0.5)).toBe('-50.00%');
    expect(formatMargin(null)).toBe('—');
  });
});

describe('change against the previous period', () => {
  it('is relative to the previous value, and none when there was nothing before', () => {
    expect(percentChange(110, 100)).toBeCloseTo(0.1);
    expect(percentChange(90, 100)).toBeCloseTo(-0.1);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
  });

  it('measures a loss that shrinks as a rise', () => {
    expect(percentChange(-50, -100)).toBeCloseTo(0.5);
    expect(percentChange(-150, -100)).toBeCloseTo(-0.5);
  });

  it('writes the change with its sign and direction', () => {
    expect(formatChange(0.1234)).toBe('+12.34%');
    expect(formatChange(-0.05)).toBe('-5.00%');
    expect(formatChange(0.00001)).toBe('0.00%');
    expect(formatChange(null)).toBe('—');
    expect(directionOf(0.2)).toBe('up');
    expect(directionOf(-0.2)).toBe('down');
    expect(directionOf(0)).toBe('flat');
    expect(directionOf(null)).toBeNull();
  });

  it('compares margins in percentage points', () => {
    expect(ratioChange(0.25, 0.2)).toBeCloseTo(0.05);
    expect(ratioChange(null, 0.2)).toBeNull();
    expect(formatPointChange(0.0123)).toBe('+1.23 pp');
    expect(formatPointChange(-0.05)).toBe('-5.00 pp');
  });
});
