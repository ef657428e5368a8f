/**
 * What the SKU analysis shows, read from its query string (sku, period, granularity),
 * and the figures derived from the server's sums: the KPI cards with their change, the
 * marketplace split and the cost structure. Pure, so it is tested on its own.
 */
import { MARKETS } from '@bo/contract';
import { SKU_GRANULARITIES, type SkuGranularity, type SkuListingRow } from '@bo/contract/listings/sku-analysis';
import type { Measures } from '@bo/contract/sales/sales-profit';
import { type Period, resolvePeriod } from '../../../shared/period/period-presets';
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
} from '../../sales/shared/sales-format';

export const SKU_URL = { sku: '', startDate: '', endDate: '', granularity: 'day', marketId: [] } as const;
export const SKU_ANALYSIS_PATH = '/skuAnalysis';

export interface SkuView extends Period {
  sku: string;
  granularity: SkuGranularity;
  /** The marketplaces whose listings count; empty: all. */
  marketIds: number[];
}

export function readSkuView(
  url: { sku: string; startDate: string; endDate: string; granularity: string; marketId?: readonly string[] },
  today: string,
): SkuView {
  const granularity = (SKU_GRANULARITIES as readonly string[]).includes(url.granularity)
    ? (url.granularity as SkuGranularity)
    : 'day';
  const marketIds = [
    ...new Set((url.marketId ?? []).map(Number).filter((n) => Number.isInteger(n) && MARKETS.some((m) => m.id === n))),
  ].sort((a, b) => a - b);
  return {
    sku: url.sku.trim().slice(0, 64),
    granularity,
    marketIds,
    ...resolvePeriod({ startDate: url.startDate, endDate: url.endDate }, today),
  };
}

/** The API query of the view: SKU, period and the chosen marketplaces. */
export const skuQuery = (v: SkuView) => ({
  sku: v.sku,
  startDate: v.startDate,
  endDate: v.endDate,
  ...(v.marketIds.length ? { marketId: v.marketIds } : {}),
});

/** /skuAnalysis of one SKU in a period, kept to the given marketplaces (a drill from another screen). */
export function skuAnalysisHref({
  sku,
  startDate,
  endDate,
  marketIds = [],
}: { sku: string; marketIds?: readonly number[] } & Period) {
  const params = new URLSearchParams({ sku, startDate, endDate });
  for (const id of marketIds) params.append('marketId', String(id));
  return `${SKU_ANALYSIS_PATH}?${params.toString()}`;
}

export const SKU_KPIS = ['units', 'revenue', 'profit', 'margin', 'refundRate', 'adShare'] as const;
export type SkuKpi = (typeof SKU_KPIS)[number];

const ratioOf = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** A KPI's value of one period (ratios for margin, refund rate and ad share). */
export function kpiValue(key: SkuKpi, m: Measures): number | null {
  switch (key) {
    case 'units':
      return m.units;
    case 'revenue':
      return m.revenue;
    case 'profit':
      return m.profit;
    case 'margin':
      return m.margin;
    case 'refundRate':
      return ratioOf(m.refunds, m.revenue);
    case 'adShare':
      return ratioOf(m.adSpend, m.revenue);
  }
}

const RATIOS: ReadonlySet<SkuKpi> = new Set(['margin', 'refundRate', 'adShare']);
/** A rise of these is bad news. */
const BAD_WHEN_UP: ReadonlySet<SkuKpi> = new Set(['refundRate', 'adShare']);

export interface SkuKpiFigure {
  key: SkuKpi;
  value: string;
  previous: string;
  change: string;
  direction: Direction | null;
  tone: 'good' | 'bad' | 'neutral';
  negative: boolean;
}

function show(key: SkuKpi, v: number | null, currency: string): string {
  if (RATIOS.has(key)) return formatMargin(v);
  if (key === 'units') return formatCount(v);
  return formatMoneyIn(v, currency);
}

export function skuKpi(key: SkuKpi, current: Measures, previous: Measures, currency: string): SkuKpiFigure {
  const now = kpiValue(key, current);
  const before = kpiValue(key, previous);
  const ratio = RATIOS.has(key);
  const change = ratio ? ratioChange(now, before) : percentChange(now ?? 0, before ?? 0);
  const direction = directionOf(change);
  const tone =
    direction === null || direction === 'flat' ? 'neutral' : (direction === 'up') !== BAD_WHEN_UP.has(key) ? 'good' : 'bad';
  return {
    key,
    value: show(key, now, currency),
    previous: show(key, before, currency),
    change: ratio ? formatPointChange(change) : formatChange(change),
    direction,
    tone,
    negative: (key === 'profit' || key === 'margin') && now !== null && now < 0,
  };
}

export interface MarketSlice {
  marketId: number;
  units: number;
  revenue: number;
  profit: number;
}

/** The listings' figures summed per marketplace, by revenue (largest first). */
export function marketSplit(rows: readonly SkuListingRow[]): MarketSlice[] {
  const by = new Map<number, MarketSlice>();
  for (const r of rows) {
    const m = by.get(r.marketId) ?? { marketId: r.marketId, units: 0, revenue: 0, profit: 0 };
    m.units += r.units;
    m.revenue = Math.round((m.revenue + r.revenue) * 100) / 100;
    m.profit = Math.round((m.profit + r.profit) * 100) / 100;
    by.set(r.marketId, m);
  }
  return [...by.values()].sort((a, b) => b.revenue - a.revenue || a.marketId - b.marketId);
}

export const COST_STEPS = ['refunds', 'fees', 'adSpend', 'cogs', 'otherCosts'] as const;
export type CostStep = (typeof COST_STEPS)[number];

export interface WaterfallBar {
  key: 'revenue' | CostStep | 'profit';
  /** Where the bar starts (invisible base) and how tall it is. */
  base: number;
  value: number;
  /** The signed amount the bar stands for (costs negative). */
  amount: number;
}

/**
 * Revenue, each cost stepping down from it, and the profit that remains. A negative cost
 * (a credit) steps up; a loss ends below zero.
 */
export function waterfall(m: Measures): WaterfallBar[] {
  const bars: WaterfallBar[] = [{ key: 'revenue', base: 0, value: m.revenue, amount: m.revenue }];
  let level = m.revenue;
  for (const key of COST_STEPS) {
    const cost = m[key];
    const next = Math.round((level - cost) * 100) / 100;
    bars.push({ key, base: Math.min(level, next), value: Math.abs(cost), amount: -cost });
    level = next;
  }
  bars.push({ key: 'profit', base: Math.min(0, m.profit), value: Math.abs(m.profit), amount: m.profit });
  return bars;
}
