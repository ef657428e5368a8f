/**
 * Sales data screens (spec §2.4): /salesData (a measure per period, per listing, shop,
 * product line or marketplace), /salesDataGroup (a pivot over one or two dimensions with
 * every measure) and /salesDataAnalysis (a period against a comparison period, and which
 * rows drove the change). Read-only; every figure comes from the sales rollups, in the
 * reporting currency, with the same filters (and query-string names) as /salesProfit.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { MEASURES, measuresSchema, periodRule, salesFilterFields } from './sales-profit';

const tags = ['sales'];

const sortOrder = sortOrderSchema;
const measure = z.enum(MEASURES);

const labelSchema = z.object({
  /** The key of the row in its dimension (listing, shop, product line … id, marketplace id, category code, lifecycle). */
  key: z.string(),
  /** What the row is called (names in Chinese where the catalogue has both). */
  name: z.string(),
  /** The English name where it differs (product lines), else the same as name. */
  nameEn: z.string(),
});

// ---- /salesData: a time series -----------------------------------------------------------------

export const SERIES_ROWS = ['listing', 'shop', 'product_line', 'market'] as const;
export type SeriesRows = (typeof SERIES_ROWS)[number];
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
/** The most period columns one call may ask for, per granularity. */
export const MAX_PERIOD_COLUMNS: Record<Granularity, number> = { day: 62, week: 53, month: 36 };

const seriesFields = {
  ...salesFilterFields,
  rows: z.enum(SERIES_ROWS).default('listing'),
  granularity: z.enum(GRANULARITIES).default('day'),
  measure: measure.default('revenue'),
  /** `total`, or the first day of one period column (as in `periods[].key`). */
  sortField: z.union([z.literal('total'), isoDate]).default('total'),
  sortOrder: sortOrder.default('desc'),
};

export const seriesQuery = z.object({ ...seriesFields, ...pagingQuery }).superRefine(periodRule);
export const seriesExportQuery = z.object(seriesFields).superRefine(periodRule);
export type SeriesQuery = z.infer<typeof seriesQuery>;

export const seriesPeriodSchema = z.object({
  /** The first day of the day, ISO week (its Monday) or month; the column's sort key. */
  key: z.string(),
  /** The part of it inside the chosen period. */
  startDate: z.string(),
  endDate: z.string(),
});
export type SeriesPeriod = z.infer<typeof seriesPeriodSchema>;

/** A column's heading: 2026-03-01, 2026-W10, 2026-03. */
export function columnLabel(key: string, granularity: Granularity): string {
  if (granularity === 'day') return key;
  if (granularity === 'month') return key.slice(0, 7);
  // The ISO week's year is the year of its Thursday; its number counts Thursdays from 1 January.
  const thursday = new Date(Date.parse(`${key}T00:00:00Z`) + 3 * 86_400_000);
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / (7 * 86_400_000)) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export const seriesRowSchema = labelSchema.extend({
  /** Listing rows: SKU, ASIN, shop and marketplace; shop rows: the marketplace. */
  sku: z.string().nullable(),
  asin: z.string().nullable(),
  title: z.string().nullable(),
  shopName: z.string().nullable(),
  marketId: z.number().int().nullable(),
  /** The measure per period, in the order of `periods`; null for a margin without revenue. */
  values: z.array(z.number().nullable()),
  total: z.number().nullable(),
});
export type SeriesRow = z.infer<typeof seriesRowSchema>;

export const seriesPageSchema = pageSchema(seriesRowSchema).extend({
  periods: z.array(seriesPeriodSchema),
  /** The sum row: every filtered row, not the page. */
  sum: z.object({ values: z.array(z.number().nullable()), total: z.number().nullable() }),
  startDate: z.string(),
  endDate: z.string(),
  currency: z.string(),
});
export type SeriesPage = z.infer<typeof seriesPageSchema>;

export const salesDataSeries = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales-data/series',
  access: 'sales:data',
  summary:
    'One measure per day, ISO week or month, per listing, shop, product line or marketplace, with a total column and a sum row',
  tags,
  query: seriesQuery,
  data: seriesPageSchema,
});

export const salesDataSeriesExcel = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales-data/series/excel',
  access: 'sales:data:export',
  summary: 'The filtered rows of the time series as an .xlsx file (streamed), with the sum row',
  tags,
  query: seriesExportQuery,
  binary: true,
});

// ---- /salesDataGroup: a pivot ---------------------------------------------------------------------

export const GROUP_DIMENSIONS = ['market', 'shop', 'product_line', 'position', 'director', 'category', 'lifecycle'] as const;
export type GroupDimension = (typeof GROUP_DIMENSIONS)[number];

const groupFields = {
  ...salesFilterFields,
  groupBy: z.enum(GROUP_DIMENSIONS).default('market'),
  /** A second level: each group split again, with the group as its subtotal. */
  thenBy: z.enum(GROUP_DIMENSIONS).optional(),
  sortField: z.enum([...MEASURES, 'name']).default('revenue'),
  sortOrder: sortOrder.default('desc'),
};
const distinctLevels = <T extends { groupBy: string; thenBy?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.thenBy && q.thenBy === q.groupBy) {
    ctx.addIssue({ code: 'custom', path: ['thenBy'], message: fieldCode('sales.secondLevelSame') });
  }
};

export const groupQuery = z.object(groupFields).superRefine(periodRule).superRefine(distinctLevels);
export type GroupQuery = z.infer<typeof groupQuery>;

