/**
 * Forecasts (issue #22, the forecasts slice): a forecast of units per listing and day from the
 * sales history (docs/forecasts.md "The method"), recalculated by a background job, read per
 * listing (/forecast/index) and in sum (/salesForecast). Spec §7 "Forecasts"; the prefixes the
 * spec leaves open are decided in docs/decisions.md "Forecasts: the paths of §7".
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { LABEL_TYPES } from './forecast-settings';

const tags = ['forecasts'];
const aiBase = 'ms-ai-sales/rest/v2';
const salesBase = 'sales/rest/v2';

/** Days forecast from the origin (the day after the last day of sales). */
export const FORECAST_HORIZON = 180;
/** Days of history the job reads per listing. */
export const FORECAST_HISTORY_DAYS = 730;
/** The rolling backtest: this many weekly origins, each forecasting this many days. */
export const BACKTEST_ORIGINS = 8;
export const BACKTEST_HORIZON = 28;
/** Months of the forecast kept per listing for the sums (the origin's month and the next six). */
export const FORECAST_MONTHS = 7;

export const FORECAST_METHODS = ['smoothing', 'launch', 'empty'] as const;
export type ForecastMethod = (typeof FORECAST_METHODS)[number];

export const RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type RunState = (typeof RUN_STATES)[number];

export const forecastRowSchema = z.object({
  listingId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  model: z.string().nullable(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  /** The first forecast day. */
  origin: z.string(),
  /** Units sold in the 30 days before the origin. */
  units30: z.number().int(),
  /** Forecast units of the next 7, 30 and 90 days, one decimal. */
  next7: z.number(),
  next30: z.number(),
  next90: z.number(),
  method: z.enum(FORECAST_METHODS),
  /** The listing's rolling backtest: WAPE of the method and of seasonal naive, bias; null without sales there. */
  wape: z.number().nullable(),
  naiveWape: z.number().nullable(),
  bias: z.number().nullable(),
  /** Days of the history left out as stock-outs or missing. */
  censoredDays: z.number().int(),
  computedAt: z.string(),
  /** A planner's label (POST label): new, promo, eol, watch; null without one. */
  labelType: z.enum(LABEL_TYPES).nullable(),
  labelValue: z.string().nullable(),
});
export type ForecastRow = z.infer<typeof forecastRowSchema>;

export const FORECAST_SORT_FIELDS = ['sku', 'shopName', 'units30', 'next7', 'next30', 'next90', 'wape'] as const;

const filterFields = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  /** A line; a parent line includes its children. */
  productLineId: idParam.optional(),
  /** Part of the SKU, ASIN, model or product name. */
  keyword: z.string().trim().max(64).optional(),
  method: z.enum(FORECAST_METHODS).optional(),
};
const listFilter = {
  ...filterFields,
  sortField: z.enum(FORECAST_SORT_FIELDS).default('next30'),
  sortOrder: sortOrderSchema.default('desc'),
};

export const listForecasts = defineEndpoint({
  method: 'GET',
  path: `${aiBase}/forecasts`,
  access: 'scm:forecast:manage',
  summary: 'The stored forecast per listing of the visible shops: units of 30 days, the next 7 / 30 / 90 days, backtest WAPE',
  tags,
  query: z.object({ ...listFilter, ...pagingQuery }),
  data: pageSchema(forecastRowSchema),
});

