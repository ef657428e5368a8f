/**
 * The shipment forecast (/shipmentForcast, issue #22): per SKU × marketplace, the units that will need to ship in
 * each of the next FORECAST_WEEKS weeks, from the replenishment advice's inputs and the forecast, by
 * `planReplenishment`'s arithmetic run forward a week at a time (`forecastShipments` below, docs/supply-boards.md
 * "Shipment forecast" with a hand-computed example). EOL SKUs are left out.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { listingFields } from '../inventory/inventory';
import {
  DEFAULT_MOQ,
  DEFAULT_SERVICE_LEVEL,
  DEFAULT_UNITS_PER_CARTON,
  PROJECTION_DAYS,
  planReplenishment,
  REVIEW_DAYS,
  type ReplenishInput,
  SERVICE_LEVEL_Z,
  SERVICE_LEVELS,
  type ServiceLevel,
} from '../inventory/replenish';
import { SHIPMENT_MODES, type ShipmentMode, TRANSIT_DAYS } from '../inventory/shipments';

const tags = ['shipment forecast'];
const base = 'supplyboards/rest/v1/shipment-forecast';

export const FORECAST_WEEKS = 12;

export interface ForecastWeek {
  /** 0 = the 7 days after the position's day. */
  week: number;
  units: number;
  cartons: number;
  mode: ShipmentMode;
  /** Days after the position's day the shipment arrives (the week's review day + the mode's lead time). */
  arrivesInDays: number;
}

/**
 * Runs the red-green line forward a week at a time. Each week w reviews on day d = 7w (day 0: the position's day)
 * with the stock projected by `planReplenishment`'s rules (lost sales, arrivals at their days, the demand series) and
 * the shipments the earlier weeks forecast:
 * - position P(d) = projected stock at d + every arrival after d (inbound counted as the stock report states it, as
 *   the advice's position does); reorder point ROP(d) = Σ demand(d+1..d+L) + SS with
 *   L = prep + sea transit and SS = z × σ × √L (the advice's own);
 * - a shipment is needed in week w when the stock runs out within L of d (red: by air), or P(d) < ROP(d), or the
 *   position at the week's end P(d+7) < ROP(d+7) (so a weekly review never reorders a week late);
 * - its units: order-up-to S = Σ demand(d+1..d+lead+REVIEW_DAYS) + SS, S − P(d), at least the MOQ, rounded up to
 *   whole cartons (lead = prep + the mode's transit); it arrives on day d + lead and counts in the next weeks.
 * Week 0 is the advice of /replenish, and a week earlier when the position would cross the reorder point within it.
 */
