/**
 * Replenishment (issue #22): the red-green line per seller SKU × marketplace (one shop's listing
 * and its marketplace's FBA warehouse). On-hand and inbound stock are projected day by day against
 * the forecast; the reorder point and safety stock come from the lead time (production / prep
 * days + the mode's transit days) and the demand's variability; the advice is rounded up to the
 * MOQ and whole cartons. The arithmetic is the pure `planReplenishment` below, so the list, the
 * chart, the export, the plan made from advice and the tests all compute it the same way.
 * docs/inventory.md "Replenishment".
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { listingFields } from './inventory';
import { SHIPMENT_MODES, type ShipmentMode, TRANSIT_DAYS } from './shipments';

const tags = ['replenishment'];
/** Spec §7 lists redGreenLine/* beside sales v2's rgl/* calls: the same prefix (decisions.md). */
const base = 'sales/rest/v2/redGreenLine';

export const RGL_STATES = ['red', 'amber', 'green'] as const;
export type RglState = (typeof RGL_STATES)[number];

/** Service levels offered, with their one-sided z (the standard normal's quantile). */
export const SERVICE_LEVEL_Z = { '0.9': 1.2816, '0.95': 1.6449, '0.98': 2.0537, '0.99': 2.3263 } as const;
export type ServiceLevel = keyof typeof SERVICE_LEVEL_Z;
export const SERVICE_LEVELS = Object.keys(SERVICE_LEVEL_Z) as ServiceLevel[];
export const DEFAULT_SERVICE_LEVEL: ServiceLevel = '0.95';

/** Days the stock is projected (the forecast's horizon); a cover beyond it is "more than". */
export const PROJECTION_DAYS = 180;
/** The red-green chart's days. */
export const CHART_DAYS = 90;
/** The order cycle: an order covers the lead time and this many days after it. */
export const REVIEW_DAYS = 30;
/** The demand's variability is the standard deviation of daily units over this many days. */
export const VARIABILITY_WINDOW_DAYS = 56;
/** Units per carton when the SKU was never planned before (its last plan line gives it otherwise). */
export const DEFAULT_UNITS_PER_CARTON = 12;
/** The minimum order in units, when the planner sets none. */
export const DEFAULT_MOQ = 100;
/**
 * When inbound stock is expected, in days after the position's day, when no shipment of ours
 * says better: receiving is being checked in, shipped is on the water or in the air, working is
 * a shipment Amazon knows but that has not left yet (the sea transit).
 */
export const INBOUND_ARRIVAL_DAYS = { receiving: 3, shipped: 14, working: TRANSIT_DAYS.sea } as const;

export interface ReplenishInput {
  /** Fulfillable + reserved on the position's day. */
  onHand: number;
  inboundWorking: number;
  inboundShipped: number;
  inboundReceiving: number;
  /** Our shipments on the way to this warehouse: units and their arrival, days after the position's day (≥ 1). */
  arrivals: readonly { inDays: number; units: number }[];
  /**
   * The forecast per day from the day after the position (index 0 = day 1), or null when the
   * forecasts have none for the listing: then `averageDaily` is the demand of every day.
   */
  forecast: readonly number[] | null;
  /** Units of the last 30 days ÷ 30. */
  averageDaily: number;
  /** Standard deviation of daily units over VARIABILITY_WINDOW_DAYS. */
  sigma: number;
  /** Production / prep days before goods leave the factory. */
  prepDays: number;
  serviceLevel: ServiceLevel;
  moq: number;
  unitsPerCarton: number;
  /** End of life (the product's lifecycle, or the forecast label EOL): never advised. */
  eol: boolean;
}

