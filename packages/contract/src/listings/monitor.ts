/**
 * Listing monitor (/listings/index): each user's own watchlist of listings. Every watched
 * listing shows the last 7 complete days against the 7 before, a 14-day sparkline, and
 * alerts computed on read from the thresholds the user set on the watch:
 * - unitsDrop: units fell by more than `unitsDropPct` % against the previous 7 days
 *   (needs units in the previous 7 days);
 * - noSales: no unit sold in the last `noSalesDays` complete days;
 * - lowMargin: the last 7 days' margin is below `minMarginPct` % (needs revenue).
 * A threshold left null is off.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { arrayParam, idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['listing monitor'];

/** The most listings one user may watch. */
export const MAX_WATCHES = 500;
/** The most listings one add may name. */
export const MAX_WATCH_ADD = 100;

export const ALERT_KINDS = ['unitsDrop', 'noSales', 'lowMargin'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const DEFAULT_THRESHOLDS = { unitsDropPct: 30, noSalesDays: 3, minMarginPct: 10 } as const;

export const thresholdsSchema = z.object({
  /** 1–100 (%), null: off. */
  unitsDropPct: z.number().int().min(1).max(100).nullable(),
  /** 1–90 days, null: off. */
  noSalesDays: z.number().int().min(1).max(90).nullable(),
  /** −100–100 (%), null: off. */
  minMarginPct: z.number().min(-100).max(100).nullable(),
});
export type Thresholds = z.infer<typeof thresholdsSchema>;

const windowSchema = z.object({
  units: z.number().int(),
  revenue: z.number(),
  profit: z.number(),
  /** profit / revenue (ratio); null without revenue. */
  margin: z.number().nullable(),
  /** null when the imports carried no sessions for those days. */
  sessions: z.number().int().nullable(),
  /** orders / sessions (ratio); null without sessions. */
  conversion: z.number().nullable(),
});

export const alertSchema = z.object({
  kind: z.enum(ALERT_KINDS),
  /** unitsDrop: the drop in %; noSales: days without a sale; lowMargin: the margin in %. */
  value: z.number(),
  threshold: z.number(),
});
export type MonitorAlert = z.infer<typeof alertSchema>;

export const watchRowSchema = thresholdsSchema.extend({
  id: z.number().int(),
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  title: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  price: z.number().nullable(),
  priceCurrency: z.string(),
  status: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  current: windowSchema,
  previous: windowSchema,
  /** (current − previous) / previous as a ratio; null when the previous window had none. */
  unitsChange: z.number().nullable(),
  revenueChange: z.number().nullable(),
  /** Units per day over both windows, oldest first (14 values). */
  spark: z.array(z.number().int()),
  /** The last day with a sale up to the window's end (within a year), or null. */
  lastSaleDate: z.string().nullable(),
  alerts: z.array(alertSchema),
});
export type WatchRow = z.infer<typeof watchRowSchema>;

export const MONITOR_SORT_FIELDS = [
  'createdAt',
  'sku',
  'asin',
  'shopName',
  'marketId',
  'price',
  'units',
  'unitsChange',
  'revenue',
  'revenueChange',
  'sessions',
  'conversion',
  'margin',
  'alerts',
] as const;

const sortOrder = sortOrderSchema;
const bool = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

const monitorFilterFields = {
  keyword: z.string().trim().max(100).optional(),
  shopId: arrayParam(idParam).optional(),
  marketId: arrayParam(z.coerce.number().int().min(0).max(12)).optional(),
  /** Only watches with at least one alert. */
  alertsOnly: bool.default(false),
  sortField: z.enum(MONITOR_SORT_FIELDS).default('alerts'),
  sortOrder: sortOrder.default('desc'),
};

const windowsSchema = z.object({
  /** The last 7 complete days (UTC), and the 7 before. */
  currentStart: z.string(),
  currentEnd: z.string(),
  previousStart: z.string(),
  previousEnd: z.string(),
  currency: z.string(),
});

export const monitorList = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/monitor',
  access: 'listings:monitor',
  summary: "The caller's watched listings with last-7-days figures against the 7 days before, and their alerts",
  tags,
  query: z.object({ ...monitorFilterFields, ...pagingQuery }),
  data: pageSchema(watchRowSchema).extend(windowsSchema.shape).extend({ alertCount: z.number().int() }),
});

const asin = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{10}$/, fieldCode('asin'));

export const addWatchesBody = z
  .object({
    asins: z.array(asin).max(MAX_WATCH_ADD).default([]),
    skus: z
      .array(z.object({ sku: z.string().trim().min(1).max(64), shopId: idValue }).strict())
      .max(MAX_WATCH_ADD)
      .default([]),
    thresholds: thresholdsSchema.default({ ...DEFAULT_THRESHOLDS }),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.asins.length + b.skus.length === 0)
      ctx.addIssue({ code: 'custom', path: ['asins'], message: fieldCode('listings.asinOrSku') });
  });

export const addWatchesResult = z.object({
  /** Listing ids now watched by this call. */
  added: z.array(z.object({ id: z.number().int(), listingId: z.number().int(), asin: z.string(), shopName: z.string() })),
  /** Inputs that added nothing: no visible listing, or already watched. */
  skipped: z.array(z.object({ input: z.string(), reason: z.enum(['notFound', 'alreadyWatched']) })),
});

export const addWatches = defineEndpoint({
  method: 'POST',
  path: 'sales/rest/v1/listings/monitor',
  access: 'listings:monitor:create',
  summary: 'Watch listings by ASIN (every visible listing with it) or by SKU in a shop; only listings the caller may see',
  tags,
  write: true,
  body: addWatchesBody,
  data: addWatchesResult,
});

const idParams = z.object({ id: idParam });

export const updateWatch = defineEndpoint({
  method: 'PUT',
  path: 'sales/rest/v1/listings/monitor/{id}',
  access: 'listings:monitor:edit',
  summary: "Change a watch's alert thresholds (optimistic lock on version)",
  tags,
  write: true,
  params: idParams,
  body: thresholdsSchema.extend({ version: idValue }).strict(),
  data: z.object({ id: z.number().int(), version: z.number().int() }).extend(thresholdsSchema.shape),
});

export const removeWatch = defineEndpoint({
  method: 'DELETE',
  path: 'sales/rest/v1/listings/monitor/{id}',
  access: 'listings:monitor:delete',
  summary: 'Stop watching a listing',
  tags,
  write: true,
  params: idParams,
  data: z.null(),
});

export const monitorExcel = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/monitor/excel',
  access: 'listings:monitor:export',
  summary: 'The filtered watchlist with its figures and alerts, as .xlsx',
  tags,
  query: z.object(monitorFilterFields),
  binary: true,
});
