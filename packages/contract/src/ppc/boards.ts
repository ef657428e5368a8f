/**
 * The advertising analysis boards of issue #5: the PPC dashboard, the SKU ad analysis, the
 * ad report pivot (and its csv) and the campaigns that ran out of budget. All read-only
 * over the rollups; money is in the reporting currency (USD) unless a field says
 * otherwise; ratios are fractions, null when their denominator is zero.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { periodRule } from '../sales/sales-profit';
import { fieldCode } from '../validation';
import { CAMPAIGN_TYPES, chartPointSchema, figuresSchema, PPC_METRICS, ppcFilterFields } from './board';

const tags = ['ppc'];
const sortOrder = sortOrderSchema;
const periodSchema = { startDate: z.string(), endDate: z.string(), currency: z.string() };
/** The period of the same length just before the asked one. */
const previousSchema = { previousStartDate: z.string(), previousEndDate: z.string() };

/** Ad figures plus the shop's total sales (sales rollups) and TACoS = ad spend / total sales. */
export const dashFiguresSchema = figuresSchema.extend({ totalSales: z.number(), tacos: z.number().nullable() });

const campaignRefSchema = z.object({
  campaignId: z.number().int(),
  campaignName: z.string(),
  campaignType: z.enum(CAMPAIGN_TYPES),
  shopId: z.number().int(),
  shopName: z.string(),
});

// ---- dashboard ----------------------------------------------------------------------------------

/** The dashboard KPIs compared with the previous period. */
export const DASH_CHANGE_KEYS = [...PPC_METRICS, 'totalSales', 'tacos'] as const;
/** Ratios change by their difference (percentage points, as a fraction); the other KPIs relatively. */
export const DASH_POINT_KEYS = ['acos', 'ctr', 'cvr', 'tacos'] as const;

export const dashboard = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/dashboard',
  access: 'ppc:report',
  summary:
    'The PPC dashboard: KPIs of the period and the one before it, the daily trend (with how settled each day is), the split by campaign type and marketplace, the top and bottom campaigns',
  tags,
  query: z.object(ppcFilterFields).superRefine(periodRule),
  data: z.object({
    ...periodSchema,
    ...previousSchema,
    current: dashFiguresSchema,
    previous: dashFiguresSchema,
    /**
     * Whether the ad reports cover the previous period from its first day. When they do not
     * (reports start inside it, or there are none), it has no data to compare with.
     */
    previousCovered: z.boolean(),
    /**
     * The change of each KPI against the previous period (0.1 = +10 %; ratios: the difference,
     * 0.01 = +1 percentage point); null when there is nothing to compare with: the previous
     * period is not covered, or its figure is null or zero.
     */
    change: z.record(z.enum(DASH_CHANGE_KEYS), z.number().nullable()),
    points: z.array(chartPointSchema.extend({ totalSales: z.number(), tacos: z.number().nullable() })),
    byType: z.array(figuresSchema.extend({ campaignType: z.enum(CAMPAIGN_TYPES) })),
    byMarket: z.array(figuresSchema.extend({ marketId: z.number().int() })),
    /** The five campaigns with the most attributed sales. */
    topCampaigns: z.array(campaignRefSchema.merge(figuresSchema)),
    /** The five campaigns with spend and the worst ACoS (spend without sales first). */
    bottomCampaigns: z.array(campaignRefSchema.merge(figuresSchema)),
  }),
});

// ---- SKU ad analysis ----------------------------------------------------------------------------

export const MAX_ANALYSIS_SKUS = 50;

export const skuAdvSummarySchema = z.object({
  ads: figuresSchema,
  /** Sales figures of the listings (sales rollups). */
  revenue: z.number(),
  units: z.number(),
  /** Ad-attributed sales / revenue. */
  adSalesShare: z.number().nullable(),
  tacos: z.number().nullable(),
  profitBeforeAds: z.number(),
  profitAfterAds: z.number(),
  marginAfterAds: z.number().nullable(),
});

