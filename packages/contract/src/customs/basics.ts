/**
 * Customs master data (/customBasic, issue #22; docs/customs.md): what a product model is declared
 * as when it leaves China for a destination country. One record per catalogue model x destination
 * (a marketplace's country code, or `*` for any destination without a record of its own): the
 * export HS code of China and, when it differs, the destination's import code; the declared name
 * in Chinese and English; material, usage, brand; the declared unit value with its currency and
 * the unit of declaration; the export tax rebate rate; the battery, magnet and wireless flags.
 * Company reference data: no shop scope, the route's permission decides who reads it.
 */
import { z } from 'zod';
import { MARKETS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['customs'];
export const CUSTOMS_BASE = 'customs/rest/v1';
const base = CUSTOMS_BASE;

/** Any destination without a record of its own. */
export const ANY_COUNTRY = '*';
/** The destinations: the marketplaces' country codes (UK as the marketplaces spell it), and `*`. */
export const CUSTOMS_COUNTRIES = [ANY_COUNTRY, ...MARKETS.map((m) => m.code)] as const;
export const countrySchema = z.enum(CUSTOMS_COUNTRIES as unknown as [string, ...string[]]);

/** Units a quantity is declared in. */
export const DECLARE_UNITS = ['pcs', 'set', 'kg'] as const;
/** The battery a model carries (none when it has none). */
export const BATTERY_TYPES = ['none', 'builtInLiIon', 'lithiumMetal', 'packedWith'] as const;
export type BatteryType = (typeof BATTERY_TYPES)[number];
/** Currencies a value is declared in: CNY and the marketplaces'. */
export const DECLARE_CURRENCIES = ['USD', 'CNY', ...new Set(MARKETS.map((m) => m.currency).filter((c) => c !== 'USD'))] as const;
/** China's export tax rebate rates run from 0 to 17 %. */
export const MAX_REBATE_PCT = 17;

/** 6 to 10 digits; dots and spaces as people type them (8539.50.00) are dropped. */
const hsCode = z
  .string()
  .trim()
  .transform((s) => s.replace(/[.\s]/g, ''))
  .pipe(z.string().regex(/^\d{6,10}$/, fieldCode('customs.hsCode')));

const text = (max: number) => z.string().trim().max(max);

export const customsBasicSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  model: z.string(),
  productName: z.string(),
  productNameEn: z.string(),
  /** The model's lifecycle (0 not launched, 1 launched, 2 EOL). */
  lifecycle: z.number().int(),
  country: z.string(),
  hsCode: z.string(),
  /** The destination's import code when it differs from the export code; null otherwise. */
  importHsCode: z.string().nullable(),
  declaredName: z.string(),
  declaredNameEn: z.string(),
  material: z.string(),
  usage: z.string(),
  brand: z.string(),
  unitValue: z.number(),
  currency: z.string(),
  declareUnit: z.enum(DECLARE_UNITS),
  rebatePct: z.number(),
  hasBattery: z.boolean(),
  batteryType: z.enum(BATTERY_TYPES),
  magnetic: z.boolean(),
  wireless: z.boolean(),
  certification: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type CustomsBasic = z.infer<typeof customsBasicSchema>;

export const customsBasicBody = z
  .object({
    productId: idValue,
    country: countrySchema,
    hsCode,
    importHsCode: hsCode.nullable().default(null),
    declaredName: text(100).min(1, fieldCode('required')),
    declaredNameEn: text(150).min(1, fieldCode('required')),
    material: text(100).min(1, fieldCode('required')),
    usage: text(200).min(1, fieldCode('required')),
    brand: text(60).default(''),
    unitValue: z.number().positive().max(999_999).multipleOf(0.01, fieldCode('atMostDecimals')),
    currency: z.enum(DECLARE_CURRENCIES as unknown as [string, ...string[]]).default('USD'),
    declareUnit: z.enum(DECLARE_UNITS).default('pcs'),
    rebatePct: z.number().min(0).max(MAX_REBATE_PCT).multipleOf(0.01, fieldCode('atMostDecimals')).default(13),
    hasBattery: z.boolean().default(false),
    batteryType: z.enum(BATTERY_TYPES).default('none'),
    magnetic: z.boolean().default(false),
    wireless: z.boolean().default(false),
    certification: text(300).default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.hasBattery && v.batteryType === 'none')
      ctx.addIssue({ code: 'custom', path: ['batteryType'], message: fieldCode('customs.batteryTypeRequired') });
    if (!v.hasBattery && v.batteryType !== 'none')
      ctx.addIssue({ code: 'custom', path: ['batteryType'], message: fieldCode('customs.batteryTypeWithoutBattery') });
    if (v.wireless && v.certification.length === 0)
      ctx.addIssue({ code: 'custom', path: ['certification'], message: fieldCode('customs.certificationRequired') });
  });
