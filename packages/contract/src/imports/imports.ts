/**
 * One import facility for every area: upload a report file, get a preview (nothing is
 * written), then commit it in one transaction. Sales reports now; ad and inventory
 * reports later, each kind guarded by its own permission (IMPORT_KINDS).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { arrayParam, idParam, isoDate, pageSchema, pagingQuery } from '../envelope';
import type { Permission } from '../permissions';
import { fieldCode } from '../validation';

const tags = ['imports'];

/** The kinds that can be imported today, and who may import and see them. */
export const IMPORT_KINDS = {
  'business-report': { upload: 'sales:importTraffic:import', view: 'sales:importTraffic', scope: 'shop' },
  'all-orders': { upload: 'sales:importTraffic:import', view: 'sales:importTraffic', scope: 'shop' },
  // Order reports for the mail automation: delivery dates (FBA shipments) and return states (FBA / merchant returns).
  'fba-shipments': { upload: 'sales:importTraffic:import', view: 'sales:importTraffic', scope: 'shop' },
  'order-returns': { upload: 'sales:importTraffic:import', view: 'sales:importTraffic', scope: 'shop' },
  'sku-costs': { upload: 'product:cost:import', view: 'product:cost', scope: 'company' },
  'sku-fees': { upload: 'product:cost:import', view: 'product:cost', scope: 'company' },
  materials: { upload: 'product:materialCost:import', view: 'product:materialCost', scope: 'company' },
  bom: { upload: 'product:bomCost:import', view: 'product:bomCost', scope: 'company' },
  // Advertising reports of one shop (one marketplace per file) and its bulk-operations sheet.
  'sp-search-term': { upload: 'ppc:manager:edit', view: 'ppc:manager', scope: 'shop' },
  'sp-targeting': { upload: 'ppc:manager:edit', view: 'ppc:manager', scope: 'shop' },
  'sp-campaign': { upload: 'ppc:manager:edit', view: 'ppc:manager', scope: 'shop' },
  'sb-campaign': { upload: 'ppc:manager:edit', view: 'ppc:manager', scope: 'shop' },
  'sd-campaign': { upload: 'ppc:manager:edit', view: 'ppc:manager', scope: 'shop' },
  'sb-keyword': { upload: 'ppc:manager:edit', view: 'ppc:manager', scope: 'shop' },
  'ads-bulk': { upload: 'ppc:manager:edit', view: 'ppc:manager', scope: 'shop' },
  // Stock of one shop (inventory area): FBA Manage Inventory, and the Inventory Age / FBA Inventory report.
  'fba-inventory': { upload: 'scm:inventory:upload:import', view: 'scm:inventory:upload', scope: 'shop' },
  'fba-inventory-age': { upload: 'scm:inventory:upload:import', view: 'scm:inventory:upload', scope: 'shop' },
  'fba-inventory-ledger': { upload: 'scm:inventory:upload:import', view: 'scm:inventory:upload', scope: 'shop' },
  'fba-removals': { upload: 'scm:inventory:upload:import', view: 'scm:inventory:upload', scope: 'shop' },
  // FBA Reimbursements report of one shop: each row pays the claim that waits for it (inventory area).
  'fba-reimbursements': { upload: 'tools:fbaClaim:edit', view: 'tools:fbaClaim', scope: 'shop' },
} as const satisfies Record<string, { upload: Permission; view: Permission; scope: 'shop' | 'company' }>;
export type ImportKind = keyof typeof IMPORT_KINDS;
export const importKindSchema = z.enum(Object.keys(IMPORT_KINDS) as [ImportKind, ...ImportKind[]]);
/** Kinds of one shop's data (need shopId) and company-wide kinds (master data such as costs; no shop). */
export const isShopKind = (kind: ImportKind) => IMPORT_KINDS[kind].scope === 'shop';
export const SHOP_IMPORT_KINDS = (Object.keys(IMPORT_KINDS) as ImportKind[]).filter(isShopKind);

/** Largest file accepted, in bytes. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/**
 * preview: parsed, waiting for commit; held: unknown column set, needs review; committed; discarded;
 * reverted: committed, then undone (what it replaced is back).
 */
export const IMPORT_STATUSES = ['preview', 'held', 'committed', 'discarded', 'reverted'] as const;

/**
 * A sales-report commit that removes much more than it adds is held for a second
 * confirmation (`confirmLargeRemoval`): on some day it would lower the stored units or
 * revenue by more than half (`share`), or set more than `listings` listings with sales to zero.
 */
export const LARGE_REMOVAL = { share: 0.5, listings: 10 } as const;

