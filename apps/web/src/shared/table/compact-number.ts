/**
 * Figures that fit a table cell without wrapping: below ten thousand the exact figure,
 * above it three significant digits with k / M / B ("US$ 12.3k", "1.23M"). The exact
 * figure goes in the cell's tooltip.
 */
import { grouped } from '../format';

const UNITS = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'k' },
] as const;

const COMPACT_FROM = 10_000;

/** A number in at most about six characters; `decimals` applies below the compact range. */
export function formatCompact(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs < COMPACT_FROM) {
    const text = grouped(abs, decimals);
    return Number(text.replaceAll(',', '')) === 0 ? text : `${sign}${text}`;
  }
  for (const [i, unit] of UNITS.entries()) {
    if (abs < unit.size) continue;
    const scaled = abs / unit.size;
    // Three significant digits; a value that rounds up to 1000 moves to the next unit.
    const digits = scaled >= 100 ? 0 : scaled >= 10 ? 1 : 2;
    const rounded = Number(scaled.toFixed(digits));
    if (rounded >= 1000 && i > 0) {
      const bigger = UNITS[i - 1];
      if (bigger) return `${sign}${(abs / bigger.size).toFixed(2)}${bigger.suffix}`;
    }
    return `${sign}${rounded.toFixed(digits)}${unit.suffix}`;
  }
  return `${sign}${abs.toFixed(decimals)}`;
}

/** Money with its symbol: "US$ 12.3k", "-US$ 1,234.50". */
export function formatCompactMoney(value: number, symbol: string): string {
  const text = formatCompact(Math.abs(value));
  return value < 0 && text !== '0.00' ? `-${symbol} ${text}` : `${symbol} ${text}`;
}

/** The exact figure for the tooltip: "US$ 12,345.67". */
export function formatExactMoney(value: number, symbol: string): string {
  const text = grouped(Math.abs(value), 2);
  return value < 0 && text !== '0.00' ? `-${symbol} ${text}` : `${symbol} ${text}`;
}
