/**
 * What the analysis boards read from their query strings (shops, marketplaces, campaign
 * types, period and each board's own choices), leniently, and the API queries made from
 * them. Pure.
 */
import { CAMPAIGN_TYPES, type CampaignType, PPC_METRICS, type PpcMetric } from '@bo/contract/ppc/board';
import {
  EXPORT_COLUMNS,
  EXPORT_REPORTS,
  type ExportColumn,
  type ExportReport,
  OUT_BUDGET_SORT_FIELDS,
  REPORT_GROUPS,
  type ReportGroup,
  SUGGESTION_KINDS,
  type SuggestionKind,
} from '@bo/contract/ppc/boards';
import { resolvePeriod } from '../../../shared/period/period-presets';
import { percentChange, ratioChange } from '../../sales/shared/sales-format';

export const FILTER_URL = { shopId: [], campaignType: [], marketId: [], startDate: '', endDate: '' } as const;
export interface FilterUrl {
  shopId: string[];
  campaignType: string[];
  marketId: string[];
  startDate: string;
  endDate: string;
}

export interface FilterView {
  shopIds: number[];
  campaignTypes: CampaignType[];
  marketIds: number[];
  startDate: string;
  endDate: string;
}

const ids = (values: readonly string[], max = 999_999_999) =>
  [...new Set(values.filter((v) => /^\d{1,9}$/.test(v) && Number(v) <= max).map(Number))].sort((a, b) => a - b);
const page = (v: string) => (/^\d{1,5}$/.test(v) && Number(v) >= 1 ? Number(v) : 1);
export const PAGE_SIZES = [10, 20, 50, 100] as const;
const size = (v: string) => ((PAGE_SIZES as readonly number[]).includes(Number(v)) ? Number(v) : 20);

export function readFilterView(url: FilterUrl, today: string): FilterView {
  const period = resolvePeriod(url, today);
  return {
    shopIds: ids(url.shopId).filter((n) => n > 0),
    campaignTypes: CAMPAIGN_TYPES.filter((c) => url.campaignType.includes(c)),
    marketIds: ids(url.marketId, 12),
    startDate: period.startDate,
    endDate: period.endDate,
  };
}

/** The filters every board call takes. */
export const filterQuery = (v: FilterView) => ({
  startDate: v.startDate,
  endDate: v.endDate,
  ...(v.shopIds.length ? { shopId: v.shopIds } : {}),
  ...(v.campaignTypes.length ? { campaignType: v.campaignTypes } : {}),
  ...(v.marketIds.length ? { marketId: v.marketIds } : {}),
});

// ---- report analysis ----------------------------------------------------------------------

