/**
 * Product information (spec §2.5 /productMgr): product models, their SKUs, the listings of
 * each SKU, current costs and a small sales panel. Products are company-wide master data:
 * who may read them is decided by `product:manage`; listings and sales figures are shop
 * data and only ever show the caller's visible shops.
 */
import { z } from 'zod';
import { CATEGORY_LINES } from '../constants';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['catalog'];
const id = idParam;

/** Product lifecycle (spec §4): 0 not launched, 1 launched, 2 EOL. */
export const LIFECYCLES = [0, 1, 2] as const;
export type Lifecycle = (typeof LIFECYCLES)[number];
/** The moves a product's lifecycle may make (anything else is refused; staying put is always allowed). */
export const LIFECYCLE_MOVES: Readonly<Record<Lifecycle, readonly Lifecycle[]>> = { 0: [1], 1: [2], 2: [1] };

export const CATEGORY_CODES = CATEGORY_LINES.map((c) => c.code) as unknown as readonly [string, ...string[]];

export const productSchema = z.object({
  id: z.number().int(),
  model: z.string(),
  name: z.string(),
  nameEn: z.string(),
  productLineId: z.number().int(),
  productLineName: z.string().nullable(),
  productLineNameEn: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionName: z.string().nullable(),
  positionNameEn: z.string().nullable(),
  categoryCode: z.string(),
  lifecycle: z.number().int(),
  launchDate: z.string().nullable(),
  eolDate: z.string().nullable(),
  skuCount: z.number().int(),
  listingCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const PRODUCT_SORT_FIELDS = [
  'model',
  'name',
  'nameEn',
  'lifecycle',
  'launchDate',
  'eolDate',
  'skuCount',
  'listingCount',
  'createdAt',
] as const;

const filterFields = {
  /** Model, Chinese or English name, or a SKU of the product (case-insensitive substring). */
  keyword: z.string().trim().max(64).optional(),
  /** A line; a parent line includes its children. */
  productLineId: id.optional(),
  positionId: id.optional(),
  categoryCode: z.enum(CATEGORY_CODES).optional(),
  lifecycle: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .optional(),
  sortField: z.enum(PRODUCT_SORT_FIELDS).default('model'),
  sortOrder: sortOrderSchema.default('asc'),
};

export const listProducts = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/products',
  access: 'product:manage',
  summary: 'Product models with their SKU and listing counts (listings of the visible shops)',
  tags,
  query: z.object({ ...filterFields, ...pagingQuery }),
  data: pageSchema(productSchema),
});

export const exportProducts = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/products/excel',
  access: 'product:manage:export',
  exportable: 'xlsx',
  summary: 'The filtered product models as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object(filterFields),
  binary: true,
});

/** A SKU code: letters, digits and - _ . / (how the seller writes them). */
export const skuCodeSchema = z
  .string()
  .trim()
  .min(1, fieldCode('required'))
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, fieldCode('catalog.skuChars'));
export const variantSchema = z.string().trim().max(100).default('');

const productFields = {
  model: z
    .string()
    .trim()
    .min(1, fieldCode('required'))
    .max(32)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, fieldCode('catalog.modelChars')),
  name: z.string().trim().min(1, fieldCode('required')).max(100),
  nameEn: z.string().trim().min(1, fieldCode('required')).max(100),
  productLineId: idValue,
  positionId: idValue.nullable().default(null),
  categoryCode: z.enum(CATEGORY_CODES),
  lifecycle: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Set by the server to today when the product is launched without one. */
  launchDate: isoDate.nullable().default(null),
  /** Set by the server to today when the product goes EOL without one. */
  eolDate: isoDate.nullable().default(null),
};

/** Date rules shared by create and update (the server adds the lifecycle moves). */
const datesRule = (b: { lifecycle: number; launchDate: string | null; eolDate: string | null }, ctx: z.RefinementCtx) => {
  if (b.lifecycle !== 2 && b.eolDate)
    ctx.addIssue({ code: 'custom', path: ['eolDate'], message: fieldCode('catalog.eolDateWithoutEol') });
  if (b.launchDate && b.eolDate && b.eolDate < b.launchDate)
    ctx.addIssue({ code: 'custom', path: ['eolDate'], message: fieldCode('catalog.eolBeforeLaunch') });
};

export const createProductBody = z
  .object({
    ...productFields,
    /** SKUs created with the product (more can be added on its details page). */
    skus: z
      .array(z.object({ sku: skuCodeSchema, variant: variantSchema }).strict())
      .max(50)
      .default([])
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((s, i) => {
          const key = s.sku.toLowerCase();
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'sku'], message: fieldCode('catalog.skuListedTwice') });
          seen.add(key);
        });
      }),
  })
  .strict()
  .superRefine(datesRule);

