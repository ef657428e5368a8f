/**
 * /forecastAccuracy (issue #22): how good the forecast was, from the rolling backtest the last
 * recalculation stored per listing and horizon bucket (docs/forecasts.md "Forecast accuracy"),
 * against seasonal naive; and whether the planners' approved estimates beat the system forecast
 * on the weeks and months that have passed. The spec names no call for the screen: the paths
 * follow the forecasts' (decisions.md "Forecast accuracy: calls, buckets, overrides").
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';

const tags = ['forecasts'];
const aiBase = 'ms-ai-sales/rest/v2';
const salesBase = 'sales/rest/v2';

/**
 * The backtest's horizon buckets: days 1-7, 8-14 and 15-28 after each origin (BACKTEST_HORIZON
 * days in all). `to` is the last day of the bucket, counted from 1.
 */
export const ACCURACY_BUCKETS = [
  { key: 'd1_7', from: 1, to: 7 },
  { key: 'd8_14', from: 8, to: 14 },
  { key: 'd15_28', from: 15, to: 28 },
] as const;
export const ACCURACY_BUCKET_KEYS = ['d1_7', 'd8_14', 'd15_28'] as const;
export type AccuracyBucket = (typeof ACCURACY_BUCKET_KEYS)[number];

/** The rows' dimension. */
export const ACCURACY_DIMENSIONS = ['sku', 'market', 'shop'] as const;
export type AccuracyDimension = (typeof ACCURACY_DIMENSIONS)[number];

/** A bias beyond this share (either sign) is shown as a warning. */
export const BIAS_WARNING = 0.15;

export const ACCURACY_SORT_FIELDS = ['key', 'actual', 'wape', 'naiveWape', 'gain', 'bias', 'days'] as const;

const filterFields = {
  by: z.enum(ACCURACY_DIMENSIONS).default('sku'),
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  /** Part of the SKU, ASIN, model or product name. */
  keyword: z.string().trim().max(64).optional(),
  /** One horizon bucket; none: all the backtest's days. */
  horizon: z.enum(ACCURACY_BUCKET_KEYS).optional(),
};
const listFilter = {
  ...filterFields,
  sortField: z.enum(ACCURACY_SORT_FIELDS).default('actual'),
  sortOrder: sortOrderSchema.default('desc'),
};

/** Sums and ratios of a set of scored days (WAPE, bias, gain: null without actual units). */
const figures = {
  /** Actual units on the scored days. */
  actual: z.number(),
  /** Σ|forecast − actual| / Σ actual of the method, and of seasonal naive. */
  wape: z.number().nullable(),
  naiveWape: z.number().nullable(),
  /** naiveWape − wape: positive when the method is better. */
  gain: z.number().nullable(),
  /** Σ(forecast − actual) / Σ actual: positive means over-forecast. */
  bias: z.number().nullable(),
  /** Listing-days scored (each origin's day counts once). */
  days: z.number().int(),
};

export const accuracyRowSchema = z.object({
  /** The group: the SKU, the marketplace id or the shop id, as text. */
  key: z.string(),
  /** What to show: the SKU, the shop's name; for a marketplace its id again (the screen names it). */
  label: z.string(),
  marketId: z.number().int().nullable(),
  shopId: z.number().int().nullable(),
  /** Listings in the group. */
  listings: z.number().int(),
  ...figures,
});
export type AccuracyRow = z.infer<typeof accuracyRowSchema>;

export const listAccuracy = defineEndpoint({
  method: 'GET',
  path: `${aiBase}/forecast-accuracy`,
  access: 'scm:forecast:accuracy',
  summary: 'The last backtest grouped by SKU, marketplace or shop: WAPE against seasonal naive, bias, days scored (shop-scoped)',
  tags,
  query: z.object({ ...listFilter, ...pagingQuery }),
  data: pageSchema(accuracyRowSchema),
});

export const exportAccuracy = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/forecast-accuracy/exportation`,
  access: 'scm:forecast:accuracy:export',
  summary: 'The rows of /forecastAccuracy as an .xlsx file (streamed)',
  tags,
  query: z.object(listFilter),
  binary: true,
  exportable: 'xlsx',
});

export const accuracySummarySchema = z.object({
  /** The run's first forecast day (null before any run). */
  origin: z.string().nullable(),
  /** Backtest origins and days forecast from each. */
  origins: z.number().int(),
  horizonDays: z.number().int(),
  /** The filtered set over the chosen horizon (all the backtest's days without one). */
  total: z.object({ listings: z.number().int(), ...figures }),
  /** The filtered set per horizon bucket (the chart). */
  buckets: z.array(z.object({ bucket: z.enum(ACCURACY_BUCKET_KEYS), ...figures })),
});
export type AccuracySummary = z.infer<typeof accuracySummarySchema>;

export const accuracySummary = defineEndpoint({
  method: 'GET',
  path: `${aiBase}/forecast-accuracy/summary`,
  access: 'scm:forecast:accuracy',
  summary: 'The headline figures of /forecastAccuracy and its WAPE per horizon bucket, method against seasonal naive',
  tags,
  query: z.object({
    shopId: filterFields.shopId,
    marketId: filterFields.marketId,
    keyword: filterFields.keyword,
    horizon: filterFields.horizon,
  }),
  data: accuracySummarySchema,
});

/** Whose overrides a row sums: the planner who submitted the estimates, or the reviewer who approved them. */
export const OVERRIDE_ROLES = ['planner', 'approver'] as const;
export type OverrideRole = (typeof OVERRIDE_ROLES)[number];
export const OVERRIDE_SORT_FIELDS = ['userName', 'estimates', 'actual', 'wape', 'systemWape', 'gain'] as const;

export const overrideRowSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** Approved estimates with at least one day passed. */
  estimates: z.number().int(),
  /** Of those, the ones whose system forecast was stored at approval: only they are compared. */
  compared: z.number().int(),
  /** Actual units on the passed days of the compared estimates, their estimate and the system forecast over them. */
  actual: z.number(),
  estimateUnits: z.number(),
  systemUnits: z.number(),
  /** WAPE of the estimates and of the system forecast, per period, over the same passed days. */
  wape: z.number().nullable(),
  systemWape: z.number().nullable(),
  /** systemWape − wape: positive when the overrides helped. */
  gain: z.number().nullable(),
  /** True when the estimates' WAPE is lower; null when nothing is compared. */
  helped: z.boolean().nullable(),
  /** Actual units and the estimates' WAPE over the estimates without a stored system forecast (shown, not compared). */
  uncomparedActual: z.number(),
  uncomparedWape: z.number().nullable(),
});
export type OverrideRow = z.infer<typeof overrideRowSchema>;

export const listOverrideAccuracy = defineEndpoint({
  method: 'GET',
  path: `${aiBase}/forecast-accuracy/overrides`,
  access: 'scm:forecast:accuracy',
  summary:
    'Per planner or approver: the approved estimates whose periods have passed, their WAPE against the system forecast stored at approval',
  tags,
  query: z.object({
    role: z.enum(OVERRIDE_ROLES).default('planner'),
    shopId: filterFields.shopId,
    marketId: filterFields.marketId,
    sortField: z.enum(OVERRIDE_SORT_FIELDS).default('actual'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(overrideRowSchema),
});
