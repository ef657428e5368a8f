/**
 * Sales and profit (spec §7 "Sales"). Every figure is in the reporting currency (USD),
 * converted from the marketplace's currency with the dated rate of the day it was sold.
 *
 * Profit = revenue − refunds − fees − adSpend − cogs − otherCosts, where fees are the
 * marketplace (referral) fees plus the fulfilment fees. margin = profit / revenue (a
 * ratio; null when there is no revenue). Both are computed in one place on the server.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { arrayParam, idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['sales'];

export const REPORTING_CURRENCY = 'USD';

/** The measures every sales row carries, in this order in tables and exports. */
export const MEASURES = [
  'units',
  'orders',
  'revenue',
  'refunds',
  'fees',
  'adSpend',
  'cogs',
  'otherCosts',
  'profit',
  'margin',
] as const;
export type Measure = (typeof MEASURES)[number];
/** Measures that are money (the others are counts or the margin ratio). */
export const MONEY_MEASURES: readonly Measure[] = ['revenue', 'refunds', 'fees', 'adSpend', 'cogs', 'otherCosts', 'profit'];

export const measuresSchema = z.object({
  units: z.number().int(),
  orders: z.number().int(),
  revenue: z.number(),
  refunds: z.number(),
  fees: z.number(),
  adSpend: z.number(),
  cogs: z.number(),
  otherCosts: z.number(),
  profit: z.number(),
  /** profit / revenue, 4 decimals; null when revenue is 0. */
  margin: z.number().nullable(),
});
export type Measures = z.infer<typeof measuresSchema>;

/** The four breakdowns of the sales-profit screen. */
export const SALES_DIMENSIONS = ['sku', 'shop', 'product_line', 'sale_director'] as const;
export type SalesDimension = (typeof SALES_DIMENSIONS)[number];

const id = idParam;
/** Accepts antd's `ascend`/`descend` as well. */
const sortOrder = sortOrderSchema;

/** The longest period one call may ask for. */
export const MAX_PERIOD_DAYS = 1100;

/**
 * The filters every sales call takes (query parameters; arrays repeat without indices).
 * Without dates the period is the last 30 complete days.
 */
export const salesFilterFields = {
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  marketId: arrayParam(z.coerce.number().int().min(0).max(12)).optional(),
  shopId: arrayParam(id).optional(),
  productLineId: id.optional(),
  productPositionId: id.optional(),
  directorId: id.optional(),
  /** Matches SKU, ASIN or title (case-insensitive substring). */
  keyword: z.string().trim().max(100).optional(),
};

export const periodRule = <T extends { startDate?: string; endDate?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.startDate && q.endDate) {
    const days = (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000;
    if (Number.isNaN(days)) ctx.addIssue({ code: 'custom', path: ['startDate'], message: fieldCode('notACalendarDate') });
    else if (days < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: fieldCode('endDateBeforeStart') });
    else if (days >= MAX_PERIOD_DAYS)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: fieldCode('atMostDays'), params: { max: MAX_PERIOD_DAYS } });
  }
};

export const salesFilterQuery = z.object(salesFilterFields).superRefine(periodRule);
export type SalesFilter = z.infer<typeof salesFilterQuery>;

const sortFields = (keys: readonly string[]) => z.enum([...MEASURES, ...keys] as [string, ...string[]]);

const listQuery = (keys: readonly string[]) =>
  z
    .object({
      ...salesFilterFields,
      sortField: sortFields(keys).default('revenue'),
      sortOrder: sortOrder.default('desc'),
      ...pagingQuery,
    })
    .superRefine(periodRule);

const exportQuery = (keys: readonly string[]) =>
  z
    .object({ ...salesFilterFields, sortField: sortFields(keys).default('revenue'), sortOrder: sortOrder.default('desc') })
    .superRefine(periodRule);

/** The period a reply covers, as the server resolved it. */
const periodSchema = z.object({ startDate: z.string(), endDate: z.string(), currency: z.string() });

const salesPage = <T extends z.ZodObject>(row: T) => pageSchema(row).extend({ sum: measuresSchema }).extend(periodSchema.shape);

// ---- rows -------------------------------------------------------------------------------

export const SKU_KEYS = ['sku', 'asin', 'shopName', 'marketId', 'title'] as const;
export const skuRowSchema = measuresSchema.extend({
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  title: z.string(),
  productLineId: z.number().int().nullable(),
  productLineName: z.string().nullable(),
});
export type SkuRow = z.infer<typeof skuRowSchema>;

export const SHOP_KEYS = ['shopName', 'marketId'] as const;
export const shopRowSchema = measuresSchema.extend({
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
});
export type ShopRow = z.infer<typeof shopRowSchema>;

export const LINE_KEYS = ['productLineName'] as const;
export const productLineRowSchema = measuresSchema.extend({
  productLineId: z.number().int(),
  productLineName: z.string(),
  productLineNameEn: z.string(),
  parentName: z.string().nullable(),
});
export type ProductLineRow = z.infer<typeof productLineRowSchema>;

export const DIRECTOR_KEYS = ['directorName'] as const;
export const directorRowSchema = measuresSchema.extend({
  /** 0 for sales of product lines no team owns. */
  directorId: z.number().int(),
  directorName: z.string().nullable(),
  teamNames: z.array(z.string()),
});
export type DirectorRow = z.infer<typeof directorRowSchema>;

// ---- calls ------------------------------------------------------------------------------

export const skuSalesProfit = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/sku/sales_profit',
  access: 'sales:profit',
  summary: 'Sales and profit per listing (SKU with its ASIN, shop and marketplace), with the totals of the filtered set',
  tags,
  query: listQuery(SKU_KEYS),
  data: salesPage(skuRowSchema),
});

