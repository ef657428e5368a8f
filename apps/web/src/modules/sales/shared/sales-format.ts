/**
 * How sales figures read (spec §9): thousands separators, money with two decimals in
 * the reporting currency, the margin ratio as a percentage with two decimals, and the
 * change of a KPI against the period before it.
 */
import { formatAmount, formatCount as formatCountShared, formatPercent } from '../../../shared/format';

/** Shown for a value that does not exist (a margin without revenue, a change from nothing). */
export const NONE = '—';

/**
 * An unambiguous symbol for a currency code: "US$" rather than "$", which a seller on
 * several marketplaces could read as CA$ or AU$. Unknown codes stay as they are.
 */
export function currencySymbol(code: string): string {
  try {
    const part = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: code, currencyDisplay: 'symbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? code;
  } catch {
    return code;
  }
}

/** Money: thousands separators and exactly two decimals, e.g. 1234.5 → "1,234.50". */
export const formatMoney = (value: number | null | undefined): string => formatAmount(value);

/** Money with its currency: "US$ 1,234.50", "-US$ 12.00". */
export function formatMoneyIn(value: number | null | undefined, currency: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  const symbol = currencySymbol(currency);
  return value < 0 && formatAmount(-value) !== '0.00'
    ? `-${symbol} ${formatAmount(-value)}`
    : `${symbol} ${formatAmount(Math.abs(value))}`;
}

/** Counts: thousands separators, no decimals, e.g. 12345 → "12,345". */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return formatCountShared(value);
}

/** The margin ratio as a percentage with two decimals; null (no revenue) → "—". */
export function formatMargin(ratio: number | null | undefined): string {
  return ratio === null || ratio === undefined || !Number.isFinite(ratio) ? NONE : formatPercent(ratio);
}

/**
 * The relative change from `previous` to `current` (0.1 = +10 %). Null when there is
 * nothing to compare with: the previous period had none of it.
 */
export function percentChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / Math.abs(previous);
}

/** The change of a ratio (the margin) in percentage points, as a ratio difference; null when either side is missing. */
export function ratioChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || !Number.isFinite(current) || !Number.isFinite(previous)) return null;
  return current - previous;
}

export type Direction = 'up' | 'down' | 'flat';

/** Up, down, or flat when the change rounds to 0.00 %. */
export function directionOf(change: number | null): Direction | null {
  if (change === null) return null;
  if (Math.abs(change) < 0.00005) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** A relative change with its sign: "+12.34%", "-5.00%", "0.00%"; null → "—". */
export function formatChange(change: number | null): string {
  const direction = directionOf(change);
  if (direction === null || change === null) return NONE;
  if (direction === 'flat') return '0.00%';
  return `${change > 0 ? '+' : '-'}${formatPercent(Math.abs(change))}`;
}

/** A change in percentage points with its sign: 0.0123 → "+1.23 pp". */
export function formatPointChange(change: number | null): string {
  const direction = directionOf(change);
  if (direction === null || change === null) return NONE;
  if (direction === 'flat') return '0.00 pp';
  return `${change > 0 ? '+' : '-'}${(Math.abs(change) * 100).toFixed(2)} pp`;
}
