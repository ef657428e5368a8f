/**
 * Stock (issue #22, first slice): warehouses, a daily stock position per listing (seller SKU) ×
 * warehouse × day, its age buckets, and the three boards that read them (/inventoryMgr,
 * /inventoryAge, /inventoryMonitor). Every position belongs to a shop: an external shop account
 * only ever sees its own shops' stock. docs/inventory.md.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';

const tags = ['inventory'];
const base = 'inventory/rest/v1';

/** FBA (one per marketplace), an overseas third-party warehouse, or the factory's stock. */
export const WAREHOUSE_KINDS = ['fba', '3pl', 'factory'] as const;
export type WarehouseKind = (typeof WAREHOUSE_KINDS)[number];

/** The age buckets of the Inventory Age report, in days. */
export const AGE_BUCKETS = ['age0To90', 'age91To180', 'age181To270', 'age271To365', 'age365Plus'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
/** Units older than this many days are "aged" (Amazon's aged-inventory surcharge starts at 181 days). */
export const AGED_AFTER_DAYS = 180;

/** Days of cover are taken over the average daily units of this many days up to the position's day. */
export const COVER_WINDOW_DAYS = 30;
/** "Low cover" and the monitor's default: cover under this many days. */
export const DEFAULT_LOW_COVER_DAYS = 30;
/** The monitor's drawer: this many days of stock against sales. */
export const HISTORY_DAYS = 60;

/**
 * Days of cover: fulfillable units over the average daily units sold in the last
 * COVER_WINDOW_DAYS days; null when nothing sold (the stock lasts indefinitely at that rate).
 * Rounded to one decimal.
 */
export function daysOfCover(fulfillable: number, unitsInWindow: number, windowDays = COVER_WINDOW_DAYS): number | null {
  if (unitsInWindow <= 0) return null;
  return Math.round((fulfillable / (unitsInWindow / windowDays)) * 10) / 10;
}

const warehouseSchema = {
  warehouseId: z.number().int(),
  warehouseCode: z.string(),
  warehouseKind: z.enum(WAREHOUSE_KINDS),
};

/** What a stock row names: shop, warehouse, listing and product, and its day (the advice rows share it). */
export const listingFields = {
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  ...warehouseSchema,
  /** The listing the seller SKU names in the shop; null for a SKU the catalogue does not know. */
  listingId: z.number().int().nullable(),
  sku: z.string(),
  asin: z.string(),
  fnsku: z.string(),
  model: z.string().nullable(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  /** The day of the position (the latest the shop has for that warehouse). */
  day: z.string(),
};

export const positionSchema = z.object({
  ...listingFields,
  fulfillable: z.number().int(),
  reserved: z.number().int(),
  inboundWorking: z.number().int(),
  inboundShipped: z.number().int(),
  inboundReceiving: z.number().int(),
  unfulfillable: z.number().int(),
  researching: z.number().int(),
  /** Units sold in the COVER_WINDOW_DAYS days up to the position's day. */
  units30: z.number().int(),
  /** units30 / COVER_WINDOW_DAYS, two decimals. */
  avgDailyUnits: z.number(),
  /** fulfillable / avgDailyUnits, one decimal; null when nothing sold. */
  daysOfCover: z.number().nullable(),
});
export type Position = z.infer<typeof positionSchema>;

export const POSITION_SORT_FIELDS = [
  'sku',
  'shopName',
  'fulfillable',
  'reserved',
  'inbound',
  'unfulfillable',
  'units30',
  'daysOfCover',
] as const;

/** out: nothing fulfillable; low: cover under `coverDays` (out of stock included). */
export const STOCK_STATES = ['out', 'low'] as const;

const filterFields = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  /** A line; a parent line includes its children. */
  productLineId: idParam.optional(),
  /** Part of the seller SKU, ASIN, FNSKU, model or product name. */
  keyword: z.string().trim().max(64).optional(),
};
const coverDays = z.coerce.number().int().min(1).max(365).default(DEFAULT_LOW_COVER_DAYS);

const positionFilter = {
  ...filterFields,
  stock: z.enum(STOCK_STATES).optional(),
  coverDays,
  sortField: z.enum(POSITION_SORT_FIELDS).default('daysOfCover'),
  sortOrder: sortOrderSchema.default('asc'),
};

export const listPositions = defineEndpoint({
  method: 'GET',
  path: `${base}/positions`,
  access: 'scm:inventory:manage',
  summary: 'The current stock position per seller SKU × warehouse (the latest day each shop reported), with days of cover',
  tags,
  query: z.object({ ...positionFilter, ...pagingQuery }),
  data: pageSchema(positionSchema),
});

export const exportPositions = defineEndpoint({
  method: 'GET',
  path: `${base}/positions/excel`,
  access: 'scm:inventory:manage:export',
  summary: 'The filtered stock positions as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object(positionFilter),
  binary: true,
});

export const ageSchema = z.object({
  ...listingFields,
  age0To90: z.number().int(),
  age91To180: z.number().int(),
  age181To270: z.number().int(),
  age271To365: z.number().int(),
  age365Plus: z.number().int(),
  total: z.number().int(),
  /** Units older than AGED_AFTER_DAYS over all units, 0..1 (0 with no units). */
  agedShare: z.number(),
});
export type AgeRow = z.infer<typeof ageSchema>;

export const AGE_SORT_FIELDS = ['sku', 'shopName', 'total', 'agedShare', ...AGE_BUCKETS] as const;

const ageFilter = {
  ...filterFields,
  /** Only SKUs with units older than AGED_AFTER_DAYS. */
  agedOnly: z.enum(['true', 'false']).optional(),
  sortField: z.enum(AGE_SORT_FIELDS).default('agedShare'),
  sortOrder: sortOrderSchema.default('desc'),
};

export const listAges = defineEndpoint({
  method: 'GET',
  path: `${base}/ages`,
  access: 'scm:inventory:age',
  summary: 'Age buckets per seller SKU × warehouse on the latest day each shop reported, with the aged share',
  tags,
  query: z.object({ ...ageFilter, ...pagingQuery }),
  data: pageSchema(ageSchema),
});

export const ageSummarySchema = z.object({
  age0To90: z.number().int(),
  age91To180: z.number().int(),
  age181To270: z.number().int(),
  age271To365: z.number().int(),
  age365Plus: z.number().int(),
  total: z.number().int(),
  agedShare: z.number(),
  skus: z.number().int(),
});

export const ageSummary = defineEndpoint({
  method: 'GET',
  path: `${base}/ages/summary`,
  access: 'scm:inventory:age',
  summary: 'The units of every age bucket over the filtered rows (the chart of /inventoryAge)',
  tags,
  query: z.object(ageFilter),
  data: ageSummarySchema,
});

export const exportAges = defineEndpoint({
  method: 'GET',
  path: `${base}/ages/excel`,
  access: 'scm:inventory:age:export',
  summary: 'The filtered age buckets as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object(ageFilter),
  binary: true,
});

const monitorFilter = {
  ...filterFields,
  coverDays,
  sortField: z.enum(POSITION_SORT_FIELDS).default('daysOfCover'),
  sortOrder: sortOrderSchema.default('asc'),
};

export const listMonitor = defineEndpoint({
  method: 'GET',
  path: `${base}/monitor`,
  access: 'scm:inventory:monitor',
  summary: 'Seller SKUs × warehouse out of stock or with cover under `coverDays` days',
  tags,
  query: z.object({ ...monitorFilter, ...pagingQuery }),
  data: pageSchema(positionSchema),
});

export const exportMonitor = defineEndpoint({
  method: 'GET',
  path: `${base}/monitor/excel`,
  access: 'scm:inventory:monitor:export',
  summary: 'The monitored SKUs as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object(monitorFilter),
  binary: true,
});

export const historyPointSchema = z.object({
  day: z.string(),
  /** null on a day without a position. */
  fulfillable: z.number().int().nullable(),
  inbound: z.number().int().nullable(),
  units: z.number().int(),
});

export const skuHistory = defineEndpoint({
  method: 'GET',
  path: `${base}/monitor/history`,
  access: 'scm:inventory:monitor',
  summary: 'One seller SKU × warehouse of a shop: the last HISTORY_DAYS days of fulfillable stock and units sold',
  tags,
  query: z.object({ shopId: idParam, warehouseId: idParam, sku: z.string().trim().min(1).max(64) }),
  data: z.object({ shopId: z.number().int(), warehouseId: z.number().int(), sku: z.string(), days: z.array(historyPointSchema) }),
});

// ---- spec §7, projects' "other reads" (the path prefix is ours: docs/decisions.md "Stock reads of §7") ----

export const monitoredSkuSchema = z.object({
  sku: z.string(),
  model: z.string().nullable(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  shops: z.number().int(),
  fulfillable: z.number().int(),
  inbound: z.number().int(),
  units30: z.number().int(),
  daysOfCover: z.number().nullable(),
  /** out: nothing fulfillable anywhere; low: cover under `coverDays`; ok. */
  status: z.enum(['out', 'low', 'ok']),
});

export const monitoringSkus = defineEndpoint({
  method: 'GET',
  path: `${base}/inventory-monitoring/skus`,
  access: 'scm:inventory:monitor',
  summary: 'Per seller SKU over the visible shops: stock, inbound, sales of 30 days, cover and its status (spec §7)',
  tags,
  query: z.object({ keyword: filterFields.keyword, coverDays }),
  data: z.array(monitoredSkuSchema),
});

export const shopInventoryDetails = defineEndpoint({
  method: 'GET',
  path: `${base}/shop-inventory-details`,
  access: 'scm:inventory:manage',
  summary: 'One seller SKU (or every one matching the keyword) per visible shop and warehouse: the current position (spec §7)',
  tags,
  query: z.object({ sku: z.string().trim().max(64).optional(), keyword: filterFields.keyword }),
  data: z.array(positionSchema),
});