export const skuAdvAnalysis = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/skuAdvAnalysis',
  access: 'ppc:report',
  summary:
    'One SKU (listing) or a list of them: advertising figures against sales figures (ad sales share, TACoS, profit after ads), by day and by campaign',
  tags,
  query: z
    .object({
      startDate: ppcFilterFields.startDate,
      endDate: ppcFilterFields.endDate,
      listingId: z.preprocess(
        (v) => (v === undefined || Array.isArray(v) ? v : [v]),
        z.array(idParam).min(1).max(MAX_ANALYSIS_SKUS),
      ),
    })
    .superRefine(periodRule),
  data: z.object({
    ...periodSchema,
    listings: z.array(
      z.object({
        listingId: z.number().int(),
        sku: z.string(),
        asin: z.string(),
        shopId: z.number().int(),
        shopName: z.string(),
        marketId: z.number().int(),
      }),
    ),
    summary: skuAdvSummarySchema,
    points: z.array(
      chartPointSchema.extend({
        revenue: z.number(),
        adSalesShare: z.number().nullable(),
        tacos: z.number().nullable(),
      }),
    ),
    /**
     * Per campaign, from the product-ad rows of the reports. Spend a campaign report gave
     * without product-ad rows is shared among the campaign's SKUs in the totals but belongs
     * to no campaign row here: `unattributed` holds it.
     */
    byCampaign: z.array(campaignRefSchema.merge(figuresSchema)),
    unattributed: figuresSchema,
  }),
});

// ---- report analysis (pivot) ----------------------------------------------------------------

export const REPORT_GROUPS = ['campaign', 'adGroup', 'keyword', 'target', 'searchTerm', 'day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const TIME_GROUPS: readonly ReportGroup[] = ['day', 'week', 'month'];

const reportFields = {
  ...ppcFilterFields,
  groupBy: z.enum(REPORT_GROUPS).default('campaign'),
  /** Adds the previous period's figures per row (entity groupings) and in the totals. */
  compare: z
    .preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean())
    .default(false),
  /** Matches the row's name (campaign, ad group, keyword, target, search term), case-insensitive. */
  keyword: z.string().trim().max(100).optional(),
  sortField: z.enum([...PPC_METRICS, 'name'] as const).default('spend'),
  sortOrder: sortOrder.default('desc'),
};

export const reportRowSchema = figuresSchema.extend({
  /** The group's key: an id, a search term, or the first day of the day/week/month. */
  key: z.string(),
  name: z.string(),
  /** The campaign (and ad group) the row belongs to, for entity groupings below a campaign. */
  campaignName: z.string().nullable(),
  adGroupName: z.string().nullable(),
  campaignType: z.string().nullable(),
  shopName: z.string().nullable(),
  matchType: z.string().nullable(),
  previous: figuresSchema.nullable(),
});

export const reportAnalysis = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/reportAnalysis',
  access: 'ppc:report',
  summary:
    'The ad reports grouped by campaign, ad group, keyword, target, search term, day, week or month, with the previous period',
  tags,
  query: z.object({ ...reportFields, ...pagingQuery }).superRefine(periodRule),
  data: pageSchema(reportRowSchema).extend({
    ...periodSchema,
    ...previousSchema,
    sum: figuresSchema,
    previousSum: figuresSchema.nullable(),
  }),
});

export const reportAnalysisCsv = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/reportAnalysis/csv',
  access: 'ppc:report:export',
  exportable: 'csv',
  summary: 'The report pivot as a streamed csv file (every row of the grouping)',
  tags,
  query: z.object(reportFields).superRefine(periodRule),
  binary: true,
});

// ---- out of budget --------------------------------------------------------------------------

/** A campaign-day counts as out of budget when its spend reached this share of the day's budget. */
export const OUT_OF_BUDGET_SHARE = 0.98;
export const OUT_BUDGET_SORT_FIELDS = ['daysOut', 'spendOut', 'missedSales', 'acos', 'lastDayOut'] as const;

export const outBudgetRowSchema = campaignRefSchema.extend({
  marketId: z.number().int(),
  /** The campaign's budget now, in the marketplace currency, with its version for an inline change. */
  dailyBudget: z.number(),
  budgetCurrency: z.string(),
  version: z.number().int(),
  state: z.string(),
  daysOut: z.number().int(),
  lastDayOut: z.string(),
  /** The days it ran out on (newest first). */
  days: z.array(z.string()),
  /** Spend on the days it ran out (USD). */
  spendOut: z.number(),
  /** Figures over the whole period. */
  figures: figuresSchema,
  /**
   * Sales missed on the days it ran out: (average clicks of its days within budget − the
   * day's clicks) × its sales per click, summed; null without a day within budget to compare.
   */
  missedSales: z.number().nullable(),
});

export const outBudget = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/outBudget',
  access: 'ppc:report',
  summary:
    'Campaigns that ran out of budget: campaign-days whose spend reached 98 % of the budget in force that day (day granularity: the reports carry no hours), with a missed-sales estimate',
  tags,
  query: z
    .object({
      ...ppcFilterFields,
      keyword: z.string().trim().max(100).optional(),
      sortField: z.enum(OUT_BUDGET_SORT_FIELDS).default('daysOut'),
      sortOrder: sortOrder.default('desc'),
      ...pagingQuery,
    })
    .superRefine(periodRule),
  data: pageSchema(outBudgetRowSchema).extend({
    ...periodSchema,
    /** Always 'day': the ad reports have no hourly figures, so the hour it ran out is unknown. */
    granularity: z.literal('day'),
    points: z.array(z.object({ day: z.string(), campaigns: z.number().int(), spend: z.number() })),
  }),
});