export function forecastShipments(input: ReplenishInput, weeks = FORECAST_WEEKS): ForecastWeek[] {
  if (input.eol) return [];
  const base = planReplenishment(input);
  const horizon = weeks * 7 + input.prepDays + TRANSIT_DAYS.sea + REVIEW_DAYS;
  const last = base.demand[PROJECTION_DAYS - 1] ?? 0;
  const demand = (t: number) => (t < 1 ? 0 : (base.demand[t - 1] ?? last));
  const arrivals = Array.from({ length: horizon + 1 }, (_, t) => (t >= 1 ? (base.arrivals[t - 1] ?? 0) : 0));
  const sum = (from: number, to: number) => {
    let total = 0;
    for (let t = from; t <= to; t++) total += demand(t);
    return total;
  };
  const seaLead = input.prepDays + TRANSIT_DAYS.sea;
  const safetyStock = SERVICE_LEVEL_Z[input.serviceLevel] * input.sigma * Math.sqrt(seaLead);
  /** The stock at the end of each day from `from` (its stock given) to `to`, and the first day it runs out. */
  const project = (stock: number, from: number, to: number) => {
    let s = stock;
    let out: number | null = null;
    const at: number[] = [];
    for (let t = from + 1; t <= to; t++) {
      s = Math.max(0, s + (arrivals[t] ?? 0) - demand(t));
      at.push(s);
      if (out === null && s <= 0 && demand(t) > 0) out = t;
    }
    return { at, out };
  };
  const after = (d: number) => arrivals.slice(d + 1).reduce((a, x) => a + x, 0);
  // The advice's position counts inbound as the stock report states it; the arrival days also place our own
  // shipments, which the report may count differently. The difference stays constant, so week 0 is the advice's.
  const reportGap = base.position - (input.onHand + after(0));

  const result: ForecastWeek[] = [];
  let stock = input.onHand;
  for (let w = 0; w < weeks; w++) {
    const d = w * 7;
    if (w > 0) stock = project(stock, d - 7, d).at.at(-1) ?? stock;
    const ahead = project(stock, d, d + seaLead);
    // As the advice: out of stock now is red whatever the next days' demand (the advice's stock-out day 0).
    const red = stock <= 0 || (ahead.out !== null && ahead.out <= d + seaLead);
    const position = stock + after(d) + reportGap;
    const endStock = ahead.at[6] ?? 0;
    const endPosition = endStock + after(d + 7) + reportGap;
    const rop = (day: number) => sum(day + 1, day + seaLead) + safetyStock;
    if (!(red || position < rop(d) || endPosition < rop(d + 7))) continue;
    const mode: ShipmentMode = red ? 'air' : 'sea';
    const lead = input.prepDays + TRANSIT_DAYS[mode];
    const need = sum(d + 1, d + lead + REVIEW_DAYS) + safetyStock - position;
    if (need <= 0) continue;
    const wanted = Math.max(Math.ceil(need), input.moq);
    const cartons = Math.ceil(wanted / input.unitsPerCarton);
    const units = cartons * input.unitsPerCarton;
    const arrivesInDays = d + lead;
    if (arrivesInDays <= horizon) arrivals[arrivesInDays] = (arrivals[arrivesInDays] ?? 0) + units;
    result.push({ week: w, units, cartons, mode, arrivesInDays });
  }
  return result;
}

export const forecastRowSchema = z.object({
  ...listingFields,
  listingId: z.number().int(),
  unitsPerCarton: z.number().int(),
  /** Units to ship per week, FORECAST_WEEKS of them (0: none that week). */
  weeks: z.array(z.number().int()),
  /** The mode of each week's shipment (null: none that week). */
  modes: z.array(z.enum(SHIPMENT_MODES).nullable()),
  total: z.number().int(),
  cartons: z.number().int(),
  /** The first week with a shipment (0-based); null: none in the horizon. */
  firstWeek: z.number().int().nullable(),
});
export type ForecastRow = z.infer<typeof forecastRowSchema>;

export const FORECAST_SORT_FIELDS = ['firstWeek', 'total', 'sku', 'shopName'] as const;

export const forecastFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  productLineId: idParam.optional(),
  keyword: z.string().trim().max(64).optional(),
  serviceLevel: z.enum(SERVICE_LEVELS as [ServiceLevel, ...ServiceLevel[]]).default(DEFAULT_SERVICE_LEVEL),
  moq: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_MOQ),
  unitsPerCarton: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_UNITS_PER_CARTON),
  /** Only the SKUs with a shipment in the horizon (the default). */
  all: z.enum(['true', 'false']).default('false'),
  sortField: z.enum(FORECAST_SORT_FIELDS).default('firstWeek'),
  sortOrder: sortOrderSchema.default('asc'),
};

export const listShipmentForecast = defineEndpoint({
  method: 'GET',
  path: base,
  access: 'scm:shipment:forecast',
  summary:
    'Units to ship per SKU × marketplace and week for the next 12 weeks (the replenishment advice run forward), EOL left out, with the totals per week and marketplace',
  tags,
  query: z.object({ ...forecastFilter, ...pagingQuery }),
  data: pageSchema(forecastRowSchema).extend({
    /** The first day of each week: the day after today, then every 7 days. */
    weekStarts: z.array(z.string()),
    /** Units per marketplace and week over every row of the filters (not only the page). */
    totals: z.array(z.object({ marketId: z.number().int(), weeks: z.array(z.number().int()) })),
  }),
});

export const exportShipmentForecast = defineEndpoint({
  method: 'GET',
  path: `${base}/excel`,
  access: 'scm:shipment:forecast:export',
  summary: 'The shipment forecast of the same query as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object(forecastFilter),
  binary: true,
});
