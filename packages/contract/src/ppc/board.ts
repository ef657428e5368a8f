/**
 * The advertising board calls of spec §7 ("PPC"): shop names, SKU performance (and its
 * csv), the SKU performance chart (and its csv), the SKU cost analysis and ad-group cost.
 * Money is in the reporting currency (USD); ratios are fractions (0.25 = 25 %), null when
 * their denominator is zero.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { arrayParam, idParam, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { MAX_PERIOD_DAYS, periodRule, REPORTING_CURRENCY } from '../sales/sales-profit';

const tags = ['ppc'];

export const CAMPAIGN_TYPES = ['sp', 'sb', 'sd'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const PPC_METRICS = [
  'impressions',
  'clicks',
  'spend',
  'orders',
  'sales',
  'units',
  'acos',
  'roas',
  'ctr',
  'cpc',
  'cvr',
] as const;
export type PpcMetric = (typeof PPC_METRICS)[number];
export { MAX_PERIOD_DAYS, REPORTING_CURRENCY };

const sortOrder = sortOrderSchema;

/** Filters of every board call. Without dates: the last 30 complete days. */
export const ppcFilterFields = {
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  shopId: arrayParam(idParam).optional(),
  marketId: arrayParam(z.coerce.number().int().min(0).max(12)).optional(),
  campaignType: arrayParam(z.enum(CAMPAIGN_TYPES)).optional(),
};
export const ppcFilterQuery = z.object(ppcFilterFields).superRefine(periodRule);
export type PpcFilter = z.infer<typeof ppcFilterQuery>;

export const figuresSchema = z.object({
  impressions: z.number(),
  clicks: z.number(),
  spend: z.number(),
  orders: z.number(),
  sales: z.number(),
  units: z.number(),
  acos: z.number().nullable(),
  roas: z.number().nullable(),
  ctr: z.number().nullable(),
  cpc: z.number().nullable(),
  cvr: z.number().nullable(),
});

const periodSchema = { startDate: z.string(), endDate: z.string(), currency: z.string() };

// ---- shop names ----------------------------------------------------------------------------

export const ppcShopSchema = z.object({
  shopId: z.number().int(),
  name: z.string(),
  marketId: z.number().int(),
  sellerId: z.string().nullable(),
  /** The ad profile's currency (the marketplace's). */
  currency: z.string(),
  profileId: z.number().int(),
});

export const shopNames = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v3/manager/shops/names',
  access: 'login',
  summary: 'The shops with an advertising profile that the caller may see',
  tags,
  data: z.array(ppcShopSchema),
});

// ---- SKU performance ------------------------------------------------------------------------

export const SKU_SORT_FIELDS = [...PPC_METRICS, 'sku'] as const;
const skuPerformFields = {
  ...ppcFilterFields,
  /** Matches SKU or ASIN (case-insensitive substring). */
  keyword: z.string().trim().max(100).optional(),
  sortField: z.enum(SKU_SORT_FIELDS).default('spend'),
  sortOrder: sortOrder.default('desc'),
};

export const skuPerformRowSchema = figuresSchema.extend({
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
});

export const skuPerform = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v4/index/skuPerform',
  access: 'ppc:report',
  summary: 'Advertising figures per SKU (listing) over a period, paged and sorted, with the totals of the filtered set',
  tags,
  query: z.object({ ...skuPerformFields, ...pagingQuery }).superRefine(periodRule),
  data: pageSchema(skuPerformRowSchema).extend({ sum: figuresSchema, ...periodSchema }),
});

export const skuPerformCsv = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v4/index/skuPerform/csv',
  access: 'ppc:report:export',
  summary: 'The SKU performance list as a streamed csv file (every row of the filtered set)',
  tags,
  query: z.object(skuPerformFields).superRefine(periodRule),
  binary: true,
});

// ---- SKU performance chart ------------------------------------------------------------------

const chartFields = {
  ...ppcFilterFields,
  /** One listing's series; without it, the whole filtered set. */
  listingId: idParam.optional(),
};

/**
 * A day of a chart. `settlement`: how settled the day's figures are today: 0 clicks and
 * spend still move (under 3 days old), 1 conversions may still be restated (under 28
 * days), 2 final.
 */
export const chartPointSchema = figuresSchema.extend({ day: z.string(), settlement: z.number().int().min(0).max(2) });

export const skuPerformChart = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/skuPerformChart',
  access: 'ppc:report',
  summary: 'Daily advertising figures of the filtered set (or one listing), every day of the period present',
  tags,
  query: z.object(chartFields).superRefine(periodRule),
  data: z.object({ points: z.array(chartPointSchema), sum: figuresSchema, ...periodSchema }),
});

export const skuPerformChartCsv = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/skuPerformChart/export/csv',
  access: 'ppc:report:export',
  summary: 'The daily series of the SKU performance chart as a csv file',
  tags,
  query: z.object(chartFields).superRefine(periodRule),
  binary: true,
});

// ---- SKU cost analysis ----------------------------------------------------------------------

export const skuCostAnalysisSchema = z.object({
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  ...periodSchema,
  /** From sales: revenue, units and the profit before any ad spend. */
  revenue: z.number(),
  units: z.number(),
  profitBeforeAds: z.number(),
  /** Ad spend as the sales facts recorded it (for comparison). */
  salesAdSpend: z.number(),
  /** From the ad data: spend, attributed sales and their ratios. */
  ads: figuresSchema,
  /** Spend / revenue (total ACoS), null without revenue. */
  tacos: z.number().nullable(),
  profitAfterAds: z.number(),
  marginAfterAds: z.number().nullable(),
  /** Spend per campaign type. */
  byCampaignType: z.array(figuresSchema.extend({ campaignType: z.enum(CAMPAIGN_TYPES) })),
});

export const skuCostAnalysis = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/skuCostAnalysis/{id}',
  access: 'ppc:report',
  summary: "A listing's profit after ad spend over a period: the sales figures and the advertising figures side by side",
  tags,
  params: z.object({ id: idParam }),
  query: z.object({ startDate: isoDate.optional(), endDate: isoDate.optional() }).superRefine(periodRule),
  data: skuCostAnalysisSchema,
});

// ---- ad group cost --------------------------------------------------------------------------

export const AD_GROUP_SORT_FIELDS = [...PPC_METRICS, 'adGroupName', 'campaignName'] as const;

export const adGroupCostRowSchema = figuresSchema.extend({
  adGroupId: z.number().int(),
  adGroupName: z.string(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  campaignType: z.enum(CAMPAIGN_TYPES),
  shopId: z.number().int(),
  shopName: z.string(),
  defaultBid: z.number(),
  state: z.string(),
});

export const adGroupCost = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/adGroupCost',
  access: 'ppc:report',
  summary: 'Spend and results per ad group over a period, paged and sorted',
  tags,
  query: z
    .object({
      ...ppcFilterFields,
      campaignId: idParam.optional(),
      keyword: z.string().trim().max(100).optional(),
      sortField: z.enum(AD_GROUP_SORT_FIELDS).default('spend'),
      sortOrder: sortOrder.default('desc'),
      ...pagingQuery,
    })
    .superRefine(periodRule),
  data: pageSchema(adGroupCostRowSchema).extend({ sum: figuresSchema, ...periodSchema }),
});
