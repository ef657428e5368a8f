/**
 * Technical data of a product model (spec §2.5 /modelInfo): sizes, weights, packaging,
 * power, material, electrical data, certifications, customs code and origin. One record
 * per product; a product without one is listed too (`has=without`) so it can be completed.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { CATEGORY_CODES } from './products';

const tags = ['catalog'];
const id = idParam;

/** Spec §4: power pack 0 none, 1 in product, 2 outside product. */
export const POWER_PACKS = [0, 1, 2] as const;
/** Spec §4: materials 1 Metal, 2 Plastic. */
export const MATERIALS = [1, 2] as const;
export const PLUG_TYPES = ['US', 'EU', 'UK', 'AU', 'JP', 'USB', 'USB-C', 'DC', 'none'] as const;
/** Offered in the form; other marks (2–12 capitals/digits) are accepted too. */
export const KNOWN_CERTIFICATIONS = [
  'FCC',
  'CE',
  'UKCA',
  'PSE',
  'RoHS',
  'UL',
  'ETL',
  'IC',
  'RCM',
  'TELEC',
  'WEEE',
  'REACH',
] as const;

/** Largest side of a product or package, mm. */
export const MAX_SIDE_MM = 5000;
/** Heaviest product, g (100 kg). */
export const MAX_WEIGHT_G = 100_000;
export const MAX_WATTAGE_W = 10_000;

const side = z
  .number({ error: fieldCode('catalog.millimetres') })
  .positive(fieldCode('greaterThan'))
  .max(MAX_SIDE_MM, fieldCode('catalog.atMostMm'))
  .multipleOf(0.1, fieldCode('atMostOneDecimal'));
const weight = z
  .number({ error: fieldCode('catalog.grams') })
  .positive(fieldCode('greaterThan'))
  .max(MAX_WEIGHT_G, fieldCode('catalog.atMostWeight'))
  .multipleOf(0.1, fieldCode('atMostOneDecimal'));

export const modelInfoFields = {
  lengthMm: side,
  widthMm: side,
  heightMm: side,
  netWeightG: weight,
  grossWeightG: weight,
  packageLengthMm: side,
  packageWidthMm: side,
  packageHeightMm: side,
  powerPack: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  material: z.union([z.literal(1), z.literal(2)]),
  /** As printed on the rating label, e.g. "100-240V AC" or "12V DC". */
  ratedVoltage: z
    .string()
    .trim()
    .max(32)
    // eslint-disable-next-line security/detect-unsafe-regex -- one repetition, input capped at 32 characters above
    .regex(/^[0-9][0-9./~ -]*V( ?(AC|DC))?$/i, fieldCode('catalog.voltage'))
    .nullable()
    .default(null),
  wattageW: z
    .number({ error: fieldCode('catalog.watts') })
    .positive(fieldCode('greaterThan'))
    .max(MAX_WATTAGE_W, fieldCode('catalog.atMostWatts'))
    .multipleOf(0.01, fieldCode('atMostDecimals'))
    .nullable()
    .default(null),
  plugType: z.enum(PLUG_TYPES).nullable().default(null),
  certifications: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9-]{1,11}$/, fieldCode('catalog.certMark')),
    )
    .max(20)
    .default([]),
  hsCode: z
    .string()
    .trim()
    .regex(/^[0-9]{6,10}$/, fieldCode('catalog.hsCode')),
  countryOfOrigin: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, fieldCode('catalog.countryCode')),
};

type InfoShape = {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  netWeightG: number;
  grossWeightG: number;
  packageLengthMm: number;
  packageWidthMm: number;
  packageHeightMm: number;
};

/** Rules across fields: the gross weight includes the net; the package holds the product. */
export const modelInfoRule = (b: InfoShape, ctx: z.RefinementCtx) => {
  if (b.grossWeightG < b.netWeightG)
    ctx.addIssue({ code: 'custom', path: ['grossWeightG'], message: fieldCode('catalog.grossBelowNet') });
  const sorted = (xs: number[]) => [...xs].sort((a, c) => a - c);
  const product = sorted([b.lengthMm, b.widthMm, b.heightMm]);
  const pack = sorted([b.packageLengthMm, b.packageWidthMm, b.packageHeightMm]);
  if (pack.some((p, i) => p < (product[i] as number)))
    ctx.addIssue({ code: 'custom', path: ['packageLengthMm'], message: fieldCode('catalog.packageSmallerThanProduct') });
};

export const modelInfoSchema = z.object({
  productId: z.number().int(),
  model: z.string(),
  name: z.string(),
  nameEn: z.string(),
  productLineId: z.number().int(),
  productLineName: z.string().nullable(),
  productLineNameEn: z.string().nullable(),
  categoryCode: z.string(),
  lifecycle: z.number().int(),
  /** Null: the product has no model info yet. */
  info: z
    .object({
      lengthMm: z.number(),
      widthMm: z.number(),
      heightMm: z.number(),
      netWeightG: z.number(),
      grossWeightG: z.number(),
      packageLengthMm: z.number(),
      packageWidthMm: z.number(),
      packageHeightMm: z.number(),
      powerPack: z.number().int(),
      material: z.number().int(),
      ratedVoltage: z.string().nullable(),
      wattageW: z.number().nullable(),
      plugType: z.string().nullable(),
      certifications: z.array(z.string()),
      hsCode: z.string(),
      countryOfOrigin: z.string(),
      version: z.number().int(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type ModelInfoRow = z.infer<typeof modelInfoSchema>;

export const MODEL_INFO_SORT_FIELDS = ['model', 'name', 'netWeightG', 'grossWeightG', 'hsCode', 'updatedAt'] as const;

export const listModelInfo = defineEndpoint({
  method: 'GET',
  path: 'product/rest/v1/model-info',
  access: 'product:model',
  summary: 'Every product model with its technical data (or none yet)',
  tags,
  query: z.object({
    /** Model or name (case-insensitive substring). */
    keyword: z.string().trim().max(64).optional(),
    productLineId: id.optional(),
    categoryCode: z.enum(CATEGORY_CODES).optional(),
    /** with: only products that have model info; without: only those that lack it. */
    has: z.enum(['all', 'with', 'without']).default('all'),
    sortField: z.enum(MODEL_INFO_SORT_FIELDS).default('model'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(modelInfoSchema),
});

export const createModelInfo = defineEndpoint({
  method: 'POST',
  path: 'product/rest/v1/model-info',
  access: 'product:model:create',
  summary: 'Add the technical data of a product that has none (409 when it has)',
  tags,
  write: true,
  body: z
    .object({ productId: idValue, ...modelInfoFields })
    .strict()
    .superRefine(modelInfoRule),
  data: modelInfoSchema,
});

export const updateModelInfo = defineEndpoint({
  method: 'PUT',
  path: 'product/rest/v1/model-info',
  access: 'product:model:edit',
  summary: 'Change the technical data of a product (409 when the version is stale)',
  tags,
  write: true,
  body: z
    .object({ productId: idValue, version: idValue, ...modelInfoFields })
    .strict()
    .superRefine(modelInfoRule),
  data: modelInfoSchema,
});

export const deleteModelInfo = defineEndpoint({
  method: 'DELETE',
  path: 'product/rest/v1/model-info/{productId}',
  access: 'product:model:delete',
  summary: 'Delete the technical data of a product (the product stays)',
  tags,
  write: true,
  params: z.object({ productId: id }),
  data: z.null(),
});
