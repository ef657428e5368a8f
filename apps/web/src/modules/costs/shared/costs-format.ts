/**
 * Number display of the cost screens (spec §9: thousands separators, percent with two
 * decimals). Unit costs and prices keep up to four decimals, as they are stored.
 */
import { EMPTY, formatPercent, grouped } from '../../../shared/format';

/** 1234.5 → "1,234.50", 0.1234 → "0.1234": at least two decimals, at most four. */
export function formatCost(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  return grouped(value, 2, 4);
}

/** A difference with its sign: +1.95, −0.50, 0.00. */
export function formatSignedCost(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  const text = formatCost(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** A referral rate (a ratio) as a percentage: 0.15 → "15.00%". */
export const formatRate = (ratio: number | null | undefined) => formatPercent(ratio ?? null);

/** The day before an ISO date, for "until" columns. */
export function dayBefore(iso: string): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
