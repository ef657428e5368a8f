/**
 * Product links (spec §2.5 /productLinkMgr): which SKU is sold under which ASIN in which
 * shop (and so marketplace). One listing per shop and SKU. Shop data: every read and
 * write is limited to the caller's visible shops.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['catalog'];
const id = idParam;

export const asinSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{10}$/, fieldCode('asin'));

export const linkSchema = z.object({
  id: z.number().int(),
  skuId: z.number().int(),
  sku: z.string(),
  variant: z.string(),
  productId: z.number().int(),
  model: z.string(),
  productLineId: z.number().int(),
  productLineName: z.string().nullable(),
  productLineNameEn: z.string().nullable(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  asin: z.string(),
  title: z.string(),
  price: z.number().nullable(),
  currency: z.string(),
  /** 1 active, 0 inactive. */
  status: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type ProductLink = z.infer<typeof linkSchema>;

export const LINK_SORT_FIELDS = ['sku', 'asin', 'shopName', 'marketId', 'price', 'status', 'createdAt'] as const;

export const listLinks = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/links',
  access: 'product:link',
  summary: 'Listings (SKU × shop → ASIN) of the visible shops',
  tags,
  query: z.object({
    /** SKU, ASIN or title (case-insensitive substring). */
    keyword: z.string().trim().max(100).optional(),
    shopId: id.optional(),
    marketId: z.coerce.number().int().min(0).max(12).optional(),
    status: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .optional(),
    /** A line; a parent line includes its children. */
    productLineId: id.optional(),
    sortField: z.enum(LINK_SORT_FIELDS).default('sku'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(linkSchema),
});

export const skuOptionSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  variant: z.string(),
  model: z.string(),
});

export const linkSkuOptions = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/links/skus',
  access: 'product:link',
  summary: 'SKUs to pick for a new link (case-insensitive substring of SKU or model; at most 50)',
  tags,
  query: z.object({ keyword: z.string().trim().max(40).default('') }),
  data: z.array(skuOptionSchema),
});

const price = z
  .number({ error: fieldCode('catalog.price') })
  .min(0, fieldCode('notNegative'))
  .max(1_000_000, fieldCode('tooLarge'))
  .multipleOf(0.01, fieldCode('atMostDecimals'))
  .nullable()
  .default(null);
const editable = {
  asin: asinSchema,
  title: z.string().trim().max(500).default(''),
  price,
  status: z.union([z.literal(0), z.literal(1)]).default(1),
};

export const createLink = defineEndpoint({
  method: 'POST',
  path: 'product/rest/v1/links',
  access: 'product:link:create',
  summary:
    'Link a SKU to an ASIN in a shop; the marketplace and currency come from the shop (409: the shop already lists the SKU)',
  tags,
  write: true,
  body: z.object({ skuId: idValue, shopId: idValue, ...editable }).strict(),
  data: linkSchema,
});

export const updateLink = defineEndpoint({
  method: 'PUT',
  path: 'product/rest/v1/links',
  access: 'product:link:edit',
  summary: 'Change the ASIN, title, price or status of a link (409 when the version is stale)',
  tags,
  write: true,
  body: z.object({ id: idValue, version: idValue, ...editable }).strict(),
  data: linkSchema,
});

export const deleteLink = defineEndpoint({
  method: 'DELETE',
  path: 'product/rest/v1/links/{id}',
  access: 'product:link:delete',
  summary: 'Delete a link without sales figures (409 when it has any: set it inactive instead)',
  tags,
  write: true,
  params: z.object({ id }),
  data: z.null(),
});