export const REPORT_URL = {
  ...FILTER_URL,
  groupBy: 'campaign',
  compare: '',
  keyword: '',
  sortField: 'spend',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;
export type ReportSortField = PpcMetric | 'name';
export interface ReportUrl extends FilterUrl {
  groupBy: string;
  compare: string;
  keyword: string;
  sortField: string;
  sortOrder: string;
  pageNum: string;
  pageSize: string;
}
export interface ReportView extends FilterView {
  groupBy: ReportGroup;
  compare: boolean;
  keyword: string;
  sortField: ReportSortField;
  sortOrder: 'ascend' | 'descend';
  pageNum: number;
  pageSize: number;
}

export function readReportView(url: ReportUrl, today: string): ReportView {
  const sortFields: readonly string[] = [...PPC_METRICS, 'name'];
  return {
    ...readFilterView(url, today),
    groupBy: (REPORT_GROUPS as readonly string[]).includes(url.groupBy) ? (url.groupBy as ReportGroup) : 'campaign',
    compare: url.compare === '1',
    keyword: url.keyword.trim().slice(0, 100),
    sortField: sortFields.includes(url.sortField) ? (url.sortField as ReportSortField) : 'spend',
    sortOrder: url.sortOrder === 'ascend' ? 'ascend' : 'descend',
    pageNum: page(url.pageNum),
    pageSize: size(url.pageSize),
  };
}

export const reportQuery = (v: ReportView) => ({
  ...filterQuery(v),
  groupBy: v.groupBy,
  compare: v.compare,
  ...(v.keyword ? { keyword: v.keyword } : {}),
  sortField: v.sortField,
  sortOrder: v.sortOrder === 'ascend' ? ('asc' as const) : ('desc' as const),
});

// ---- out of budget -------------------------------------------------------------------------

export type OutBudgetSortField = (typeof OUT_BUDGET_SORT_FIELDS)[number];
export const OUT_BUDGET_URL = {
  ...FILTER_URL,
  keyword: '',
  sortField: 'daysOut',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;
export interface OutBudgetUrl extends FilterUrl {
  keyword: string;
  sortField: string;
  sortOrder: string;
  pageNum: string;
  pageSize: string;
}
export interface OutBudgetView extends FilterView {
  keyword: string;
  sortField: OutBudgetSortField;
  sortOrder: 'ascend' | 'descend';
  pageNum: number;
  pageSize: number;
}

export function readOutBudgetView(url: OutBudgetUrl, today: string): OutBudgetView {
  return {
    ...readFilterView(url, today),
    keyword: url.keyword.trim().slice(0, 100),
    sortField: (OUT_BUDGET_SORT_FIELDS as readonly string[]).includes(url.sortField)
      ? (url.sortField as OutBudgetSortField)
      : 'daysOut',
    sortOrder: url.sortOrder === 'ascend' ? 'ascend' : 'descend',
    pageNum: page(url.pageNum),
    pageSize: size(url.pageSize),
  };
}

export const outBudgetQuery = (v: OutBudgetView) => ({
  ...filterQuery(v),
  ...(v.keyword ? { keyword: v.keyword } : {}),
  sortField: v.sortField,
  sortOrder: v.sortOrder === 'ascend' ? ('asc' as const) : ('desc' as const),
});

// ---- SKU ad analysis -------------------------------------------------------------------------

export const SKU_ADV_URL = { listingId: [], startDate: '', endDate: '' } as const;
export interface SkuAdvUrl {
  listingId: string[];
  startDate: string;
  endDate: string;
}
export interface SkuAdvView {
  listingIds: number[];
  startDate: string;
  endDate: string;
}
export function readSkuAdvView(url: SkuAdvUrl, today: string): SkuAdvView {
  const f = readFilterView({ ...FILTER_URL, shopId: [], campaignType: [], marketId: [], ...url }, today);
  return {
    listingIds: ids(url.listingId)
      .filter((n) => n > 0)
      .slice(0, 50),
    startDate: f.startDate,
    endDate: f.endDate,
  };
}

// ---- period-over-period --------------------------------------------------------------------

/** Ratios compare in percentage points, amounts relatively. */
export const RATIO_METRICS = ['acos', 'ctr', 'cvr', 'tacos'] as const;

/** The change of one figure from the previous period: relative for amounts, points for ratios, plain difference for ROAS/CPC. */
export function changeOf(
  metric: string,
  current: number | null,
  previous: number | null,
): { kind: 'relative' | 'points'; value: number | null } {
  if ((RATIO_METRICS as readonly string[]).includes(metric)) return { kind: 'points', value: ratioChange(current, previous) };
  if (current === null || previous === null) return { kind: 'relative', value: null };
  return { kind: 'relative', value: percentChange(current, previous) };
}

/**
 * A dashboard KPI's change as the server computed it (points for ratios, relative otherwise);
 * `noData` when the previous period has no ad data to compare with: the screen says so
 * instead of showing a change.
 */
export function dashChange(
  metric: string,
  d: { previousCovered: boolean; change: Partial<Record<string, number | null>> },
): { kind: 'relative' | 'points'; value: number | null; noData: boolean } {
  const kind = (RATIO_METRICS as readonly string[]).includes(metric) ? 'points' : 'relative';
  return { kind, value: d.previousCovered ? (d.change[metric] ?? null) : null, noData: !d.previousCovered };
}

/** Whether a rise of the metric is good news (ACoS, TACoS, CPC and spend going up are not). */
export const higherIsBetter = (metric: string) => !['acos', 'tacos', 'cpc', 'spend'].includes(metric);

// ---- report export ---------------------------------------------------------------------------

export const EXPORT_URL = { ...FILTER_URL, report: 'campaign', column: [], format: 'xlsx' } as const;
export interface ExportUrl extends FilterUrl {
  report: string;
  column: string[];
  format: string;
}
export interface ExportView extends FilterView {
  report: ExportReport;
  columns: ExportColumn[];
  format: 'xlsx' | 'csv';
}

/** The columns a report has beside its name. */
export function columnsOf(report: ExportReport): ExportColumn[] {
  return EXPORT_COLUMNS.filter((c) => {
    if (c === 'campaign') return ['adGroup', 'keyword', 'target'].includes(report);
    if (c === 'adGroup') return report === 'keyword' || report === 'target';
    if (c === 'detail') return report === 'keyword' || report === 'target' || report === 'sku';
    if (c === 'campaignType') return report !== 'searchTerm' && report !== 'sku';
    if (c === 'shop') return report !== 'searchTerm';
    return true;
  });
}

export function readExportView(url: ExportUrl, today: string): ExportView {
  const report = (EXPORT_REPORTS as readonly string[]).includes(url.report) ? (url.report as ExportReport) : 'campaign';
  const available = columnsOf(report);
  const picked = available.filter((c) => url.column.includes(c));
  return {
    ...readFilterView(url, today),
    report,
    // No choice in the link: every column of the report.
    columns: url.column.length ? picked : available,
    format: url.format === 'csv' ? 'csv' : 'xlsx',
  };
}

export const exportQuery = (v: ExportView) => ({ ...filterQuery(v), report: v.report, column: v.columns, format: v.format });

// ---- suggestions ------------------------------------------------------------------------------

export const SUGGEST_URL = {
  ...FILTER_URL,
  kind: 'bid',
  targetAcos: '30',
  minClicks: '10',
  pageNum: '1',
  pageSize: '20',
} as const;
export interface SuggestUrl extends FilterUrl {
  kind: string;
  targetAcos: string;
  minClicks: string;
  pageNum: string;
  pageSize: string;
}
export interface SuggestView extends FilterView {
  kind: SuggestionKind;
  /** Percent in the link and on screen; a fraction in the query. */
  targetAcosPercent: number;
  minClicks: number;
  pageNum: number;
  pageSize: number;
}

export function readSuggestView(url: SuggestUrl, today: string): SuggestView {
  const pct = Number(url.targetAcos);
  const clicks = Number(url.minClicks);
  return {
    ...readFilterView(url, today),
    kind: (SUGGESTION_KINDS as readonly string[]).includes(url.kind) ? (url.kind as SuggestionKind) : 'bid',
    targetAcosPercent: /^\d{1,3}(\.\d{1,2})?$/.test(url.targetAcos) && pct >= 1 && pct <= 200 ? pct : 30,
    minClicks: /^\d{1,5}$/.test(url.minClicks) && clicks >= 1 && clicks <= 10_000 ? clicks : 10,
    pageNum: page(url.pageNum),
    pageSize: size(url.pageSize),
  };
}

export const suggestQuery = (v: SuggestView) => ({
  ...filterQuery(v),
  kind: v.kind,
  targetAcos: Math.round(v.targetAcosPercent * 100) / 10_000,
  minClicks: v.minClicks,
  pageNum: v.pageNum,
  pageSize: v.pageSize,
});

/** The apply request for chosen suggestions: edits at their suggested values (stale → 409), negatives by ad group and term. */
export function applyBody(
  rows: readonly {
    kind: SuggestionKind;
    entityType: string;
    entityId: number;
    version: number | null;
    suggested: number | null;
    name: string;
  }[],
) {
  const changes = rows
    .filter((r) => r.kind !== 'negative' && r.suggested !== null)
    .map((r) => ({
      entityType: r.entityType as 'keyword' | 'target' | 'campaign',
      entityId: r.entityId,
      value: r.suggested as number,
      ...(r.version !== null ? { version: r.version } : {}),
    }));
  const negatives = rows.filter((r) => r.kind === 'negative').map((r) => ({ adGroupId: r.entityId, searchTerm: r.name }));
  return { changes, negatives };
}
