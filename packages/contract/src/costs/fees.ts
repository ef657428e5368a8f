/**
 * Marketplace fees of SKUs (/productCost, second tab): per SKU and marketplace, from a day
 * on, the referral rate (a share of revenue) and the FBA fee per unit in the
 * marketplace's currency. A change recomputes the fees of the sales facts it governs.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue, isoDate, pageSchema, pagingQuery } from '../envelope';
import { decimal, keyword, positiveId, queryFlag, sortOrder, tags } from './shared';
import { recomputeResultSchema, skuColumnsSchema } from './unit-costs';

const marketId = z.coerce.number().int().min(0).max(12);

export const skuFeeRowSchema = skuColumnsSchema.extend({
  marketId: z.number().int(),
  currency: z.string(),
  /** Whether the SKU has a listing in the marketplace. */
  listed: z.boolean(),
  /** A ratio (0.15 = 15 %). */
  referralRate: z.number().nullable(),
  /** Per unit, in the marketplace's currency. */
  fbaFee: z.number().nullable(),
  effectiveFrom: z.string().nullable(),
  entries: z.number().int(),
});
export type SkuFeeRow = z.infer<typeof skuFeeRowSchema>;

export const SKU_FEE_SORT_FIELDS = ['sku', 'marketId', 'referralRate', 'fbaFee', 'effectiveFrom'] as const;

const filters = {
  keyword,
  productLineId: positiveId.optional(),
  marketId: marketId.optional(),
  /** Only listed SKU × marketplace pairs without a fee schedule in force today. */
  missing: queryFlag,
};

export const listSkuFees = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/fees',
  access: 'product:cost',
  summary: 'SKU × marketplace pairs (listed, or with a fee history) with the fees in force today',
  tags,
  query: z.object({ ...filters, sortField: z.enum(SKU_FEE_SORT_FIELDS).default('sku'), sortOrder, ...pagingQuery }),
  data: pageSchema(skuFeeRowSchema),
});

export const exportSkuFees = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/fees/excel',
  access: 'product:cost:export',
  summary: 'The filtered fee list as xlsx (streamed)',
  tags,
  binary: true,
  query: z.object({ ...filters, sortField: z.enum(SKU_FEE_SORT_FIELDS).default('sku'), sortOrder }),
});

export const skuFeeTemplate = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/fees/template',
  access: 'product:cost',
  summary: 'The fee import template (xlsx)',
  tags,
  binary: true,
  keep: false,
});

export const feeEntrySchema = z.object({
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  referralRate: z.number(),
  fbaFee: z.number(),
});

export const getSkuFeeHistory = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/fees/{skuId}/{marketId}',
  access: 'product:cost',
  summary: 'The fee history of a SKU in a marketplace, newest first',
  tags,
  params: z.object({ skuId: positiveId, marketId }),
  data: skuColumnsSchema.extend({ marketId: z.number().int(), currency: z.string(), entries: z.array(feeEntrySchema) }),
});

export const referralRateInput = decimal(4, 0, 1);
export const fbaFeeInput = decimal(2, 0, 100_000);

export const setSkuFee = defineEndpoint({
  method: 'POST',
  path: 'product/rest/v1/fees',
  access: 'product:cost:edit',
  summary: 'Set the fees of a SKU in a marketplace from a day on; the fees of its sales until the next entry are recomputed',
  tags,
  write: true,
  body: z
    .object({
      skuId: idValue,
      marketId: z.number().int().min(0).max(12),
      effectiveFrom: isoDate,
      referralRate: referralRateInput,
      fbaFee: fbaFeeInput,
    })
    .strict(),
  data: z.object({ created: z.boolean(), recomputed: recomputeResultSchema }),
});

export const deleteSkuFee = defineEndpoint({
  method: 'DELETE',
  path: 'product/rest/v1/fees/{skuId}/{marketId}/{effectiveFrom}',
  access: 'product:cost:delete',
  summary: 'Delete a fee entry; the previous entry (or none) then applies and fees are recomputed',
  tags,
  write: true,
  params: z.object({ skuId: positiveId, marketId, effectiveFrom: isoDate }),
  data: z.object({ recomputed: recomputeResultSchema }),
});