/** The multipart fields that come with `file`. */
export const uploadFieldsSchema = z
  .object({
    kind: importKindSchema,
    /** Required for the shop kinds, refused for the company-wide ones. */
    shopId: idParam.optional(),
    marketId: z.coerce.number().int().min(0).max(12).optional(),
    periodStart: isoDate.optional(),
    periodEnd: isoDate.optional(),
  })
  .superRefine((f, ctx) => {
    if (isShopKind(f.kind) && f.shopId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['shopId'], message: fieldCode('imports.shopRequired') });
    }
    if (!isShopKind(f.kind) && (f.shopId !== undefined || f.marketId !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['shopId'], message: fieldCode('imports.noShop') });
    }
    if (f.periodStart && f.periodEnd && f.periodEnd < f.periodStart) {
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: fieldCode('endDateBeforeStart') });
    }
    if (f.kind === 'business-report' && (!f.periodStart || !f.periodEnd)) {
      ctx.addIssue({
        code: 'custom',
        path: [f.periodStart ? 'periodEnd' : 'periodStart'],
        message: fieldCode('imports.periodRequired'),
      });
    }
  });

export const rowProblemSchema = z.object({ line: z.number().int(), column: z.string().optional(), message: z.string() });

export const headerDiffSchema = z.object({
  closestVariant: z.string(),
  missing: z.array(z.string()),
  unexpected: z.array(z.string()),
});

/** A row as it will be written: one listing on one day, or over the report's period. */
export const previewRowSchema = z.object({
  line: z.number().int(),
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  /** The day, or null for a period total. */
  day: z.string().nullable(),
  units: z.number().int(),
  orders: z.number().int(),
  /** In the marketplace's currency. */
  revenue: z.number(),
  sessions: z.number().int().nullable(),
  pageViews: z.number().int().nullable(),
});

/**
 * A row of a company-wide kind as it will be written: its key (e.g. SKU + date), whether
 * it is new, changes a stored value or changes nothing, and its values (and the stored
 * ones it replaces).
 */
export const recordRowSchema = z.object({
  line: z.number().int(),
  key: z.string(),
  status: z.enum(['new', 'changed', 'unchanged']),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  before: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
});
export type RecordRow = z.infer<typeof recordRowSchema>;

export const commitResultSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Facts of the replaced days that the file no longer has (set to zero). */
  zeroed: z.number().int(),
  /** Period totals stored (Business Reports longer than a day). */
  periodTotals: z.number().int(),
  days: z.array(z.string()),
  /** Company-wide cost kinds: sales facts whose COGS or fees were recomputed. */
  recomputedFacts: z.number().int().optional(),
  /** Ad kinds: per replaced day whose figures changed, spend (marketplace currency) and clicks before and after. */
  adChanges: z
    .array(
      z.object({
        day: z.string(),
        spendBefore: z.number(),
        spendAfter: z.number(),
        clicksBefore: z.number().int(),
        clicksAfter: z.number().int(),
      }),
    )
    .optional(),
  /** Per replaced day: revenue (marketplace currency) and units before and after. */
  changes: z.array(
    z.object({
      day: z.string(),
      unitsBefore: z.number().int(),
      unitsAfter: z.number().int(),
      revenueBefore: z.number(),
      revenueAfter: z.number(),
    }),
  ),
});

/** What committing a sales report would do to one replaced day, against the stored data. */
export const dayImpactSchema = z.object({
  day: z.string(),
  unitsBefore: z.number().int(),
  unitsAfter: z.number().int(),
  /** Marketplace currency. */
  revenueBefore: z.number(),
  revenueAfter: z.number(),
  /** Listings whose stored figures change (written with other figures, or set to zero). */
  listingsChanged: z.number().int(),
  /** Listings with stored sales that the file does not name: their figures become zero. */
  listingsDropped: z.number().int(),
});

/** A listing whose stored figures on a day the commit would set to zero. */
export const droppedListingSchema = z.object({
  day: z.string(),
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  units: z.number().int(),
  revenue: z.number(),
});

/** The effect of a sales-report commit on the stored data, computed when asked (null for other kinds). */
export const importImpactSchema = z.object({
  days: z.array(dayImpactSchema),
  /** The first 200 listings set to zero, by day. */
  dropped: z.array(droppedListingSchema),
  /** The days that remove much more than they add (LARGE_REMOVAL): commit needs confirmLargeRemoval. */
  largeRemovalDays: z.array(z.string()),
  /**
   * Business Report days whose units, orders and revenue came from All Orders: the commit
   * writes only sessions and page views there (docs/decisions.md).
   */
  ordersOwnedDays: z.array(z.string()),
});
export type ImportImpact = z.infer<typeof importImpactSchema>;