export interface ReplenishAdvice {
  state: RglState;
  /** Demand per day over the next 30 days (mean). */
  dailyDemand: number;
  leadTimeDays: number;
  safetyStock: number;
  reorderPoint: number;
  /** On-hand + every inbound unit. */
  position: number;
  /** Days until the projected stock reaches 0 (0: out now); null: not within PROJECTION_DAYS. */
  daysOfCover: number | null;
  /** Days after the position's day to the day an order must be placed / leave the factory (negative: overdue); null: not needed within the projection. */
  orderInDays: number | null;
  shipInDays: number | null;
  mode: ShipmentMode;
  /** Units advised (MOQ and whole cartons), 0 for green or EOL. */
  adviceUnits: number;
  cartons: number;
  /** Projected stock at the end of each day 1..PROJECTION_DAYS without the advice, its demand and arrivals. */
  projected: number[];
  demand: number[];
  arrivals: number[];
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The day's demand: the forecast, its last 30 days' mean past its end, or the 30-day average without one. */
function demandSeries(input: ReplenishInput): number[] {
  const f = input.forecast;
  if (!f || f.length === 0) return Array.from({ length: PROJECTION_DAYS }, () => input.averageDaily);
  const tail = f.slice(-30);
  const tailMean = tail.reduce((a, x) => a + x, 0) / tail.length;
  return Array.from({ length: PROJECTION_DAYS }, (_, i) => Math.max(0, f[i] ?? tailMean));
}

/** Arrivals per day: our shipments at their ETA; the rest of the report's inbound at INBOUND_ARRIVAL_DAYS. */
function arrivalSeries(input: ReplenishInput): number[] {
  const a = Array.from({ length: PROJECTION_DAYS }, () => 0);
  const add = (inDays: number, units: number) => {
    if (units <= 0) return;
    const i = Math.min(PROJECTION_DAYS, Math.max(1, inDays)) - 1;
    a[i] = (a[i] ?? 0) + units;
  };
  let ours = 0;
  for (const s of input.arrivals) {
    add(s.inDays, s.units);
    ours += s.units;
  }
  add(INBOUND_ARRIVAL_DAYS.receiving, input.inboundReceiving);
  // Our shipments are part of the report's shipped units: only what they do not explain waits the default.
  add(INBOUND_ARRIVAL_DAYS.shipped, Math.max(0, input.inboundShipped - ours));
  add(INBOUND_ARRIVAL_DAYS.working, input.inboundWorking);
  return a;
}

/**
 * The red-green line of one SKU × marketplace (docs/inventory.md "Replenishment"):
 * - projected stock: s(0) = onHand; s(t) = max(0, s(t−1) + arrivals(t) − demand(t)) (lost sales, no backlog);
 * - lead time L = prepDays + the mode's transit days (sea unless red);
 * - safety stock SS = z × σ × √L; reorder point ROP = Σ demand(1..L) + SS; position P = onHand + inbound;
 * - red: the stock runs out within L (an order by sea today arrives too late); amber: P < ROP; green: otherwise;
 * - advice (not green, not EOL): order-up-to S = Σ demand(1..L+REVIEW_DAYS) + SS, units = S − P, at least the
 *   MOQ, rounded up to whole cartons; red rows go by air (lead prepDays + air transit);
 * - ship by: the first day the projected stock is down to SS (or 0), minus the mode's transit days; order by: ship by − prepDays.
 */
export function planReplenishment(input: ReplenishInput): ReplenishAdvice {
  const demand = demandSeries(input);
  const arrivals = arrivalSeries(input);
  const projected: number[] = [];
  let s = input.onHand;
  let out: number | null = input.onHand <= 0 ? 0 : null;
  for (let t = 0; t < PROJECTION_DAYS; t++) {
    s = Math.max(0, s + (arrivals[t] ?? 0) - (demand[t] ?? 0));
    projected.push(s);
    if (out === null && s <= 0 && (demand[t] ?? 0) > 0) out = t + 1;
  }
  const seaLead = input.prepDays + TRANSIT_DAYS.sea;
  const sum = (to: number) => demand.slice(0, Math.min(to, PROJECTION_DAYS)).reduce((a, x) => a + x, 0);
  const z = SERVICE_LEVEL_Z[input.serviceLevel];
  const safetyStock = z * input.sigma * Math.sqrt(seaLead);
  const reorderPoint = sum(seaLead) + safetyStock;
  const position = input.onHand + input.inboundWorking + input.inboundShipped + input.inboundReceiving;
  const state: RglState = out !== null && out <= seaLead ? 'red' : position < reorderPoint ? 'amber' : 'green';
  const mode: ShipmentMode = state === 'red' ? 'air' : 'sea';
  const lead = input.prepDays + TRANSIT_DAYS[mode];
  let adviceUnits = 0;
  if (state !== 'green' && !input.eol) {
    const need = sum(lead + REVIEW_DAYS) + safetyStock - position;
    if (need > 0) {
      const wanted = Math.max(Math.ceil(need), input.moq);
      adviceUnits = Math.ceil(wanted / input.unitsPerCarton) * input.unitsPerCarton;
    }
  }
  const underSs = projected.findIndex((x) => x <= safetyStock);
  const shipInDays = underSs < 0 ? null : underSs + 1 - TRANSIT_DAYS[mode];
  return {
    state,
    dailyDemand: round1(sum(30) / 30),
    leadTimeDays: lead,
    safetyStock: Math.ceil(safetyStock),
    reorderPoint: Math.ceil(reorderPoint),
    position,
    daysOfCover: out,
    shipInDays,
    orderInDays: shipInDays === null ? null : shipInDays - input.prepDays,
    mode,
    adviceUnits,
    cartons: adviceUnits / input.unitsPerCarton,
    projected: projected.map(round1),
    demand: demand.map((x) => Math.round(x * 100) / 100),
    arrivals,
  };
}

// ---- the list ----

export const adviceRowSchema = z.object({
  ...listingFields,
  listingId: z.number().int(),
  eol: z.boolean(),
  fulfillable: z.number().int(),
  reserved: z.number().int(),
  /** Working + shipped + receiving. */
  inbound: z.number().int(),
  /** Of which our shipments on the way (shipped, not received), with the earliest ETA. */
  onWay: z.number().int(),
  onWayEta: z.string().nullable(),
  /** forecast: the forecasts module's; average: none for the listing, the 30-day sales average (flagged). */
  demandSource: z.enum(['forecast', 'average']),
  dailyDemand: z.number(),
  sigma: z.number(),
  prepDays: z.number().int(),
  leadTimeDays: z.number().int(),
  safetyStock: z.number().int(),
  reorderPoint: z.number().int(),
  position: z.number().int(),
  daysOfCover: z.number().int().nullable(),
  stockOutDate: z.string().nullable(),
  state: z.enum(RGL_STATES),
  mode: z.enum(SHIPMENT_MODES),
  unitsPerCarton: z.number().int(),
  /** Units advised: the advice within the marketplace's FBA capacity (shared by urgency, whole cartons). */
  adviceUnits: z.number().int(),
  cartons: z.number().int(),
  /** The advice before the FBA capacity cap. */
  uncappedUnits: z.number().int(),
  /** The FBA capacity cap lowered the advice (docs/inventory.md "FBA capacity"). */
  capped: z.boolean(),
  /** The marketplace's FBA capacity limit in units (logistics' shipment settings), null when none is set. */
  capacityLimit: z.number().int().nullable(),
  orderBy: z.string().nullable(),
  shipBy: z.string().nullable(),
});
export type AdviceRow = z.infer<typeof adviceRowSchema>;

export const ADVICE_SORT_FIELDS = [
  'state',
  'daysOfCover',
  'stockOutDate',
  'orderBy',
  'adviceUnits',
  'dailyDemand',
  'sku',
  'shopName',
] as const;

const settingFields = {
  serviceLevel: z.enum(SERVICE_LEVELS as [ServiceLevel, ...ServiceLevel[]]).default(DEFAULT_SERVICE_LEVEL),
  moq: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_MOQ),
  /** For SKUs never planned before; a SKU's last plan line gives its own. */
  unitsPerCarton: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_UNITS_PER_CARTON),
};

