/**
 * The shipping cost calculator (/logisticsCalc, issue #22; docs/logistics.md): a model's package
 * (from /modelInfo) or typed dimensions, a quantity (in cartons when a carton is given), a
 * destination marketplace; the server answers the chargeable weight per mode, each valid rate
 * card's cost (cheapest first), the FBA size tier and fee per unit, and the landed logistics cost
 * per unit. The arithmetic is here, pure, so that it is tested by hand (calc.test.ts).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, isoDate } from '../envelope';
import type { ShipmentMode } from '../inventory/shipments';
import { fieldCode } from '../validation';
import { LOGISTICS_BASE, modeSchema } from './carriers';

const tags = ['logistics'];

/**
 * Volumetric divisors in cm³ per kg (decisions.md "Volumetric divisors"): express couriers use
 * 5000, air freight IATA's 6000; the sea and rail services to Amazon warehouses that price per
 * kg (sea or rail with the last mile by truck) use 6000 too.
 */
export const VOLUMETRIC_DIVISORS: Record<ShipmentMode, number> = { express: 5000, air: 6000, sea: 6000, rail: 6000 };
/** Per-CBM cards charge weight or measure: a tonne counts as one CBM. */
export const KG_PER_CBM = 1000;
/** Air and express carriers bill in steps of half a kilogram. */
export const KG_STEP: Record<ShipmentMode, number> = { express: 0.5, air: 0.5, sea: 0.01, rail: 0.01 };

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
const ceilTo = (v: number, step: number) => round(Math.ceil(round(v / step, 6)) * step, 4);

export interface ShipmentSize {
  actualKg: number;
  cbm: number;
}

export interface Chargeable {
  mode: ShipmentMode;
  divisor: number;
  volumetricKg: number;
  chargeableKg: number;
  chargeableCbm: number;
}

/** Chargeable weight (the greater of actual and volumetric, in the mode's billing step) and measure of a shipment. */
export function chargeableOf(mode: ShipmentMode, s: ShipmentSize): Chargeable {
  const divisor = VOLUMETRIC_DIVISORS[mode];
  const volumetricKg = round((s.cbm * 1_000_000) / divisor, 3);
  return {
    mode,
    divisor,
    volumetricKg,
    chargeableKg: ceilTo(Math.max(s.actualKg, volumetricKg), KG_STEP[mode]),
    chargeableCbm: round(Math.max(s.cbm, s.actualKg / KG_PER_CBM), 4),
  };
}

export interface CardPrices {
  pricePerKg: number | null;
  pricePerCbm: number | null;
  minCharge: number;
  fuelSurchargePct: number;
}

export interface CardCost {
  /** Which charge applied: by weight, by measure, or the minimum charge. */
  basis: 'kg' | 'cbm' | 'min';
  freight: number;
  fuel: number;
  total: number;
}

/** A card's cost: the higher of its weight and measure charges, at least the minimum, plus the fuel surcharge. */
export function cardCostOf(card: CardPrices, c: Chargeable): CardCost {
  const byKg = card.pricePerKg === null ? null : card.pricePerKg * c.chargeableKg;
  const byCbm = card.pricePerCbm === null ? null : card.pricePerCbm * c.chargeableCbm;
  let basis: CardCost['basis'] = byCbm !== null && (byKg === null || byCbm > byKg) ? 'cbm' : 'kg';
  let freight = (basis === 'cbm' ? byCbm : byKg) ?? 0;
  if (freight < card.minCharge) {
    basis = 'min';
    freight = card.minCharge;
  }
  freight = round(freight, 2);
  const fuel = round((freight * card.fuelSurchargePct) / 100, 2);
  return { basis, freight, fuel, total: round(freight + fuel, 2) };
}

// ---- the endpoint ----

const cm = z.coerce.number().positive().max(1000);
const kg = z.coerce.number().positive().max(5000);