export const importSchema = z.object({
  id: z.number().int(),
  kind: importKindSchema,
  status: z.enum(IMPORT_STATUSES),
  /** Null for the company-wide kinds. */
  shopId: z.number().int().nullable(),
  shopName: z.string().nullable(),
  marketId: z.number().int().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  fileName: z.string(),
  fileHash: z.string(),
  fileSize: z.number().int(),
  variant: z.string().nullable(),
  fingerprint: z.string(),
  locale: z.string().nullable(),
  currency: z.string().nullable(),
  timeZone: z.string().nullable(),
  /** The rate (reporting currency per unit) of each day the import touches, as of the preview. */
  rateSnapshot: z.record(z.string(), z.number()),
  rowCount: z.number().int(),
  errorCount: z.number().int(),
  warningCount: z.number().int(),
  /** Set when the file was already committed before for this shop. */
  duplicateOf: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  result: commitResultSchema.nullable(),
  /** Committed with a record of what it replaced: `POST imports/{id}/revert` can undo it. */
  revertible: z.boolean(),
  revertedAt: z.string().nullable(),
  /**
   * Never written (preview or held) and the caller may discard it: its uploader, or a holder of
   * the kind's upload permission (`DELETE imports/{id}`).
   */
  discardable: z.boolean(),
});
export type ImportRecord = z.infer<typeof importSchema>;

export const previewSchema = importSchema.extend({
  /** The first rows that will be written (at most 200; rowCount says how many in all). */
  rows: z.array(previewRowSchema),
  /** Company-wide kinds and the ad kinds: the first rows that will be written (at most 200) … */
  records: z.array(recordRowSchema),
  /** … and how many are new, change a stored value, or change nothing (null for the sales report kinds). */
  counts: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int() }).nullable(),
  errors: z.array(rowProblemSchema),
  warnings: z.array(rowProblemSchema),
  unknownHeader: headerDiffSchema.nullable(),
  /** Sales reports not yet committed: what the commit would remove and change, per day. */
  impact: importImpactSchema.nullable(),
});
export type ImportPreview = z.infer<typeof previewSchema>;

export const uploadImport = defineEndpoint({
  method: 'POST',
  path: 'imports',
  access: 'login',
  summary:
    'Upload a file (multipart: file, kind, and for the shop kinds shopId, marketId, periodStart, periodEnd) and answer its preview; nothing is written yet',
  tags,
  write: true,
  data: previewSchema,
});

export const getImport = defineEndpoint({
  method: 'GET',
  path: 'imports/{id}',
  access: 'login',
  summary: 'An import with its preview rows, errors and warnings',
  tags,
  params: z.object({ id: idParam }),
  data: previewSchema,
});

export const commitImport = defineEndpoint({
  method: 'POST',
  path: 'imports/{id}/commit',
  access: 'login',
  summary:
    'Write a previewed import in one transaction; a file with row errors is written only with skipErrorRows (its good rows); one that removes much more than it adds (LARGE_REMOVAL) answers 409 with its impact unless confirmLargeRemoval',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z.object({ skipErrorRows: z.boolean().default(false), confirmLargeRemoval: z.boolean().default(false) }).strict(),
  data: importSchema,
});

export const revertImport = defineEndpoint({
  method: 'POST',
  path: 'imports/{id}/revert',
  access: 'login',
  summary:
    'Undo a committed sales report: put back every figure it replaced (facts and rollups); 409 when a later committed import wrote the same shop-days',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: importSchema,
});

export const discardImport = defineEndpoint({
  method: 'DELETE',
  path: 'imports/{id}',
  access: 'login',
  summary:
    'Discard an import that was never written (preview or held): by its uploader, or by a holder of the kind’s upload permission who sees its shop; 409 once committed',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: importSchema,
});

export const listImports = defineEndpoint({
  method: 'GET',
  path: 'imports',
  access: 'login',
  summary:
    'The import history of the kinds and shops the caller may see: everyone’s committed, reverted and discarded imports, the caller’s own previews and held files (others’ too with pending=all, for the kinds the caller may upload)',
  tags,
  query: z.object({
    /** One kind or several (`kind=a&kind=b`: the kinds one import screen offers). */
    kind: arrayParam(importKindSchema).optional(),
    /** Only the shop kinds (sales reports) or only the company-wide kinds (costs, materials, BOMs). */
    scope: z.enum(['shop', 'company']).optional(),
    shopId: idParam.optional(),
    status: z.enum(IMPORT_STATUSES).optional(),
    /**
     * Imports never written (preview, held): `mine` (the default) lists only the caller's own;
     * `all` adds other users' for the kinds the caller may upload (to clear a file a colleague left held).
     */
    pending: z.enum(['mine', 'all']).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(importSchema),
});
