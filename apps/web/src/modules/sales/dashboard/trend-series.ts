/**
 * The trend chart's series from the API's points. Marketplaces restate the last few days'
 * orders and revenue, so a bucket whose least settled day is preliminary (settlement 0,
 * about the last 3 days) is "pending": its revenue bar is drawn lighter and the profit
 * line runs dashed through it. A provisional day (1, up to a month old) only waits for
 * late returns and fee corrections and is drawn as settled (docs/decisions.md).
 * The profit line is split in two series for that: solid between settled buckets,
 * dashed wherever a pending bucket is at either end of a segment.
 */
import type { SETTLEMENT, trendPointSchema } from '@bo/contract/sales/dashboard';
import type { z } from 'zod';
import type { Granularity } from './dashboard.queries';

export type TrendPoint = z.infer<typeof trendPointSchema>;

type Settlement = (typeof SETTLEMENT)[keyof typeof SETTLEMENT];
const PRELIMINARY: Settlement = 0;

export const isPending = (p: Pick<TrendPoint, 'settlement'>): boolean => p.settlement === PRELIMINARY;

export interface TrendSeries {
  labels: string[];
  revenue: { value: number; pending: boolean }[];
  profitSettled: (number | null)[];
  profitPending: (number | null)[];
  /** Some bucket may still change: the chart says so under its legend. */
  hasPending: boolean;
  /** Some bucket holds sales at all. */
  hasData: boolean;
}

/** The axis label of a bucket: its first day (day, week) or its month. */
export function bucketLabel(date: string, granularity: Granularity): string {
  return granularity === 'month' ? date.slice(0, 7) : date.slice(5);
}

export function buildTrendSeries(points: readonly TrendPoint[], granularity: Granularity): TrendSeries {
  const pending = points.map(isPending);
  return {
    labels: points.map((p) => bucketLabel(p.date, granularity)),
    revenue: points.map((p, i) => ({ value: p.revenue, pending: pending[i] ?? false })),
    profitSettled: points.map((p, i) => (pending[i] ? null : p.profit)),
    profitPending: points.map((p, i) => (pending[i] || pending[i - 1] || pending[i + 1] ? p.profit : null)),
    hasPending: pending.some(Boolean),
    hasData: points.some((p) => p.settlement !== null),
  };
}
