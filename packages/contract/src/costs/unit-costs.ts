/**
 * Unit costs of SKUs (/productCost, first tab). A SKU's unit cost is in USD from a day on;
 * the latest entry on or before a day applies. Setting or deleting an entry recomputes the
 * COGS of the sales facts it governs (from its day until the SKU's next entry).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue, isoDate, pageSchema, pagingQuery } from '../envelope';
import { decimal, keyword, lifecycleSchema, positiveId, queryFlag, sortOrder, tags } from './shared';

/** What a cost or fee change did to the sales figures. */
export const recomputeResultSchema = z.object({
  /** Sales facts whose COGS or fees changed. */
  facts: z.number().int(),
  /** Shops whose rollups were refreshed. */
  shops: z.number().int(),
  /** First and last day of the facts that changed (null when none did). */
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
});
export type RecomputeResult = z.infer<typeof recomputeResultSchema>;

/** The SKU columns every cost list shows. */
export const skuColumnsSchema = z.object({
  skuId: z.number().int(),
  sku: z.string(),
  model: z.string(),
  productName: z.string(),
  productNameEn: z.string(),
  productLineId: z.number().int(),
  productLineName: z.string(),
  productLineNameEn: z.string(),
  lifecycle: lifecycleSchema,
});

export const skuCostRowSchema = skuColumnsSchema.extend({
  /** Listings of the SKU in all shops. */
  listings: z.number().int(),
  /** USD, the entry in force today; null when none is. */
  unitCost: z.number().nullable(),
  effectiveFrom: z.string().nullable(),
  /** Entries in the SKU's history. */
  entries: z.number().int(),
});
export type SkuCostRow = z.infer<typeof skuCostRowSchema>;

export const SKU_COST_SORT_FIELDS = ['sku', 'model', 'unitCost', 'effectiveFrom', 'listings'] as const;

export const costListFilters = {
  keyword,
  productLineId: positiveId.optional(),
  /** Only SKUs without a unit cost in force today. */
  missing: queryFlag,
};

export const listSkuCosts = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/costs',
  access: 'product:cost',
  summary: 'SKUs with the unit cost in force today and since when (keyword matches SKU or model)',
  tags,
  query: z.object({
    ...costListFilters,
    sortField: z.enum(SKU_COST_SORT_FIELDS).default('sku'),
    sortOrder,
    ...pagingQuery,
  }),
  data: pageSchema(skuCostRowSchema),
});

export const exportSkuCosts = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/costs/excel',
  access: 'product:cost:export',
  summary: "The filtered unit-cost list as xlsx (streamed), in the import template's columns plus the SKU's details",
  tags,
  binary: true,
  query: z.object({
    ...costListFilters,
    sortField: z.enum(SKU_COST_SORT_FIELDS).default('sku'),
    sortOrder,
  }),
});

export const skuCostTemplate = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/costs/template',
  access: 'product:cost',
  summary: 'The unit-cost import template (xlsx, English and Chinese headers accepted)',
  tags,
  binary: true,
  keep: false,
});

export const costEntrySchema = z.object({
  effectiveFrom: z.string(),
  /** The day before the next entry, null for the one that runs on. */
  effectiveTo: z.string().nullable(),
  unitCost: z.number(),
});

export const getSkuCostHistory = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/costs/{skuId}',
  access: 'product:cost',
  summary: 'The unit-cost history of a SKU, newest first',
  tags,
  params: z.object({ skuId: positiveId }),
  data: skuColumnsSchema.extend({ entries: z.array(costEntrySchema) }),
});

export const unitCostInput = decimal(4, 0, 1_000_000);

export const setSkuCost = defineEndpoint({
  method: 'POST',
  path: 'product/rest/v1/costs',
  access: 'product:cost:edit',
  summary:
    'Set the unit cost (USD) of a SKU from a day on (replaces an entry of the same day); COGS of its sales until the next entry are recomputed',
  tags,
  write: true,
  body: z.object({ skuId: idValue, effectiveFrom: isoDate, unitCost: unitCostInput }).strict(),
  data: z.object({ created: z.boolean(), recomputed: recomputeResultSchema }),
});

export const deleteSkuCost = defineEndpoint({
  method: 'DELETE',
  path: 'product/rest/v1/costs/{skuId}/{effectiveFrom}',
  access: 'product:cost:delete',
  summary: 'Delete a unit-cost entry; the previous entry (or none) then applies and COGS are recomputed',
  tags,
  write: true,
  params: z.object({ skuId: positiveId, effectiveFrom: isoDate }),
  data: z.object({ recomputed: recomputeResultSchema }),
});