// ---- report export --------------------------------------------------------------------------

export const EXPORT_REPORTS = ['campaign', 'adGroup', 'keyword', 'target', 'searchTerm', 'sku'] as const;
export type ExportReport = (typeof EXPORT_REPORTS)[number];
/** `detail`: the match type (keywords), the target kind (targets) or the ASIN (SKUs). */
export const EXPORT_COLUMNS = ['shop', 'campaign', 'adGroup', 'detail', 'campaignType', ...PPC_METRICS] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const reportExport = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/reportExport',
  access: 'ppc:report:export',
  summary:
    'One ad report (campaign, ad group, keyword, target, search term or SKU) over a period and shops, with the chosen columns, streamed as xlsx or csv',
  tags,
  query: z
    .object({
      ...ppcFilterFields,
      report: z.enum(EXPORT_REPORTS),
      /** The columns after the name, in this order; all when none are given. */
      column: z
        .preprocess(
          (v) => (v === undefined || Array.isArray(v) ? v : [v]),
          z.array(z.enum(EXPORT_COLUMNS)).max(EXPORT_COLUMNS.length),
        )
        .optional(),
      format: z.enum(['xlsx', 'csv']).default('xlsx'),
    })
    .superRefine(periodRule),
  binary: true,
});

// ---- suggestions ----------------------------------------------------------------------------

export const SUGGESTION_KINDS = ['bid', 'budget', 'negative'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export const suggestionsQuery = z
  .object({
    ...ppcFilterFields,
    kind: z.enum(SUGGESTION_KINDS).default('bid'),
    /** The ACoS bids move toward, and the most a campaign may have for a budget raise. */
    targetAcos: z.coerce.number().min(0.01).max(2).default(0.3),
    /** Clicks a keyword or search term needs in the period before it is judged. */
    minClicks: z.coerce.number().int().min(1).max(10_000).default(10),
    ...pagingQuery,
  })
  .superRefine(periodRule);

export const suggestionSchema = z.object({
  kind: z.enum(SUGGESTION_KINDS),
  /** keyword | target (bid), campaign (budget), the ad group (negative). */
  entityType: z.enum(['keyword', 'target', 'campaign', 'ad_group']),
  entityId: z.number().int(),
  /** For an edit: the entity's version, so a stale apply is a 409. */
  version: z.number().int().nullable(),
  /** Keyword text, target expression, campaign name, or the search term to negate. */
  name: z.string(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  adGroupName: z.string().nullable(),
  shopId: z.number().int(),
  shopName: z.string(),
  /** Marketplace currency of bids and budgets. */
  currency: z.string(),
  current: z.number().nullable(),
  suggested: z.number().nullable(),
  figures: figuresSchema,
  /** Budget suggestions: days out of budget in the period. */
  daysOut: z.number().int().nullable(),
  reason: z.enum(['acos_above_target', 'acos_below_target', 'no_sales', 'out_of_budget', 'clicks_no_orders']),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestions = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/suggestions',
  access: 'ppc:report',
  summary:
    'Suggestions computed from the period: keyword/target bids toward a target ACoS, budget raises for campaigns out of budget within the target ACoS, negative exact keywords for search terms with clicks and no orders',
  tags,
  query: suggestionsQuery,
  data: pageSchema(suggestionSchema).extend({ ...periodSchema, targetAcos: z.number(), minClicks: z.number().int() }),
});

export const applySuggestions = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/index/suggestions/apply',
  access: 'ppc:manager:edit',
  summary:
    'Apply suggestions through the change path (source diagnosis, all or none: 400 beyond the limits, 409 when stale); negatives are created and recorded; 252 in demo mode',
  tags,
  write: true,
  body: z
    .object({
      changes: z
        .array(
          z
            .object({
              entityType: z.enum(['keyword', 'target', 'campaign']),
              entityId: idValue,
              value: z.number().finite().positive(),
              version: idValue.optional(),
            })
            .strict(),
        )
        .max(500)
        .default([]),
      negatives: z
        .array(z.object({ adGroupId: idValue, searchTerm: z.string().trim().min(1).max(200) }).strict())
        .max(500)
        .default([]),
    })
    .strict()
    .refine((b) => b.changes.length + b.negatives.length > 0, { message: fieldCode('ppc.nothingToApply') }),
  data: z.object({
    batchIds: z.array(z.number().int()),
    changed: z.number().int(),
    created: z.number().int(),
    unchanged: z.number().int(),
  }),
});
