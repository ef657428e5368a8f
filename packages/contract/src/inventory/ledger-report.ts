/**
 * The monthly inventory report (进销存, /inventoryReport, issue #22): per seller SKU × warehouse ×
 * month, the SELLABLE disposition's opening balance, the Inventory Ledger's movements summed over
 * the month, the closing balance and the unexplained difference. docs/inventory.md "Inventory
 * report (`/inventoryReport`)"; the opening / closing rule is docs/decisions.md "Inventory report:
 * opening and closing balances".
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { listingFields } from './inventory';

const tags = ['inventory'];
const base = 'inventory/rest/v1';

/** yyyy-MM */
export const reportMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, fieldCode('notADate'));

/** The months a report shows when the URL names none: the last ones with ledger data. */
export const REPORT_DEFAULT_MONTHS = 3;

/** The report's movement columns, signed as the ledger writes them (other: other and unknown events). */
export const REPORT_MOVEMENT_FIELDS = [
  'receipts',
  'customerShipments',
  'customerReturns',
  'vendorReturns',
  'transfers',
  'found',
  'lost',
  'damaged',
  'disposed',
  'other',
] as const;
export type ReportMovement = (typeof REPORT_MOVEMENT_FIELDS)[number];

const movementShape = Object.fromEntries(REPORT_MOVEMENT_FIELDS.map((f) => [f, z.number().int()])) as {
  [K in ReportMovement]: z.ZodNumber;
};

const figures = {
  /** The month's first reported starting balance (less the movements of the days before it), else the previous month's closing. */
  opening: z.number().int().nullable(),
  ...movementShape,
  /** The sum of the movements (in transit between warehouses left out). */
  net: z.number().int(),
  /** The month's last reported ending balance (plus the movements of the days after it), else opening + net. */
  closing: z.number().int().nullable(),
  /** Reported closing − (reported opening + net); null unless both balances are reported in the month. */
  difference: z.number().int().nullable(),
};

export const reportRowSchema = z.object({
  ...listingFields,
  /** yyyy-MM; `day` is the month's last ledger day. */
  month: z.string(),
  openingReported: z.boolean(),
  closingReported: z.boolean(),
  ...figures,
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportTotalsSchema = z.object({
  /** Rows (SKU × warehouse × month) summed. */
  rows: z.number().int(),
  ...figures,
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

export const REPORT_SORT_FIELDS = [
  'month',
  'sku',
  'shopName',
  'opening',
  ...REPORT_MOVEMENT_FIELDS,
  'net',
  'closing',
  'difference',
] as const;

export const reportFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  productLineId: idParam.optional(),
  /** SKU, ASIN, FNSKU, model or product name. */
  keyword: z.string().trim().max(64).optional(),
  /** Default: REPORT_DEFAULT_MONTHS months up to the latest month with ledger data in the filters. */
  fromMonth: reportMonth.optional(),
  toMonth: reportMonth.optional(),
  sortField: z.enum(REPORT_SORT_FIELDS).default('month'),
  sortOrder: sortOrderSchema.default('desc'),
};

export const listInventoryReport = defineEndpoint({
  method: 'GET',
  path: `${base}/ledger-report`,
  access: 'scm:inventory:report',
  summary: 'The monthly inventory report: per seller SKU × warehouse × month, opening, the ledger movements, closing, difference',
  tags,
  query: z.object({ ...reportFilter, ...pagingQuery }),
  data: pageSchema(reportRowSchema).extend({ fromMonth: z.string().nullable(), toMonth: z.string().nullable() }),
});

export const inventoryReportSummary = defineEndpoint({
  method: 'GET',
  path: `${base}/ledger-report/summary`,
  access: 'scm:inventory:report',
  summary: "The report's totals over every filtered row, and per month (the chart of closing units)",
  tags,
  query: z.object(reportFilter),
  data: z.object({
    /** The months shown (the URL's, or the default); null when the filters find no ledger. */
    fromMonth: z.string().nullable(),
    toMonth: z.string().nullable(),
    totals: reportTotalsSchema,
    months: z.array(reportTotalsSchema.extend({ month: z.string() })),
  }),
});

export const exportInventoryReport = defineEndpoint({
  method: 'GET',
  path: `${base}/ledger-report/excel`,
  access: 'scm:inventory:report:export',
  summary: 'The filtered inventory report as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object(reportFilter),
  binary: true,
});