export const createProduct = defineEndpoint({
  method: 'POST',
  path: 'product/rest/v1/products',
  access: 'product:manage:create',
  summary: 'Create a product model (and SKUs); the model is unique case-insensitively (409)',
  tags,
  write: true,
  body: createProductBody,
  data: productSchema,
});

export const updateProductBody = z
  .object({ id: idValue, version: idValue, ...productFields })
  .strict()
  .superRefine(datesRule);

export const updateProduct = defineEndpoint({
  method: 'PUT',
  path: 'product/rest/v1/products',
  access: 'product:manage:edit',
  summary: 'Change a product model (409 when the version is stale or the model is taken)',
  tags,
  write: true,
  body: updateProductBody,
  data: productSchema,
});

export const deleteProduct = defineEndpoint({
  method: 'DELETE',
  path: 'product/rest/v1/products/{id}',
  access: 'product:manage:delete',
  summary: 'Delete a product and its SKUs (and their cost records); 409 while any SKU is listed',
  tags,
  write: true,
  params: z.object({ id }),
  data: z.null(),
});

// ---- one product ---------------------------------------------------------------------------

export const skuListingSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  asin: z.string(),
  title: z.string(),
  status: z.number().int(),
  price: z.number().nullable(),
  currency: z.string(),
  /** The fee schedule of the SKU in the listing's marketplace in force today, if any. */
  referralRate: z.number().nullable(),
  fbaFee: z.number().nullable(),
});

export const productSkuSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  variant: z.string(),
  version: z.number().int(),
  /** The unit cost (reporting currency) in force today, and since when; null without one. */
  unitCost: z.number().nullable(),
  costFrom: z.string().nullable(),
  /** All listings of the SKU, in any shop (used to refuse a delete); `listings` shows the visible ones. */
  listingCount: z.number().int(),
  listings: z.array(skuListingSchema),
});
export type ProductSku = z.infer<typeof productSkuSchema>;

export const productDetailSchema = productSchema.extend({ skus: z.array(productSkuSchema) });
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const getProduct = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/products/{id}',
  access: 'product:manage',
  summary: 'One product with its SKUs, their current unit cost and their listings in the visible shops',
  tags,
  params: z.object({ id }),
  data: productDetailSchema,
});

export const createSku = defineEndpoint({
  method: 'POST',
  path: 'product/rest/v1/products/{id}/skus',
  access: 'product:manage:edit',
  summary: 'Add a SKU to a product (409 when the SKU exists, case-insensitively)',
  tags,
  write: true,
  params: z.object({ id }),
  body: z.object({ sku: skuCodeSchema, variant: variantSchema }).strict(),
  data: productSkuSchema,
});

export const updateSku = defineEndpoint({
  method: 'PUT',
  path: 'product/rest/v1/products/skus/{skuId}',
  access: 'product:manage:edit',
  summary: "Change a SKU's variant (409 when the version is stale)",
  tags,
  write: true,
  params: z.object({ skuId: id }),
  body: z.object({ variant: variantSchema, version: idValue }).strict(),
  data: productSkuSchema,
});

export const deleteSku = defineEndpoint({
  method: 'DELETE',
  path: 'product/rest/v1/products/skus/{skuId}',
  access: 'product:manage:edit',
  summary: 'Delete a SKU without listings (and its cost records); 409 while it is listed',
  tags,
  write: true,
  params: z.object({ skuId: id }),
  data: z.null(),
});

// ---- sales panel -----------------------------------------------------------------------------

const figuresSchema = z.object({ units: z.number(), revenue: z.number(), profit: z.number() });

export const productSalesSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  currency: z.string(),
  total: figuresSchema,
  markets: z.array(figuresSchema.extend({ marketId: z.number().int() })),
  /** One point per ISO week (its Monday) touching the period; the first and last may be partial. */
  weeks: z.array(figuresSchema.extend({ week: z.string() })),
});
export type ProductSales = z.infer<typeof productSalesSchema>;

/** The sales panel covers the 90 complete days before today. */
export const PRODUCT_SALES_DAYS = 90;

export const productSales = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/products/{id}/sales',
  access: 'product:manage',
  summary:
    'Revenue, units and profit of the product over the last 90 days per marketplace and per week (visible shops, from the rollups)',
  tags,
  params: z.object({ id }),
  data: productSalesSchema,
});
