/**
 * Bills of materials (/bomcost). The BOM cost of a SKU on a day =
 *   Σ quantity × the material's price on that day × the USD rate of the material's
 *   currency on that day (both the latest on or before it) + labour + overhead (USD per unit).
 * It is incomplete (null) while a material has no price or its currency no rate on that day.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { isoDate, pageSchema, pagingQuery } from '../envelope';
import { keyword, positiveId, queryFlag, sortOrder, tags } from './shared';
import { recomputeResultSchema, skuColumnsSchema } from './unit-costs';

export const bomRowSchema = skuColumnsSchema.extend({
  items: z.number().int(),
  labour: z.number(),
  overhead: z.number(),
  /** USD per unit on the day asked for; null when incomplete. */
  bomCost: z.number().nullable(),
  /** Materials without a price, or whose currency has no rate, on that day. */
  missing: z.array(z.string()),
  /** The SKU's recorded unit cost on that day (USD). */
  unitCost: z.number().nullable(),
  /** bomCost − unitCost, when both are known. */
  difference: z.number().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type BomRow = z.infer<typeof bomRowSchema>;

export const BOM_SORT_FIELDS = ['sku', 'model', 'items', 'bomCost', 'unitCost', 'difference'] as const;

const filters = {
  keyword,
  productLineId: positiveId.optional(),
  /** The day the costs are taken on; today when absent. */
  day: isoDate.optional(),
  /** Only BOMs whose cost differs from the recorded unit cost (or cannot be compared). */
  differs: queryFlag,
};

export const listBoms = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/boms',
  access: 'product:bomCost',
  summary: 'SKUs with a bill of materials: BOM cost, recorded unit cost and their difference on a day',
  tags,
  query: z.object({ ...filters, sortField: z.enum(BOM_SORT_FIELDS).default('sku'), sortOrder, ...pagingQuery }),
  data: pageSchema(bomRowSchema),
});

export const exportBoms = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/boms/excel',
  access: 'product:bomCost:export',
  summary: 'Every line of the filtered BOMs with its cost on the day, as xlsx (streamed)',
  tags,
  binary: true,
  query: z.object({ ...filters, sortField: z.enum(BOM_SORT_FIELDS).default('sku'), sortOrder }),
});

export const bomTemplate = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/boms/template',
  access: 'product:bomCost',
  summary: 'The BOM import template (xlsx): one row per SKU and material',
  tags,
  binary: true,
  keep: false,
});

export const bomLineSchema = z.object({
  materialId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  unit: z.string(),
  currency: z.string(),
  quantity: z.number(),
  /** In the material's currency, on the day; null without a price. */
  unitPrice: z.number().nullable(),
  priceFrom: z.string().nullable(),
  /** USD per unit of the currency on the day; null without a rate. */
  rate: z.number().nullable(),
  /** quantity × unitPrice × rate, USD. */
  lineCost: z.number().nullable(),
});

export const getBom = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/boms/{skuId}',
  access: 'product:bomCost',
  summary: "A SKU's bill of materials with every line's cost on a day",
  tags,
  params: z.object({ skuId: positiveId }),
  query: z.object({ day: isoDate.optional() }),
  data: bomRowSchema.extend({ day: z.string(), lines: z.array(bomLineSchema) }),
});

export const applyBomCost = defineEndpoint({
  method: 'POST',
  path: 'product/rest/v1/boms/{skuId}/apply',
  access: 'product:cost:edit',
  summary: "Record the SKU's BOM cost on a day as its unit cost from that day (through the unit-cost path: COGS are recomputed)",
  tags,
  write: true,
  params: z.object({ skuId: positiveId }),
  body: z.object({ effectiveFrom: isoDate }).strict(),
  data: z.object({ unitCost: z.number(), created: z.boolean(), recomputed: recomputeResultSchema }),
});