export const exportForecasts = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/forecasts/exportation`,
  access: 'scm:forecast:manage:export',
  summary: 'The filtered forecasts as an .xlsx file (streamed), one row per listing with its next 13 weeks',
  tags,
  query: z.object(listFilter),
  binary: true,
  exportable: 'xlsx',
});

export const daySchema = z.object({
  day: z.string(),
  units: z.number(),
});

export const daySalesSchema = z.object({
  listingId: z.number().int(),
  sku: z.string(),
  origin: z.string().nullable(),
  /** Units sold per day before the origin; `censored`: a stock-out or missing day the method left out. */
  history: z.array(daySchema.extend({ units: z.number().int(), censored: z.boolean() })),
  /** The forecast per day from the origin (one decimal). */
  forecast: z.array(daySchema),
  /** Promotion days of the forecast window (Prime Day, Prime Big Deal Days, Black Friday to Cyber Monday). */
  events: z.array(z.object({ day: z.string(), kind: z.enum(['primeDay', 'primeBigDeal', 'blackFriday']) })),
});

export const daySales = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/forecasts/daySales`,
  access: 'scm:forecast:manage',
  summary: "One listing's daily units before the origin and its forecast after it (the chart of /forecast/index)",
  tags,
  query: z.object({
    listingId: idParam,
    historyDays: z.coerce.number().int().min(7).max(730).default(120),
    forecastDays: z.coerce.number().int().min(7).max(FORECAST_HORIZON).default(90),
  }),
  data: daySalesSchema,
});

export const accuracySchema = z.object({
  listings: z.number().int(),
  actual: z.number(),
  wape: z.number().nullable(),
  naiveWape: z.number().nullable(),
  bias: z.number().nullable(),
});

export const comprehensiveSchema = z.object({
  origin: z.string().nullable(),
  /** Twelve months of units sold before the origin's month, then the forecast months (the origin's month: actual so far + forecast). */
  months: z.array(z.object({ month: z.string(), actual: z.number().nullable(), forecast: z.number().nullable() })),
  byMarket: z.array(
    z.object({
      marketId: z.number().int(),
      listings: z.number().int(),
      units30: z.number().int(),
      next30: z.number(),
      next90: z.number(),
    }),
  ),
  accuracy: accuracySchema,
});

export const comprehensive = defineEndpoint({
  method: 'GET',
  path: `${aiBase}/comprehensive`,
  access: 'sales:forecast',
  summary: 'The forecast in sum over the visible shops: months of history and forecast, per marketplace, backtest accuracy',
  tags,
  query: z.object({ shopId: filterFields.shopId, marketId: filterFields.marketId, productLineId: filterFields.productLineId }),
  data: comprehensiveSchema,
});

export const runSchema = z.object({
  id: z.number().int(),
  state: z.enum(RUN_STATES),
  /** Who asked (null: the nightly run, or the demo). */
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Product lines to do and done: the progress. */
  total: z.number().int(),
  done: z.number().int(),
  /** 0..1 */
  progress: z.number(),
  listings: z.number().int(),
  origin: z.string().nullable(),
  accuracy: accuracySchema.nullable(),
  error: z.string().nullable(),
});
export type ForecastRun = z.infer<typeof runSchema>;

export const refresh = defineEndpoint({
  method: 'POST',
  path: `${salesBase}/refresh`,
  access: 'scm:forecast:manage:edit',
  summary: 'Recalculates every forecast in the background; answers the run (the one under way when one is)',
  tags,
  body: z.object({}).optional(),
  data: runSchema,
  write: true,
});

export const refreshTime = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/refresh-time`,
  access: 'scm:forecast:manage',
  summary: 'When the forecasts were last recalculated, and the run under way if any',
  tags,
  data: z.object({
    refreshedAt: z.string().nullable(),
    origin: z.string().nullable(),
    /** The last finished run, with its backtest. */
    last: runSchema.nullable(),
    running: runSchema.nullable(),
  }),
});

export const asyncCalResult = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/rgl/async-cal-result`,
  access: 'scm:forecast:manage',
  summary: 'One recalculation run with its progress (the latest without `id`)',
  tags,
  query: z.object({ id: idParam.optional() }),
  data: runSchema.nullable(),
});

export const calRecord = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/rgl/cal-record`,
  access: 'scm:forecast:manage',
  summary: 'The recalculation runs, newest first',
  tags,
  query: z.object({ state: z.enum(RUN_STATES).optional(), ...pagingQuery }),
  data: pageSchema(runSchema),
});