export const adviceFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  productLineId: idParam.optional(),
  keyword: z.string().trim().max(64).optional(),
  state: z.enum(RGL_STATES).optional(),
  ...settingFields,
  sortField: z.enum(ADVICE_SORT_FIELDS).default('state'),
  sortOrder: sortOrderSchema.default('asc'),
};

export const getAdviceList = defineEndpoint({
  method: 'GET',
  path: `${base}/getAdviceList`,
  access: 'scm:replenish',
  summary:
    'Replenishment advice per SKU × marketplace of the caller’s shops: cover, stock-out, reorder point, red / amber / green, units',
  tags,
  query: z.object({ ...adviceFilter, ...pagingQuery }),
  data: pageSchema(adviceRowSchema).extend({
    /** Rows per state over the filters other than the state. */
    counts: z.object({ red: z.number().int(), amber: z.number().int(), green: z.number().int() }),
  }),
});

export const exportAdviceList = defineEndpoint({
  method: 'GET',
  path: `${base}/exportAdviceList`,
  access: 'scm:replenish:export',
  summary: 'The filtered advice as an .xlsx file, in the list order',
  tags,
  query: z.object(adviceFilter),
  binary: true,
});

export const getRedGreenLine = defineEndpoint({
  method: 'GET',
  path: `${base}/getRedGreenLine`,
  access: 'scm:replenish',
  summary:
    'One SKU × marketplace: the advice row and its projected stock for CHART_DAYS days against the reorder point and safety stock',
  tags,
  query: z.object({ shopId: idParam, listingId: idParam, ...settingFields }),
  data: z.object({
    row: adviceRowSchema,
    days: z.array(
      z.object({
        day: z.string(),
        /** Projected stock at the day's end without the advice. */
        stock: z.number(),
        /** The same with the advice arriving after its lead time. */
        withAdvice: z.number(),
        demand: z.number(),
        arrivals: z.number().int(),
      }),
    ),
  }),
});