export const calcQuery = z
  .object({
    /** A product model with model info: its package sides and gross weight are the unit's. */
    productId: idParam.optional(),
    lengthCm: cm.optional(),
    widthCm: cm.optional(),
    heightCm: cm.optional(),
    weightKg: kg.optional(),
    units: z.coerce.number().int().min(1).max(1_000_000).default(1),
    /** With a carton: the shipment is whole cartons of it. */
    unitsPerCarton: z.coerce.number().int().min(1).max(10_000).optional(),
    cartonLengthCm: cm.optional(),
    cartonWidthCm: cm.optional(),
    cartonHeightCm: cm.optional(),
    cartonWeightKg: kg.optional(),
    marketId: z.coerce.number().int().min(0).max(99).default(0),
    /** Cards valid on this day; today when absent. */
    on: isoDate.optional(),
  })
  .superRefine((v, ctx) => {
    const typed = [v.lengthCm, v.widthCm, v.heightCm, v.weightKg];
    if (v.productId === undefined && typed.some((x) => x === undefined))
      ctx.addIssue({ code: 'custom', path: ['lengthCm'], message: fieldCode('logistics.sizeRequired') });
    const carton = [v.cartonLengthCm, v.cartonWidthCm, v.cartonHeightCm, v.cartonWeightKg];
    if (carton.some((x) => x !== undefined) && carton.some((x) => x === undefined))
      ctx.addIssue({ code: 'custom', path: ['cartonLengthCm'], message: fieldCode('required') });
    if (carton.some((x) => x !== undefined) && v.unitsPerCarton === undefined)
      ctx.addIssue({ code: 'custom', path: ['unitsPerCarton'], message: fieldCode('required') });
  });
export type CalcQuery = z.infer<typeof calcQuery>;

const chargeableSchema = z.object({
  mode: modeSchema,
  divisor: z.number().int(),
  volumetricKg: z.number(),
  chargeableKg: z.number(),
  chargeableCbm: z.number(),
});

export const quoteSchema = z.object({
  cardId: z.number().int(),
  carrierId: z.number().int(),
  carrierCode: z.string(),
  carrierName: z.string(),
  mode: modeSchema,
  destination: z.string(),
  transitDays: z.number().int(),
  basis: z.enum(['kg', 'cbm', 'min']),
  chargeableKg: z.number(),
  chargeableCbm: z.number(),
  freight: z.number(),
  fuel: z.number(),
  /** USD for the shipment. */
  total: z.number(),
  perUnit: z.number(),
  /** Freight per unit plus the FBA fee per unit in USD; null without a fee. */
  landedPerUnit: z.number().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const calcReplySchema = z.object({
  unit: z.object({
    source: z.enum(['model', 'typed']),
    model: z.string().nullable(),
    sidesCm: z.array(z.number()),
    weightKg: z.number(),
  }),
  shipment: z.object({
    units: z.number().int(),
    cartons: z.number().int().nullable(),
    actualKg: z.number(),
    cbm: z.number(),
  }),
  chargeable: z.array(chargeableSchema),
  /** Cheapest first. */
  quotes: z.array(quoteSchema),
  fba: z
    .object({
      region: z.enum(['US', 'EU']),
      currency: z.enum(['USD', 'EUR']),
      tier: z.string(),
      label: z.object({ zh: z.string(), en: z.string() }),
      shippingWeight: z.number(),
      weightUnit: z.enum(['lb', 'g']),
      fee: z.number().nullable(),
      source: z.string(),
      /** The fee in USD at the latest exchange rate; null without a rate or a fee. */
      feeUsd: z.number().nullable(),
    })
    .nullable(),
  /** The day whose cards were used. */
  on: z.string(),
});
export type CalcReply = z.infer<typeof calcReplySchema>;

export const calculate = defineEndpoint({
  method: 'GET',
  path: `${LOGISTICS_BASE}/calc`,
  access: 'tools:logisticsCalc',
  summary:
    'Chargeable weight per mode, the cost of every valid rate card to the marketplace (cheapest first), the FBA size tier and fee, and the landed logistics cost per unit',
  tags,
  query: calcQuery,
  data: calcReplySchema,
});

export const calcModelSchema = z.object({
  productId: z.number().int(),
  model: z.string(),
  name: z.string(),
  nameEn: z.string(),
  sidesCm: z.array(z.number()),
  weightKg: z.number(),
});

export const calcModels = defineEndpoint({
  method: 'GET',
  path: `${LOGISTICS_BASE}/calc/models`,
  access: 'tools:logisticsCalc',
  summary: 'Product models with model info (package sides and gross weight) to calculate for, by model or name',
  tags,
  query: z.object({ keyword: z.string().trim().max(100).optional() }),
  data: z.array(calcModelSchema),
});
