/**
 * SKU analysis (/skuAnalysis): one SKU across its listings (shops × marketplaces) and time.
 * Every figure is in the reporting currency and comes from the listing rollups; the same
 * profit formula as sales-profit. A SKU the caller has no visible listing of is not there (404).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { isoDate } from '../envelope';
import { measuresSchema, periodRule, salesFilterFields } from '../sales/sales-profit';
import { fieldCode } from '../validation';

const tags = ['sku analysis'];

export const SKU_GRANULARITIES = ['day', 'week', 'month'] as const;
export type SkuGranularity = (typeof SKU_GRANULARITIES)[number];

const skuParam = z.string().trim().min(1, fieldCode('listings.chooseSku')).max(64);

export const skuSuggestionSchema = z.object({
  skuId: z.number().int(),
  sku: z.string(),
  model: z.string(),
  productName: z.string(),
  productNameEn: z.string(),
  /** ASINs of the caller's visible listings of the SKU. */
  asins: z.array(z.string()),
});
export type SkuSuggestion = z.infer<typeof skuSuggestionSchema>;

export const skuSuggestions = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sku-analysis/skus',
  access: 'sales:skuAnalysis',
  summary: 'SKUs with a listing the caller may see, matching a SKU, ASIN or model (at most 20)',
  tags,
  query: z.object({ keyword: z.string().trim().max(64).default('') }),
  data: z.array(skuSuggestionSchema),
});

/** The SKU, the period and, optionally, the marketplaces whose listings count (none: all). */
const periodFields = {
  sku: skuParam,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  marketId: salesFilterFields.marketId,
};

export const skuListingRowSchema = measuresSchema.extend({
  listingId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  asin: z.string(),
  title: z.string(),
  /** The listing's current price in its marketplace currency; null when unknown. */
  price: z.number().nullable(),
  priceCurrency: z.string(),
  /** 1 active, 0 inactive. */
  status: z.number().int(),
});
export type SkuListingRow = z.infer<typeof skuListingRowSchema>;

export const skuSummarySchema = z.object({
  skuId: z.number().int(),
  sku: z.string(),
  model: z.string(),
  productName: z.string(),
  productNameEn: z.string(),
  productLineName: z.string().nullable(),
  productLineNameEn: z.string().nullable(),
  /** Product lifecycle: 0 not launched, 1 launched, 2 EOL. */
  lifecycle: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  previousStartDate: z.string(),
  previousEndDate: z.string(),
  currency: z.string(),
  current: measuresSchema,
  previous: measuresSchema,
  /** Every visible listing of the SKU, with its figures of the period (revenue first). */
  listings: z.array(skuListingRowSchema),
});
export type SkuSummary = z.infer<typeof skuSummarySchema>;

export const skuSummary = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sku-analysis/summary',
  access: 'sales:skuAnalysis',
  summary: "A SKU's totals for the period and the period of the same length before, and each listing's figures",
  tags,
  query: z.object(periodFields).superRefine(periodRule),
  data: skuSummarySchema,
});

export const skuTrendPointSchema = z.object({
  /** First day of the bucket within the period (yyyy-MM-dd). */
  date: z.string(),
  units: z.number().int(),
  revenue: z.number(),
  profit: z.number(),
  adSpend: z.number(),
});

export const skuTrend = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sku-analysis/trend',
  access: 'sales:skuAnalysis',
  summary: "A SKU's units, revenue, profit and ad spend per day, ISO week or month of the period (every bucket present)",
  tags,
  query: z.object({ ...periodFields, granularity: z.enum(SKU_GRANULARITIES).default('day') }).superRefine(periodRule),
  data: z.object({ currency: z.string(), points: z.array(skuTrendPointSchema) }),
});

export const skuAnalysisExcel = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sku-analysis/excel',
  access: 'sales:skuAnalysis:export',
  summary: "A SKU's figures per listing and per day, week or month of the period, as .xlsx (streamed)",
  tags,
  query: z.object({ ...periodFields, granularity: z.enum(SKU_GRANULARITIES).default('day') }).superRefine(periodRule),
  binary: true,
});