/** Rows of advice to turn into draft shipment plans: one plan per shop, destination and mode. */
export const planFromAdviceBody = z
  .object({
    items: z
      .array(z.object({ shopId: idValue, listingId: idValue }))
      .min(1)
      .max(200),
    ...settingFields,
  })
  .strict();
export type PlanFromAdviceBody = z.infer<typeof planFromAdviceBody>;

export const createPlansFromAdvice = defineEndpoint({
  method: 'POST',
  path: `${base}/createShipmentPlan`,
  access: 'scm:replenish:create',
  summary: 'Draft shipment plans from advice rows (recomputed on the server), one per shop, destination and mode',
  tags,
  write: true,
  body: planFromAdviceBody,
  data: z.object({
    plans: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        shopName: z.string(),
        mode: z.enum(SHIPMENT_MODES),
        skus: z.number().int(),
      }),
    ),
  }),
});

// ---- /dullBoard: slow-moving stock ----

/** A SKU is slow when its on-hand stock covers more than this many days of demand. */
export const DEFAULT_DULL_COVER_DAYS = 120;
/**
 * Amazon's aged-inventory surcharge, US dollars per cubic foot per month, per age bucket of the
 * Inventory Age report: 181–270 days the middle of its 0.50 / 1.00 / 1.50 steps, 271–365 of its
 * 5.45 / 5.70 / 5.90 steps, 365+ days 6.90 (decisions.md "Replenishment").
 */
export const AGED_FEE_PER_CUFT = { age181To270: 1.0, age271To365: 5.68, age365Plus: 6.9 } as const;
/** Cubic millimetres in a cubic foot. */
export const MM3_PER_CUFT = 28_316_846.592;

/** The monthly aged-inventory fee of the aged units at a unit's package volume; null without dimensions. */
export function agedFeeOf(
  aged: { age181To270: number; age271To365: number; age365Plus: number },
  unitMm3: number | null,
): number | null {
  if (unitMm3 === null) return null;
  const cuft = unitMm3 / MM3_PER_CUFT;
  const fee =
    aged.age181To270 * AGED_FEE_PER_CUFT.age181To270 +
    aged.age271To365 * AGED_FEE_PER_CUFT.age271To365 +
    aged.age365Plus * AGED_FEE_PER_CUFT.age365Plus;
  return Math.round(fee * cuft * 100) / 100;
}

export const dullRowSchema = z.object({
  ...listingFields,
  listingId: z.number().int(),
  onHand: z.number().int(),
  /** Forecast per day over the next 30 days, else the 30-day sales average. */
  dailyDemand: z.number(),
  demandSource: z.enum(['forecast', 'average']),
  /** onHand ÷ dailyDemand, one decimal; null: no demand at all. */
  daysOfCover: z.number().nullable(),
  age181To270: z.number().int(),
  age271To365: z.number().int(),
  age365Plus: z.number().int(),
  /** Units older than 180 days. */
  aged: z.number().int(),
  /** The aged units' monthly surcharge in USD (AGED_FEE_PER_CUFT × package volume); null: the model has no dimensions. */
  agedFee: z.number().nullable(),
});
export type DullRow = z.infer<typeof dullRowSchema>;

export const DULL_SORT_FIELDS = ['daysOfCover', 'aged', 'agedFee', 'onHand', 'sku', 'shopName'] as const;

const dullFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  productLineId: idParam.optional(),
  keyword: z.string().trim().max(64).optional(),
  coverDays: z.coerce.number().int().min(1).max(3650).default(DEFAULT_DULL_COVER_DAYS),
  sortField: z.enum(DULL_SORT_FIELDS).default('agedFee'),
  sortOrder: sortOrderSchema.default('desc'),
};

export const listDull = defineEndpoint({
  method: 'GET',
  path: 'inventory/rest/v1/dull',
  access: 'scm:inventory:dull',
  summary:
    'Slow-moving FBA stock: cover over `coverDays` (or no demand) or units older than 180 days, with the aged-fee exposure',
  tags,
  query: z.object({ ...dullFilter, ...pagingQuery }),
  data: pageSchema(dullRowSchema),
});

export const exportDull = defineEndpoint({
  method: 'GET',
  path: 'inventory/rest/v1/dull/excel',
  access: 'scm:inventory:dull:export',
  summary: 'The filtered slow-moving stock as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object(dullFilter),
  binary: true,
});
