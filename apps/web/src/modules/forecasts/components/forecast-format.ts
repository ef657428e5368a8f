/** How forecast figures read: units with one decimal under 100, WAPE and bias as percentages. */
import { formatPercent, formatThousands } from '../../../shared/format';

export const formatUnits = (v: number) =>
  Math.abs(v) < 100 ? (Math.round(v * 10) / 10).toString() : formatThousands(Math.round(v));
export const formatShare = (v: number | null) => (v === null ? '—' : formatPercent(v));
