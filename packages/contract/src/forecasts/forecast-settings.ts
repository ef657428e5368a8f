/**
 * Forecast settings (issue #22, /forecast/advanceConfig): listings excluded from the forecast,
 * the stock warning thresholds (global or per shop), and a planner's label on a forecast row.
 * Spec §7 "Forecasts" lists these calls without a prefix; the paths chosen are in
 * docs/decisions.md "Forecasts: the paths of §7".
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['forecasts'];
const aiBase = 'ms-ai-sales/rest/v2';
const salesBase = 'sales/rest/v2';
const access = 'scm:forecast:manage';

/** At most this many listings in one add or remove. */
export const EXCLUSION_BATCH_MAX = 500;

export const exclusionSchema = z.object({
  listingId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  reason: z.string(),
  /** The period the exclusion holds (inclusive); null: open. A run honours it when its first forecast day falls inside. */
  fromDay: z.string().nullable(),
  toDay: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

const reason = z.string().trim().min(1).max(200);
const period = {
  fromDay: isoDate.nullable().optional(),
  toDay: isoDate.nullable().optional(),
};
const periodInOrder = (v: { fromDay?: string | null | undefined; toDay?: string | null | undefined }) =>
  !v.fromDay || !v.toDay || v.fromDay <= v.toDay;
const periodMessage = { message: fieldCode('endBeforeStart'), path: ['toDay'] };
const listingIds = z.array(idValue).min(1).max(EXCLUSION_BATCH_MAX);

export const listExclusions = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/filter-skus`,
  access,
  summary: 'Listings excluded from the forecast in the visible shops, with reason, period, who and when (newest first)',
  tags,
  query: z.object({
    shopId: idParam.optional(),
    marketId: z.coerce.number().int().min(0).max(99).optional(),
    /** Part of the SKU, ASIN or reason. */
    keyword: z.string().trim().max(64).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(exclusionSchema),
});

export const addExclusions = defineEndpoint({
  method: 'POST',
  path: `${salesBase}/filter-skus`,
  access,
  summary: 'Excludes one or many listings from the forecast (409 when one is excluded already); their forecast rows go at once',
  tags,
  write: true,
  body: z
    .object({ listingIds, reason, ...period })
    .strict()
    .refine(periodInOrder, periodMessage),
  data: z.object({ added: z.number().int() }),
});

export const updateExclusion = defineEndpoint({
  method: 'PUT',
  path: `${salesBase}/filter-skus`,
  access,
  summary: "Changes an exclusion's reason and period",
  tags,
  write: true,
  body: z
    .object({ listingId: idValue, reason, ...period })
    .strict()
    .refine(periodInOrder, periodMessage),
  data: exclusionSchema,
});

export const removeExclusions = defineEndpoint({
  method: 'DELETE',
  path: `${salesBase}/filter-skus`,
  access,
  summary:
    'Removes one or many exclusions (all or none: 404 when one is not excluded); the next recalculation forecasts them again',
  tags,
  write: true,
  body: z.object({ listingIds }).strict(),
  data: z.object({ removed: z.number().int() }),
});

/** Days of cover: below `stockoutDays` a listing is a stock-out risk, above `overstockDays` overstock. */
export const warningConfigSchema = z.object({
  /** null: the global thresholds. */
  shopId: z.number().int().nullable(),
  stockoutDays: z.number().int(),
  overstockDays: z.number().int(),
  leadTimeDays: z.number().int(),
  /** True when the shop has none of its own and these are the global ones (or the defaults). */
  inherited: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type WarningConfig = z.infer<typeof warningConfigSchema>;

/** The thresholds before anyone sets them. */
export const DEFAULT_WARNING = { stockoutDays: 30, overstockDays: 120, leadTimeDays: 45 } as const;

/** The thresholds a write sets, for a shop (or the global row) or a listing: stock-out below overstock. */
const thresholds = z.object({
  stockoutDays: z.number().int().min(1).max(365),
  overstockDays: z.number().int().min(1).max(730),
  leadTimeDays: z.number().int().min(0).max(365),
});
const belowOverstock = (v: z.infer<typeof thresholds>) => v.stockoutDays < v.overstockDays;
const belowOverstockIssue = { message: fieldCode('sales.stockoutBelowOverstock'), path: ['overstockDays'] };

export const getWarningConfig = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/warning-configs`,
  access,
  summary: 'The stock warning thresholds of a shop (its own, else the global ones) or, without shopId, the global ones',
  tags,
  query: z.object({ shopId: idParam.optional() }),
  data: warningConfigSchema,
});

export const putWarningConfig = defineEndpoint({
  method: 'PUT',
  path: `${salesBase}/warning-configs`,
  access,
  summary: 'Sets the thresholds of a shop, or the global ones (shopId null); stockoutDays must be below overstockDays',
  tags,
  write: true,
  body: thresholds.extend({ shopId: idValue.nullable() }).strict().refine(belowOverstock, belowOverstockIssue),
  data: warningConfigSchema,
});

export const LABEL_TYPES = ['new', 'promo', 'eol', 'watch'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];

export const setLabel = defineEndpoint({
  method: 'POST',
  path: `${aiBase}/label`,
  access,
  summary: "Sets a planner's label on a listing's forecast row (type null removes it); value is an optional note",
  tags,
  write: true,
  body: z
    .object({
      /** The listing. */
      id: idValue,
      type: z.enum(LABEL_TYPES).nullable(),
      value: z.string().trim().max(100).nullable().optional(),
    })
    .strict(),
  data: z.object({ listingId: z.number().int(), type: z.enum(LABEL_TYPES).nullable(), value: z.string().nullable() }),
});

/** A listing's own thresholds, over its shop's and the global ones. */
export const skuWarningSchema = z.object({
  listingId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  stockoutDays: z.number().int(),
  overstockDays: z.number().int(),
  leadTimeDays: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type SkuWarning = z.infer<typeof skuWarningSchema>;

export const listSkuWarnings = defineEndpoint({
  method: 'GET',
  path: `${aiBase}/warning/skus`,
  access,
  summary: 'The per-listing thresholds in the visible shops (newest change first)',
  tags,
  query: z.object({
    shopId: idParam.optional(),
    marketId: z.coerce.number().int().min(0).max(99).optional(),
    /** Part of the SKU or ASIN. */
    keyword: z.string().trim().max(64).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(skuWarningSchema),
});

export const addOrUpdateSkuWarning = defineEndpoint({
  method: 'POST',
  path: `${aiBase}/warning/addOrUpdateSku`,
  access,
  summary: "Sets a listing's own thresholds (adds or replaces them); stockoutDays must be below overstockDays",
  tags,
  write: true,
  body: thresholds.extend({ listingId: idValue }).strict().refine(belowOverstock, belowOverstockIssue),
  data: skuWarningSchema,
});

export const removeSkuWarnings = defineEndpoint({
  method: 'DELETE',
  path: `${aiBase}/warning/skus`,
  access,
  summary: "Removes listings' own thresholds (all or none: 404 when one has none); they follow their shop's again",
  tags,
  write: true,
  body: z.object({ listingIds }).strict(),
  data: z.object({ removed: z.number().int() }),
});
