/**
 * What the three sales-data screens show, read from their query strings: the shared
 * sales filters (the same keys as /salesProfit) plus each screen's own choices. Read
 * leniently: a value the API would refuse falls back to its default, so a pasted link
 * always opens something.
 */
import {
  ANALYSIS_DIMENSIONS,
  ANALYSIS_SORTS,
  type AnalysisDimension,
  CHANGE_STATUSES,
  type ChangeStatus,
  COMPARE_MODES,
  type CompareMode,
  GRANULARITIES,
  GROUP_DIMENSIONS,
  type Granularity,
  type GroupDimension,
  MAX_PERIOD_COLUMNS,
  SERIES_ROWS,
  type SeriesRows,
} from '@bo/contract/sales/sales-data';
import { MEASURES, type Measure, type SalesFilter } from '@bo/contract/sales/sales-profit';
import { isCalendarDay, type Period, periodDays } from '../../../shared/period/period-presets';
import {
  readSalesFilters,
  SALES_FILTER_URL,
  type SalesFilterState,
  type SalesFilterUrl,
  toSalesQuery,
} from '../filters/sales-filters';

export type SortOrder = 'ascend' | 'descend';
export const PAGE_SIZES = [10, 20, 50, 100] as const;

const oneOf = <T extends string>(values: readonly T[], v: string, fallback: T): T =>
  (values as readonly string[]).includes(v) ? (v as T) : fallback;
const intIn = (text: string, min: number, max: number): number | null =>
  /^\d{1,6}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null;
const order = (v: string): SortOrder => (v === 'ascend' ? 'ascend' : 'descend');
const pageSize = (v: string) => {
  const n = intIn(v, 1, 500);
  return n && (PAGE_SIZES as readonly number[]).includes(n) ? n : 20;
};

function filterQuery(filters: SalesFilterState, keyword: string): SalesFilter {
  const q = toSalesQuery(filters);
  if (keyword) q.keyword = keyword;
  return q;
}

// ---- /salesData ---------------------------------------------------------------------------------

