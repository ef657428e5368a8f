/**
 * The KPI cards: which measures, how each reads, and how its change against the period
 * before is judged. A rise is good except for ad spend, a cost: there a rise shows in
 * the warning colour. The margin changes in percentage points, not in percent of itself.
 */
import type { Measures } from '@bo/contract/sales/sales-profit';
import {
  type Direction,
  directionOf,
  formatChange,
  formatCount,
  formatMargin,
  formatMoneyIn,
  formatPointChange,
  percentChange,
  ratioChange,
} from '../shared/sales-format';

export const KPI_KEYS = ['revenue', 'profit', 'margin', 'units', 'orders', 'adSpend'] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

/** A rise of these is bad news. */
const COSTS: ReadonlySet<KpiKey> = new Set(['adSpend']);

export type Tone = 'good' | 'bad' | 'neutral';

export interface KpiFigure {
  key: KpiKey;
  value: string;
  previous: string;
  /** The value is a loss (profit below 0). */
  negative: boolean;
  change: string;
  direction: Direction | null;
  tone: Tone;
}

function display(key: KpiKey, m: Measures, currency: string): string {
  if (key === 'margin') return formatMargin(m.margin);
  if (key === 'units' || key === 'orders') return formatCount(m[key]);
  return formatMoneyIn(m[key], currency);
}

export function kpiFigure(key: KpiKey, current: Measures, previous: Measures, currency: string): KpiFigure {
  const change = key === 'margin' ? ratioChange(current.margin, previous.margin) : percentChange(current[key], previous[key]);
  const direction = directionOf(change);
  const rising = direction === 'up';
  const tone: Tone = direction === null || direction === 'flat' ? 'neutral' : rising !== COSTS.has(key) ? 'good' : 'bad';
  return {
    key,
    value: display(key, current, currency),
    previous: display(key, previous, currency),
    negative: key === 'profit' && current.profit < 0,
    change: key === 'margin' ? formatPointChange(change) : formatChange(change),
    direction,
    tone,
  };
}

/** Whether a period holds any figure at all; when none does, the dashboard shows its empty state. */
export const hasFigures = (m: Measures): boolean =>
  m.units !== 0 || m.orders !== 0 || m.revenue !== 0 || m.refunds !== 0 || m.adSpend !== 0 || m.otherCosts !== 0;
