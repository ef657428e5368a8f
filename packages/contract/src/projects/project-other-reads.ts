/**
 * The "other reads" of spec §7 "Projects" that live under other areas' paths
 * (docs/projects.md "Other reads"): the SKU names a project form offers, and the advertising
 * figures of a project's SKUs. The stock reads of the same list are the inventory area's
 * (`inventory-monitoring/skus`, `shop-inventory-details`).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, isoDate } from '../envelope';
import { figuresSchema } from '../ppc/board';
import { periodRule } from '../sales/sales-profit';

const tags = ['projects'];

/** One seller SKU of the caller's shops, with its product model and names. */
export const skuNameSchema = z.object({
  sku: z.string(),
  model: z.string(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  /** How many of the caller's shops list it. */
  shops: z.number().int(),
});
export type SkuName = z.infer<typeof skuNameSchema>;

export const SKU_NAME_LIMIT = 50;

export const skuNameList = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/skuBoard/skuNameList',
  // A picker's read (the project form's SKUs): names only, of the caller's own shops.
  access: 'login',
  summary: "Seller SKUs and product models of the caller's shops with their names, matching a keyword (a picker's read)",
  tags,
  query: z.object({
    /** Matches SKU, model or product name (case-insensitive substring); empty: the first SKUs by name. */
    keyword: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(SKU_NAME_LIMIT).default(20),
  }),
  data: z.array(skuNameSchema),
});

export const projectSkuPerformRowSchema = figuresSchema.extend({
  listingId: z.number().int(),
  sku: z.string(),
  model: z.string(),
  asin: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  /** What the project names that brought this listing in: the SKU itself or its model. */
  matchedBy: z.string(),
});

export const projectSkuPerform = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v4/project/skuPerform',
  access: 'digitize:projectborard',
  summary:
    "Advertising figures per listing of a project's SKUs (or models) in the caller's shops over a period, with their totals",
  tags,
  query: z
    .object({
      projectId: idParam,
      /** Default: the project's start day (launch, listing, open; at most a year back), else 30 days back, to yesterday. */
      startDate: isoDate.optional(),
      endDate: isoDate.optional(),
    })
    .superRefine(periodRule),
  data: z.object({
    projectId: z.number().int(),
    /** The SKUs and models the project names (empty: nothing to show, the project names none). */
    skus: z.array(z.string()),
    startDate: z.string(),
    endDate: z.string(),
    currency: z.string(),
    list: z.array(projectSkuPerformRowSchema),
    sum: figuresSchema,
  }),
});