export const SERIES_URL = {
  ...SALES_FILTER_URL,
  rows: 'listing',
  granularity: '',
  measure: 'revenue',
  keyword: '',
  sortField: 'total',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;

export interface SeriesUrl extends SalesFilterUrl {
  rows: string;
  granularity: string;
  measure: string;
  keyword: string;
  sortField: string;
  sortOrder: string;
  pageNum: string;
  pageSize: string;
}

export interface SeriesView {
  filters: SalesFilterState;
  rows: SeriesRows;
  granularity: Granularity;
  measure: Measure;
  keyword: string;
  sortField: string;
  sortOrder: SortOrder;
  pageNum: number;
  pageSize: number;
}

/** How many columns a period has by a granularity (as the server counts them). */
export function columnCount(p: Period, g: Granularity): number {
  const days = periodDays(p);
  if (g === 'day') return days;
  const start = new Date(`${p.startDate}T00:00:00Z`);
  const end = new Date(`${p.endDate}T00:00:00Z`);
  if (g === 'month') return (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth() + 1;
  const monday = (d: Date) => d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  return Math.round((monday(end) - monday(start)) / (7 * 86_400_000)) + 1;
}

/** Whether a period fits a granularity's column limit. */
export const fits = (p: Period, g: Granularity) => columnCount(p, g) <= MAX_PERIOD_COLUMNS[g];

/** The finest granularity whose columns fit the period (day for a month, week for a quarter, month beyond). */
export const defaultGranularity = (p: Period): Granularity => GRANULARITIES.find((g) => fits(p, g)) ?? 'month';

export function readSeriesView(url: SeriesUrl, today: string): SeriesView {
  const filters = readSalesFilters(url, today);
  const asked = oneOf<Granularity | ''>([...GRANULARITIES, ''], url.granularity, '');
  // A granularity that would give too many columns for the period falls back to one that fits.
  const granularity = asked && fits(filters, asked) ? asked : defaultGranularity(filters);
  const sortField = url.sortField === 'total' || isCalendarDay(url.sortField) ? url.sortField : 'total';
  return {
    filters,
    rows: oneOf(SERIES_ROWS, url.rows, 'listing'),
    granularity,
    measure: oneOf(MEASURES, url.measure, 'revenue'),
    keyword: url.keyword.trim().slice(0, 100),
    sortField,
    sortOrder: order(url.sortOrder),
    pageNum: intIn(url.pageNum, 1, 100_000) ?? 1,
    pageSize: pageSize(url.pageSize),
  };
}

export const seriesExportQuery = (v: SeriesView) => ({
  ...filterQuery(v.filters, v.keyword),
  rows: v.rows,
  granularity: v.granularity,
  measure: v.measure,
  sortField: v.sortField,
  sortOrder: v.sortOrder,
});
export const seriesListQuery = (v: SeriesView) => ({ ...seriesExportQuery(v), pageNum: v.pageNum, pageSize: v.pageSize });

// ---- /salesDataGroup ----------------------------------------------------------------------------

export const GROUP_URL = {
  ...SALES_FILTER_URL,
  groupBy: 'market',
  thenBy: '',
  keyword: '',
  sortField: 'revenue',
  sortOrder: 'descend',
  chart: 'bar',
} as const;

export interface GroupUrl extends SalesFilterUrl {
  groupBy: string;
  thenBy: string;
  keyword: string;
  sortField: string;
  sortOrder: string;
  chart: string;
}

export interface GroupView {
  filters: SalesFilterState;
  groupBy: GroupDimension;
  thenBy: GroupDimension | null;
  keyword: string;
  sortField: Measure | 'name';
  sortOrder: SortOrder;
  chart: 'bar' | 'pie';
}

export function readGroupView(url: GroupUrl, today: string): GroupView {
  const groupBy = oneOf(GROUP_DIMENSIONS, url.groupBy, 'market');
  const thenBy = oneOf<GroupDimension | ''>([...GROUP_DIMENSIONS, ''], url.thenBy, '');
  return {
    filters: readSalesFilters(url, today),
    groupBy,
    thenBy: thenBy && thenBy !== groupBy ? thenBy : null,
    keyword: url.keyword.trim().slice(0, 100),
    sortField: oneOf<Measure | 'name'>([...MEASURES, 'name'], url.sortField, 'revenue'),
    sortOrder: order(url.sortOrder),
    chart: url.chart === 'pie' ? 'pie' : 'bar',
  };
}

export const groupQuery = (v: GroupView) => ({
  ...filterQuery(v.filters, v.keyword),
  groupBy: v.groupBy,
  ...(v.thenBy ? { thenBy: v.thenBy } : {}),
  sortField: v.sortField,
  sortOrder: v.sortOrder,
});

// ---- /salesDataAnalysis -------------------------------------------------------------------------

export const ANALYSIS_URL = {
  ...SALES_FILTER_URL,
  dimension: 'market',
  compare: 'previous',
  compareStart: '',
  compareEnd: '',
  measure: 'revenue',
  status: '',
  keyword: '',
  sortField: 'change',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;

export interface AnalysisUrl extends SalesFilterUrl {
  dimension: string;
  compare: string;
  compareStart: string;
  compareEnd: string;
  measure: string;
  status: string;
  keyword: string;
  sortField: string;
  sortOrder: string;
  pageNum: string;
  pageSize: string;
}

export interface AnalysisView {
  filters: SalesFilterState;
  dimension: AnalysisDimension;
  compare: CompareMode;
  /** Only with compare = custom. */
  comparePeriod: Period | null;
  measure: Measure;
  status: ChangeStatus | null;
  keyword: string;
  sortField: (typeof ANALYSIS_SORTS)[number];
  sortOrder: SortOrder;
  pageNum: number;
  pageSize: number;
}

export function readAnalysisView(url: AnalysisUrl, today: string): AnalysisView {
  const custom =
    isCalendarDay(url.compareStart) && isCalendarDay(url.compareEnd) && url.compareStart <= url.compareEnd
      ? { startDate: url.compareStart, endDate: url.compareEnd }
      : null;
  const compare = oneOf(COMPARE_MODES, url.compare, 'previous');
  return {
    filters: readSalesFilters(url, today),
    dimension: oneOf(ANALYSIS_DIMENSIONS, url.dimension, 'market'),
    // A custom comparison without valid dates falls back to the previous period.
    compare: compare === 'custom' && !custom ? 'previous' : compare,
    comparePeriod: compare === 'custom' ? custom : null,
    measure: oneOf(MEASURES, url.measure, 'revenue'),
    status: oneOf<ChangeStatus | ''>([...CHANGE_STATUSES, ''], url.status, '') || null,
    keyword: url.keyword.trim().slice(0, 100),
    sortField: oneOf(ANALYSIS_SORTS, url.sortField, 'change'),
    sortOrder: order(url.sortOrder),
    pageNum: intIn(url.pageNum, 1, 100_000) ?? 1,
    pageSize: pageSize(url.pageSize),
  };
}

export const analysisExportQuery = (v: AnalysisView) => ({
  ...filterQuery(v.filters, v.keyword),
  dimension: v.dimension,
  compare: v.compare,
  ...(v.compare === 'custom' && v.comparePeriod
    ? { compareStart: v.comparePeriod.startDate, compareEnd: v.comparePeriod.endDate }
    : {}),
  measure: v.measure,
  ...(v.status ? { status: v.status } : {}),
  sortField: v.sortField,
  sortOrder: v.sortOrder,
});
export const analysisListQuery = (v: AnalysisView) => ({ ...analysisExportQuery(v), pageNum: v.pageNum, pageSize: v.pageSize });

/** A waterfall from the comparison total to the period total: base, each driver, the others, the current total. */
export interface WaterfallStep {
  label: string;
  /** Where the bar starts and how far it goes (negative = down). */
  from: number;
  delta: number;
  kind: 'total' | 'up' | 'down';
}

export function waterfall(
  base: number,
  drivers: readonly { label: string; change: number }[],
  others: number,
  labels: { base: string; current: string; others: string },
): WaterfallStep[] {
  const steps: WaterfallStep[] = [{ label: labels.base, from: 0, delta: base, kind: 'total' }];
  let level = base;
  const step = (label: string, change: number) => {
    steps.push({ label, from: level, delta: change, kind: change >= 0 ? 'up' : 'down' });
    level = Math.round((level + change) * 100) / 100;
  };
  for (const d of drivers) step(d.label, d.change);
  if (Math.abs(others) >= 0.005) step(labels.others, others);
  steps.push({ label: labels.current, from: 0, delta: level, kind: 'total' });
  return steps;
}

/**
 * Where a waterfall's value axis starts: at 0, so the totals' bars are drawn to scale
 * (an axis cut at 830k makes a 2 % change look like a halving); below 0 only when a
 * level goes negative, which the chart's own scale then covers.
 */
export function waterfallAxisMin(steps: readonly WaterfallStep[]): number | undefined {
  const lowest = Math.min(0, ...steps.map((s) => (s.kind === 'total' ? s.delta : Math.min(s.from, s.from + s.delta))));
  return lowest < 0 ? undefined : 0;
}