const sharesSchema = z.object({
  /** Of the total of all filtered rows, as ratios; null when the total is 0. */
  revenueShare: z.number().nullable(),
  unitsShare: z.number().nullable(),
  profitShare: z.number().nullable(),
});

export const groupChildSchema = measuresSchema.extend(labelSchema.shape).extend(sharesSchema.shape);
export const groupRowSchema = groupChildSchema.extend({
  /** The second level (every one, sorted like the groups); empty without thenBy. */
  children: z.array(groupChildSchema),
});
export type GroupRow = z.infer<typeof groupRowSchema>;
export type GroupChild = z.infer<typeof groupChildSchema>;

export const groupReplySchema = z.object({
  list: z.array(groupRowSchema),
  /** How many groups (first level). */
  total: z.number().int(),
  sum: measuresSchema,
  startDate: z.string(),
  endDate: z.string(),
  currency: z.string(),
});
export type GroupReply = z.infer<typeof groupReplySchema>;

export const salesDataGroups = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales-data/groups',
  access: 'sales:dataGroup',
  summary: 'Every measure per group of one or two dimensions, with subtotals, shares of the total and the sum',
  tags,
  query: groupQuery,
  data: groupReplySchema,
});

export const salesDataGroupsExcel = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales-data/groups/excel',
  access: 'sales:dataGroup:export',
  summary: 'The groups (and their second level) as an .xlsx file (streamed), with the sum row',
  tags,
  query: groupQuery,
  binary: true,
});

// ---- /salesDataAnalysis: a period against another -------------------------------------------------

export const ANALYSIS_DIMENSIONS = ['market', 'shop', 'product_line', 'director', 'listing'] as const;
export type AnalysisDimension = (typeof ANALYSIS_DIMENSIONS)[number];
export const COMPARE_MODES = ['previous', 'yoy', 'custom'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];
export const CHANGE_STATUSES = ['growing', 'declining', 'new', 'lost'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];
export const ANALYSIS_SORTS = ['change', 'changePct', 'current', 'base', 'contribution', 'name'] as const;

const analysisFields = {
  ...salesFilterFields,
  dimension: z.enum(ANALYSIS_DIMENSIONS).default('market'),
  /** previous: the same number of days just before; yoy: the same dates a year earlier; custom: compareStart … compareEnd. */
  compare: z.enum(COMPARE_MODES).default('previous'),
  compareStart: isoDate.optional(),
  compareEnd: isoDate.optional(),
  measure: measure.default('revenue'),
  /** Only rows that grew, declined, are new (none in the comparison period) or lost (none in the period). */
  status: z.enum(CHANGE_STATUSES).optional(),
  sortField: z.enum(ANALYSIS_SORTS).default('change'),
  sortOrder: sortOrder.default('desc'),
};

const compareRule = <T extends { compare: string; compareStart?: string; compareEnd?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.compare !== 'custom') return;
  if (!q.compareStart) ctx.addIssue({ code: 'custom', path: ['compareStart'], message: fieldCode('sales.compareStartMissing') });
  if (!q.compareEnd) ctx.addIssue({ code: 'custom', path: ['compareEnd'], message: fieldCode('sales.compareEndMissing') });
  if (q.compareStart && q.compareEnd) {
    periodRule({ startDate: q.compareStart, endDate: q.compareEnd }, ctx);
  }
};

export const analysisQuery = z
  .object({ ...analysisFields, ...pagingQuery })
  .superRefine(periodRule)
  .superRefine(compareRule);
export const analysisExportQuery = z.object(analysisFields).superRefine(periodRule).superRefine(compareRule);
export type AnalysisQuery = z.infer<typeof analysisQuery>;

export const analysisRowSchema = labelSchema.extend({
  sku: z.string().nullable(),
  asin: z.string().nullable(),
  title: z.string().nullable(),
  shopName: z.string().nullable(),
  marketId: z.number().int().nullable(),
  current: measuresSchema,
  base: measuresSchema,
  /** The chosen measure: current − base (the margin in ratio points). */
  change: z.number().nullable(),
  /** change / |base|; null when the base is 0 or missing. */
  changePct: z.number().nullable(),
  /** change / the total change; null when the total did not change. */
  contribution: z.number().nullable(),
  status: z.enum([...CHANGE_STATUSES, 'flat']),
});
export type AnalysisRow = z.infer<typeof analysisRowSchema>;

export const analysisReplySchema = pageSchema(analysisRowSchema).extend({
  current: measuresSchema,
  base: measuresSchema,
  /** The chosen measure over everything filtered (ignores the status filter). */
  change: z.number().nullable(),
  changePct: z.number().nullable(),
  /** The rows that moved the total most (by |change|, status filter applied), for the chart; at most 10. */
  drivers: z.array(analysisRowSchema),
  /** The change of every other row (of the status filter) together. */
  othersChange: z.number().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  compareStartDate: z.string(),
  compareEndDate: z.string(),
  currency: z.string(),
});
export type AnalysisReply = z.infer<typeof analysisReplySchema>;

export const salesDataAnalysis = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales-data/analysis',
  access: 'sales:dataAnalysis',
  summary: 'A period against a comparison period per dimension: both periods, the change and each row’s contribution to it',
  tags,
  query: analysisQuery,
  data: analysisReplySchema,
});

export const salesDataAnalysisExcel = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales-data/analysis/excel',
  access: 'sales:dataAnalysis:export',
  summary: 'The compared rows as an .xlsx file (streamed), with the totals row',
  tags,
  query: analysisExportQuery,
  binary: true,
});