export type CustomsBasicBody = z.infer<typeof customsBasicBody>;

export const CUSTOMS_SORT_FIELDS = ['model', 'country', 'hsCode', 'unitValue', 'rebatePct', 'updatedAt'] as const;

const keyword = z.string().trim().max(100).optional();

export const listCustomsBasics = defineEndpoint({
  method: 'GET',
  path: `${base}/basics`,
  access: 'scm:customs:basic',
  summary: 'Customs records by model, HS code or declared name, destination and battery',
  tags,
  query: z.object({
    /** Part of the model, an HS code (export or import) or a declared name. */
    keyword,
    country: countrySchema.optional(),
    batteryType: z.enum(BATTERY_TYPES).optional(),
    sortField: z.enum(CUSTOMS_SORT_FIELDS).default('model'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(customsBasicSchema),
});

export const missingModelSchema = z.object({
  productId: z.number().int(),
  model: z.string(),
  productName: z.string(),
  productNameEn: z.string(),
  /** Destinations the model already has a record for. */
  countries: z.array(z.string()),
});
export type MissingModel = z.infer<typeof missingModelSchema>;

export const listMissingModels = defineEndpoint({
  method: 'GET',
  path: `${base}/basics/missing`,
  access: 'scm:customs:basic',
  summary:
    'Launched models without a customs record: for a destination, without one for it or for any (*); without a destination, without any record',
  tags,
  query: z.object({ keyword, country: countrySchema.optional(), ...pagingQuery }),
  data: pageSchema(missingModelSchema),
});

export const modelChoiceSchema = z.object({
  productId: z.number().int(),
  model: z.string(),
  name: z.string(),
  nameEn: z.string(),
  lifecycle: z.number().int(),
});

export const customsModelChoices = defineEndpoint({
  method: 'GET',
  path: `${base}/basics/models`,
  access: 'scm:customs:basic',
  summary: 'Catalogue models to declare, by model or name (the first 30)',
  tags,
  query: z.object({ keyword, productId: idParam.optional() }),
  data: z.array(modelChoiceSchema),
});

export const createCustomsBasic = defineEndpoint({
  method: 'POST',
  path: `${base}/basics`,
  access: 'scm:customs:basic:create',
  summary: 'Add a model x destination record (409 on country when the model has one for it; 400 on an unknown model)',
  tags,
  write: true,
  body: customsBasicBody,
  data: customsBasicSchema,
});

export const updateCustomsBasic = defineEndpoint({
  method: 'PUT',
  path: `${base}/basics/{id}`,
  access: 'scm:customs:basic:edit',
  summary: 'Change a record (409 on a stale version, or on country when the model has one for it)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: customsBasicBody.safeExtend({ version: idValue }),
  data: customsBasicSchema,
});

export const deleteCustomsBasic = defineEndpoint({
  method: 'DELETE',
  path: `${base}/basics/{id}`,
  access: 'scm:customs:basic:delete',
  summary: 'Delete a record',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
