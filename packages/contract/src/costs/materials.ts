/**
 * Materials (/mcost): a unique code, what it is, how it is counted, who supplies it, the
 * currency it is bought in, and its dated unit prices (the latest on or before a day applies).
 * Name, category and supplier each carry a Chinese and an English text ('' when not given:
 * screens and exports show the other one); a material needs one name and one category.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { isoDate, pageSchema, pagingQuery } from '../envelope';
import { fieldCode } from '../validation';
import { decimal, keyword, MATERIAL_CURRENCIES, MATERIAL_UNITS, positiveId, queryFlag, sortOrder, tags } from './shared';

/** A text in Chinese and in English ('' where one is not given). */
export const bilingualText = z.object({ zh: z.string(), en: z.string() });
export type BilingualText = z.infer<typeof bilingualText>;

export const materialSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  unit: z.string(),
  category: z.string(),
  categoryEn: z.string(),
  supplier: z.string(),
  supplierEn: z.string(),
  currency: z.string(),
  /** The price in force today, in the material's currency; null when none is. */
  unitPrice: z.number().nullable(),
  priceFrom: z.string().nullable(),
  prices: z.number().int(),
  /** Bills of materials that use it. */
  usedBy: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

export const MATERIAL_SORT_FIELDS = ['code', 'name', 'category', 'supplier', 'unitPrice', 'priceFrom'] as const;

const filters = {
  keyword,
  category: z.string().trim().max(64).optional(),
  supplier: z.string().trim().max(128).optional(),
  currency: z.enum(MATERIAL_CURRENCIES).optional(),
  /** Only materials without a price in force today. */
  missingPrice: queryFlag,
};

export const listMaterials = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/materials',
  access: 'product:materialCost',
  summary: 'Materials with the price in force today (keyword matches the code or either name)',
  tags,
  query: z.object({ ...filters, sortField: z.enum(MATERIAL_SORT_FIELDS).default('code'), sortOrder, ...pagingQuery }),
  data: pageSchema(materialSchema),
});

export const materialOptions = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/materials/options',
  access: 'product:materialCost',
  summary: 'The categories and suppliers in use (Chinese and English text of each), for filters and forms',
  tags,
  data: z.object({ categories: z.array(bilingualText), suppliers: z.array(bilingualText) }),
});

export const exportMaterials = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/materials/excel',
  access: 'product:materialCost:export',
  summary: 'The filtered materials with their current price as xlsx (streamed)',
  tags,
  binary: true,
  query: z.object({ ...filters, sortField: z.enum(MATERIAL_SORT_FIELDS).default('code'), sortOrder }),
});

export const materialTemplate = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/materials/template',
  access: 'product:materialCost',
  summary: 'The material import template (xlsx): one row per material and price date',
  tags,
  binary: true,
  keep: false,
});

export const materialPriceSchema = z.object({
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  unitPrice: z.number(),
});

export const getMaterial = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/materials/{id}',
  access: 'product:materialCost',
  summary: 'A material with its price history, newest first',
  tags,
  params: z.object({ id: positiveId }),
  data: materialSchema.extend({ history: z.array(materialPriceSchema) }),
});

export const unitPriceInput = decimal(4, 0, 1_000_000);

export const materialFields = {
  code: z
    .string()
    .trim()
    .min(1, fieldCode('required'))
    .max(40)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/, fieldCode('costs.codeChars')),
  name: z.string().trim().max(128).default(''),
  nameEn: z.string().trim().max(128).default(''),
  unit: z.enum(MATERIAL_UNITS),
  category: z.string().trim().max(64).default(''),
  categoryEn: z.string().trim().max(64).default(''),
  supplier: z.string().trim().max(128).default(''),
  supplierEn: z.string().trim().max(128).default(''),
  currency: z.enum(MATERIAL_CURRENCIES),
};

/** A material needs a name and a category, each in Chinese or English (the other falls back to it). */
export function materialNamesRule(
  v: { name: string; nameEn: string; category: string; categoryEn: string },
  ctx: z.RefinementCtx,
): void {
  if (!v.name && !v.nameEn) ctx.addIssue({ code: 'custom', path: ['name'], message: fieldCode('costs.nameRequired') });
  if (!v.category && !v.categoryEn) {
    ctx.addIssue({ code: 'custom', path: ['category'], message: fieldCode('costs.categoryRequired') });
  }
}

export const createMaterial = defineEndpoint({
  method: 'POST',
  path: 'product/rest/v1/materials',
  access: 'product:materialCost:create',
  summary: 'Add a material, optionally with its first price (409 when the code is taken)',
  tags,
  write: true,
  body: z
    .object({
      ...materialFields,
      price: z.object({ effectiveFrom: isoDate, unitPrice: unitPriceInput }).strict().nullable().default(null),
    })
    .strict()
    .superRefine(materialNamesRule),
  data: z.object({ id: z.number().int() }),
});

export const updateMaterial = defineEndpoint({
  method: 'PUT',
  path: 'product/rest/v1/materials/{id}',
  access: 'product:materialCost:edit',
  summary: 'Change a material (409 when the version is stale or the code is taken)',
  tags,
  write: true,
  params: z.object({ id: positiveId }),
  body: z
    .object({ ...materialFields, version: z.number().int().min(0) })
    .strict()
    .superRefine(materialNamesRule),
  data: z.object({ version: z.number().int() }),
});

export const setMaterialPrice = defineEndpoint({
  method: 'POST',
  path: 'product/rest/v1/materials/{id}/prices',
  access: 'product:materialCost:edit',
  summary: "Set a material's unit price from a day on (replaces an entry of the same day)",
  tags,
  write: true,
  params: z.object({ id: positiveId }),
  body: z.object({ effectiveFrom: isoDate, unitPrice: unitPriceInput }).strict(),
  data: z.object({ created: z.boolean() }),
});

export const deleteMaterialPrice = defineEndpoint({
  method: 'DELETE',
  path: 'product/rest/v1/materials/{id}/prices/{effectiveFrom}',
  access: 'product:materialCost:edit',
  summary: 'Delete a price entry of a material',
  tags,
  write: true,
  params: z.object({ id: positiveId, effectiveFrom: isoDate }),
  data: z.null(),
});