export const shopSalesProfit = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/shop/sales_profit',
  access: 'sales:profit',
  summary: 'Sales and profit per shop',
  tags,
  query: listQuery(SHOP_KEYS),
  data: salesPage(shopRowSchema),
});

export const productLineSalesProfit = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/product_lines/sales_profit',
  access: 'sales:profit',
  summary: 'Sales and profit per product line',
  tags,
  query: listQuery(LINE_KEYS),
  data: salesPage(productLineRowSchema),
});

export const directorSalesProfit = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/sale_director/sales_profit',
  access: 'sales:profit',
  summary: 'Sales and profit per sales director (through the teams that own the product lines)',
  tags,
  query: listQuery(DIRECTOR_KEYS),
  data: salesPage(directorRowSchema),
});

export const missingCostSchema = z.object({
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  units: z.number().int(),
  revenue: z.number(),
  /** No unit cost is recorded for the SKU on a day it sold: its COGS count as 0. */
  missingUnitCost: z.boolean(),
  /** No fee schedule for the SKU in that marketplace: its fees count as 0. */
  missingFees: z.boolean(),
});

export const skuExistFee = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/sku/sku-exist-fee',
  access: 'sales:profit',
  summary: 'Listings that sold in the period without a unit cost or a fee schedule (their profit is overstated)',
  tags,
  query: z.object({ ...salesFilterFields, ...pagingQuery }).superRefine(periodRule),
  data: pageSchema(missingCostSchema),
});

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  directorId: z.number().int().nullable(),
  directorName: z.string().nullable(),
  productLineIds: z.array(z.number().int()),
});

export const teamNames = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales/team/names',
  access: 'login',
  summary: 'Sales teams with their directors and the product lines they own',
  tags,
  data: z.array(teamSchema),
});

export const quarterSchema = z.object({
  /** e.g. 2026-Q3 */
  quarter: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});

export const quarterList = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales_profit/quarter_list',
  access: 'sales:profit',
  summary: 'The quarters that hold sales the caller may see, newest first',
  tags,
  data: z.array(quarterSchema),
});

const dimensionParams = z.object({ dimension: z.enum(SALES_DIMENSIONS) });

export const salesProfitExcel = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales_profit/{dimension}/excel',
  access: 'sales:profit:export',
  exportable: 'xlsx',
  summary: 'The filtered rows of one breakdown as an .xlsx file (streamed), with a totals row',
  tags,
  params: dimensionParams,
  // One schema for the four breakdowns: the sort field is checked against the breakdown's keys by the server.
  query: exportQuery([...new Set([...SKU_KEYS, ...SHOP_KEYS, ...LINE_KEYS, ...DIRECTOR_KEYS])]),
  binary: true,
});

// ---- the "ts" report: daily sales per listing, with the other costs attributed to it ------

export const COST_CATEGORIES = ['promotion', 'samples', 'compensation', 'storage', 'removal', 'other'] as const;

export const costInductionSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  asin: z.string(),
  sku: z.string(),
  costDate: z.string(),
  category: z.enum(COST_CATEGORIES),
  /** In the marketplace's currency. */
  amount: z.number(),
  currency: z.string(),
  /** In the reporting currency, at the rate of costDate. */
  amountReporting: z.number(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type CostInduction = z.infer<typeof costInductionSchema>;

export const costInductionList = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/ts-report/cost-induction-list',
  access: 'sales:profit',
  summary: 'Other costs attributed to listings (they make up otherCosts), newest first',
  tags,
  query: z.object({ ...salesFilterFields, ...pagingQuery }).superRefine(periodRule),
  data: pageSchema(costInductionSchema),
});

const asinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{10}$/, fieldCode('asin'));

export const costInductionBody = z
  .object({
    shopId: idValue,
    asin: asinSchema,
    costDate: isoDate,
    category: z.enum(COST_CATEGORIES),
    /** In the marketplace's currency; positive is a cost, negative a credit. */
    amount: z
      .number()
      .refine((n) => Number.isFinite(n) && n !== 0, fieldCode('notZero'))
      .refine((n) => Math.abs(n) < 10_000_000, fieldCode('tooLarge'))
      .refine((n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
        message: fieldCode('atMostDecimals'),
        params: { places: 2 },
      }),
    note: z.string().trim().max(500).default(''),
  })
  .strict();

export const createCostInduction = defineEndpoint({
  method: 'POST',
  path: 'sales/rest/v1/ts-report/cost-induction',
  access: 'sales:profit:edit',
  summary: "Attribute an other cost to a listing on a day; it enters that day's otherCosts and profit at once",
  tags,
  write: true,
  body: costInductionBody,
  data: costInductionSchema,
});

export const asinVerifyBody = z
  .object({
    asins: z.array(z.string().max(40)).min(1, fieldCode('sales.listAsins')).max(1000),
    shopId: idValue.optional(),
  })
  .strict();

export const asinVerifyResult = z.object({
  asin: z.string(),
  valid: z.boolean(),
  listings: z.array(
    z.object({
      listingId: z.number().int(),
      shopId: z.number().int(),
      shopName: z.string(),
      marketId: z.number().int(),
      sku: z.string(),
    }),
  ),
});

export const asinVerify = defineEndpoint({
  method: 'POST',
  path: 'sales/rest/v1/ts-report/asin-verify',
  access: 'sales:profit',
  summary: 'Which of the given ASINs are listings the caller may see, and where',
  tags,
  body: asinVerifyBody,
  data: z.array(asinVerifyResult),
});

export const tsReportExport = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/ts-report/export',
  access: 'sales:profit:export',
  summary: 'Daily sales per listing with every cost and how settled each day is, as .xlsx (streamed)',
  tags,
  query: salesFilterQuery,
  binary: true,
});
