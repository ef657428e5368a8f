/**
 * Carriers and their rate cards (/carrierManage, issue #22; docs/logistics.md). A carrier offers
 * some of the shipment modes; a rate card prices one lane of it (mode, origin, destination
 * marketplace and optionally a warehouse) per kg and/or per CBM with a minimum charge, a fuel
 * surcharge and transit days, valid from a day (to a day, or open). A lane's cards never
 * overlap in validity: a new card starting after an open card closes that card the day before
 * (it supersedes it); any other overlap is a 409 naming the card. Company data: prices in USD,
 * the reporting currency.
 */
import { z } from 'zod';
import { MARKETS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { SHIPMENT_MODES } from '../inventory/shipments';
import { fieldCode } from '../validation';

const tags = ['logistics'];
export const LOGISTICS_BASE = 'logistics/rest/v1';
const base = LOGISTICS_BASE;

const MARKET_IDS = MARKETS.map((m) => m.id) as number[];
export const marketIdValue = z
  .number()
  .int()
  .refine((id) => MARKET_IDS.includes(id), fieldCode('unknownMarket'));

export const modeSchema = z.enum(SHIPMENT_MODES);

// ---- carriers ----

export const carrierSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  modes: z.array(modeSchema),
  active: z.boolean(),
  remark: z.string(),
  /** Rate cards valid today. */
  currentCards: z.number().int(),
  cards: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Carrier = z.infer<typeof carrierSchema>;

export const carrierBody = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{1,19}$/, fieldCode('logistics.carrierCode')),
    name: z.string().trim().min(1, fieldCode('required')).max(100),
    modes: z
      .array(modeSchema)
      .min(1, fieldCode('tooFewItems'))
      .refine((m) => new Set(m).size === m.length, fieldCode('listedTwice')),
    active: z.boolean().default(true),
    remark: z.string().trim().max(500).default(''),
  })
  .strict();
export type CarrierBody = z.infer<typeof carrierBody>;

export const CARRIER_SORT_FIELDS = ['code', 'name', 'updatedAt'] as const;

export const listCarriers = defineEndpoint({
  method: 'GET',
  path: `${base}/carriers`,
  access: 'sales:logistics:carrierManage',
  summary: 'Carriers with the modes they offer and how many rate cards they have (valid today and in all)',
  tags,
  query: z.object({
    /** Part of the code or name. */
    keyword: z.string().trim().max(100).optional(),
    mode: modeSchema.optional(),
    active: z.enum(['true', 'false']).optional(),
    sortField: z.enum(CARRIER_SORT_FIELDS).default('code'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(carrierSchema),
});

export const createCarrier = defineEndpoint({
  method: 'POST',
  path: `${base}/carriers`,
  access: 'sales:logistics:carrierManage:create',
  summary: 'Add a carrier (409 on code when another carrier has it)',
  tags,
  write: true,
  body: carrierBody,
  data: carrierSchema,
});

export const updateCarrier = defineEndpoint({
  method: 'PUT',
  path: `${base}/carriers/{id}`,
  access: 'sales:logistics:carrierManage:edit',
  summary: 'Change a carrier (409 on a stale version or a taken code; 400 on modes when a card uses a mode removed)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: carrierBody.extend({ version: idValue }),
  data: carrierSchema,
});

export const deleteCarrier = defineEndpoint({
  method: 'DELETE',
  path: `${base}/carriers/{id}`,
  access: 'sales:logistics:carrierManage:delete',
  summary: 'Delete a carrier without rate cards (409 naming how many it has)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

// ---- rate cards ----

/** Where a card is in time, as of today. */
export const CARD_VALIDITY = ['current', 'future', 'expired'] as const;
export type CardValidity = (typeof CARD_VALIDITY)[number];

/** A price: up to 4 decimals, positive, below a million. */
const price = z.number().positive().max(999_999).multipleOf(0.0001, fieldCode('atMostDecimals'));

export const rateCardSchema = z.object({
  id: z.number().int(),
  carrierId: z.number().int(),
  carrierCode: z.string(),
  carrierName: z.string(),
  mode: modeSchema,
  /** ISO country of origin (CN). */
  origin: z.string(),
  marketId: z.number().int(),
  /** A warehouse or fulfilment-centre code the lane ends at; '' for any in the marketplace. */
  destination: z.string(),
  /** USD; null when the card prices only the other way. */
  pricePerKg: z.number().nullable(),
  pricePerCbm: z.number().nullable(),
  minCharge: z.number(),
  fuelSurchargePct: z.number(),
  transitDays: z.number().int(),
  validFrom: z.string(),
  /** Inclusive; null while open. */
  validTo: z.string().nullable(),
  validity: z.enum(CARD_VALIDITY),
  remark: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type RateCard = z.infer<typeof rateCardSchema>;

export const rateCardBody = z
  .object({
    carrierId: idValue,
    mode: modeSchema,
    origin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, fieldCode('invalidFormat'))
      .default('CN'),
    marketId: marketIdValue,
    destination: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{0,20}$/, fieldCode('invalidFormat'))
      .default(''),
    pricePerKg: price.nullable().default(null),
    pricePerCbm: price.nullable().default(null),
    minCharge: z.number().min(0).max(999_999).multipleOf(0.01, fieldCode('atMostDecimals')).default(0),
    fuelSurchargePct: z.number().min(0).max(100).multipleOf(0.01, fieldCode('atMostDecimals')).default(0),
    transitDays: z.number().int().min(1).max(120),
    validFrom: isoDate,
    validTo: isoDate.nullable().default(null),
    remark: z.string().trim().max(500).default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.pricePerKg === null && v.pricePerCbm === null)
      ctx.addIssue({ code: 'custom', path: ['pricePerKg'], message: fieldCode('logistics.priceRequired') });
    if (v.validTo !== null && v.validTo < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: fieldCode('endDateBeforeStart') });
  });
export type RateCardBody = z.infer<typeof rateCardBody>;

export const CARD_SORT_FIELDS = ['carrier', 'marketId', 'mode', 'validFrom', 'transitDays', 'updatedAt'] as const;

export const listRateCards = defineEndpoint({
  method: 'GET',
  path: `${base}/rate-cards`,
  access: 'sales:logistics:carrierManage',
  summary: 'Rate cards by carrier, lane and validity',
  tags,
  query: z.object({
    carrierId: idParam.optional(),
    mode: modeSchema.optional(),
    marketId: z.coerce.number().int().min(0).max(99).optional(),
    validity: z.enum(CARD_VALIDITY).optional(),
    sortField: z.enum(CARD_SORT_FIELDS).default('carrier'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(rateCardSchema),
});

export const createRateCard = defineEndpoint({
  method: 'POST',
  path: `${base}/rate-cards`,
  access: 'sales:logistics:carrierManage:create',
  summary:
    'Add a rate card; an open card of the lane that starts earlier is closed the day before (superseded); any other overlap is a 409 naming the card',
  tags,
  write: true,
  body: rateCardBody,
  data: rateCardSchema,
});

export const updateRateCard = defineEndpoint({
  method: 'PUT',
  path: `${base}/rate-cards/{id}`,
  access: 'sales:logistics:carrierManage:edit',
  summary: 'Change a rate card (409 on a stale version or an overlap with another card of the lane)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: rateCardBody.safeExtend({ version: idValue }),
  data: rateCardSchema,
});

export const deleteRateCard = defineEndpoint({
  method: 'DELETE',
  path: `${base}/rate-cards/{id}`,
  access: 'sales:logistics:carrierManage:delete',
  summary: 'Delete a rate card',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
