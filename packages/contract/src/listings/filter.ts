/**
 * Listing filter (/listingFilter): find listings by what they are (marketplace, shop,
 * product line, lifecycle, status, keyword) and by their figures over a period (units,
 * revenue, profit, margin ranges; no sales; missing unit cost or fee schedule). Every
 * visible listing takes part, also those without a sale in the period (their figures are 0).
 * A user keeps named filters (the screen's query string) on the server.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { arrayParam, idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { MEASURES, measuresSchema, periodRule, salesFilterFields } from '../sales/sales-profit';
import { fieldCode } from '../validation';

const tags = ['listing filter'];

const sortOrder = sortOrderSchema;
const bool = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());
const amount = z.coerce.number().min(-1e12).max(1e12);

export const FILTER_KEYS = ['sku', 'asin', 'shopName', 'marketId', 'title', 'price', 'lifecycle', 'status'] as const;
export const FILTER_SORT_FIELDS = [...MEASURES, ...FILTER_KEYS] as const;

const rangeRule = (
  q: Record<string, unknown>,
  ctx: z.RefinementCtx,
  pairs: ReadonlyArray<readonly [string, string]> = [
    ['unitsMin', 'unitsMax'],
    ['revenueMin', 'revenueMax'],
    ['profitMin', 'profitMax'],
    ['marginMin', 'marginMax'],
  ],
) => {
  for (const [lo, hi] of pairs) {
    const a = q[lo];
    const b = q[hi];
    if (typeof a === 'number' && typeof b === 'number' && a > b)
      ctx.addIssue({ code: 'custom', path: [hi], message: fieldCode('listings.upperBelowLower') });
  }
};

export const listingFilterFields = {
  startDate: salesFilterFields.startDate,
  endDate: salesFilterFields.endDate,
  marketId: salesFilterFields.marketId,
  shopId: salesFilterFields.shopId,
  productLineId: salesFilterFields.productLineId,
  productPositionId: salesFilterFields.productPositionId,
  /** Product lifecycle: 0 not launched, 1 launched, 2 EOL. */
  lifecycle: arrayParam(z.coerce.number().int().min(0).max(2)).optional(),
  /** Listing status: 1 active, 0 inactive. */
  status: arrayParam(z.coerce.number().int().min(0).max(1)).optional(),
  /** SKU, ASIN, title or model (case-insensitive substring). */
  keyword: z.string().trim().max(100).optional(),
  unitsMin: z.coerce.number().int().min(0).max(1e9).optional(),
  unitsMax: z.coerce.number().int().min(0).max(1e9).optional(),
  /** Reporting currency. */
  revenueMin: amount.optional(),
  revenueMax: amount.optional(),
  profitMin: amount.optional(),
  profitMax: amount.optional(),
  /** In percent (e.g. 12.5); listings without revenue have no margin and never match a margin bound. */
  marginMin: z.coerce.number().min(-10000).max(100).optional(),
  marginMax: z.coerce.number().min(-10000).max(100).optional(),
  /** Only listings without a unit sold in the period. */
  noSales: bool.optional(),
  /** Only listings that sold in the period while their SKU had no unit cost or fee schedule (as sku-exist-fee). */
  missingCost: bool.optional(),
};

const check = <T extends Record<string, unknown>>(q: T, ctx: z.RefinementCtx) => {
  periodRule(q as { startDate?: string; endDate?: string }, ctx);
  rangeRule(q, ctx);
};

export const listingFilterQuery = z
  .object({
    ...listingFilterFields,
    sortField: z.enum(FILTER_SORT_FIELDS).default('revenue'),
    sortOrder: sortOrder.default('desc'),
    ...pagingQuery,
  })
  .superRefine(check);

export const filterRowSchema = measuresSchema.extend({
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  title: z.string(),
  model: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  productLineId: z.number().int().nullable(),
  productLineName: z.string().nullable(),
  productLineNameEn: z.string().nullable(),
  lifecycle: z.number().int(),
  status: z.number().int(),
  price: z.number().nullable(),
  priceCurrency: z.string(),
  missingUnitCost: z.boolean(),
  missingFees: z.boolean(),
});
export type FilterRow = z.infer<typeof filterRowSchema>;

export const listingFilter = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/filter',
  access: 'listings:filter',
  summary: 'Listings matching the criteria, with their figures of the period (server paging and sorting)',
  tags,
  query: listingFilterQuery,
  data: pageSchema(filterRowSchema).extend({ startDate: z.string(), endDate: z.string(), currency: z.string() }),
});

export const listingFilterExcel = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/filter/excel',
  access: 'listings:filter:export',
  summary: 'Exactly the filtered rows, in the same order, as .xlsx (streamed)',
  tags,
  query: z
    .object({
      ...listingFilterFields,
      sortField: z.enum(FILTER_SORT_FIELDS).default('revenue'),
      sortOrder: sortOrder.default('desc'),
    })
    .superRefine(check),
  binary: true,
});

// ---- saved filters ----------------------------------------------------------------------------

export const MAX_SAVED_FILTERS = 50;

export const savedFilterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The screen's query string (without paging), e.g. `marketId=0&noSales=true`. */
  query: z.string(),
  updatedAt: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

export const savedFilters = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/filter/saved',
  access: 'listings:filter',
  summary: "The caller's saved filters, by name",
  tags,
  data: z.array(savedFilterSchema),
});

export const saveFilter = defineEndpoint({
  method: 'POST',
  path: 'sales/rest/v1/listings/filter/saved',
  access: 'listings:filter',
  summary: "Save the screen's criteria under a name of the caller's (the same name replaces)",
  tags,
  write: true,
  body: z
    .object({
      name: z.string().trim().min(1, fieldCode('listings.nameFilter')).max(60),
      query: z
        .string()
        .max(2000)
        .refine((s) => !s.startsWith('?'), fieldCode('listings.noLeadingQuestionMark')),
    })
    .strict(),
  data: savedFilterSchema,
});

export const deleteSavedFilter = defineEndpoint({
  method: 'DELETE',
  path: 'sales/rest/v1/listings/filter/saved/{id}',
  access: 'listings:filter',
  summary: 'Delete one of the caller’s saved filters',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
