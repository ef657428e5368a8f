/**
 * The supply boards (issue #22): the logistics overview (/logisticsBoard) and the deliveries against plan
 * (/deliveryDashboard). Both read the shipment plans and shipments of the caller's shops; late and on time are
 * delivery.ts's rule, nothing else. Definitions: docs/supply-boards.md and docs/decisions.md "Supply boards".
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { addDays } from '../inventory/delivery';
import { SHIPMENT_MODES, SHIPMENT_PLAN_STATES } from '../inventory/shipments';

const tags = ['supply boards'];
const base = 'supplyboards/rest/v1';

/** The weeks of the logistics board's arrival chart, this week first. */
export const ARRIVAL_WEEKS = 8;
/** The window of the short receipts and the on-time rate. */
export const LOOKBACK_DAYS = 90;
/** The delivery dashboard's weeks: the 8 before this one, this one and the 3 after. */
export const DELIVERY_WEEKS_BACK = 8;
export const DELIVERY_WEEKS_AHEAD = 3;

/** The Monday of a day's week (weeks run Monday to Sunday, UTC calendar days as `YYYY-MM-DD`). */
export function weekOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const boardFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
};

/** One shipment as the boards show it: its plan, where it goes, how, and what arrived. */
export const boardShipmentSchema = z.object({
  planId: z.number().int(),
  planCode: z.string(),
  state: z.enum(SHIPMENT_PLAN_STATES),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  warehouseCode: z.string(),
  /** The shipment's id at the destination (FBA15…). */
  code: z.string(),
  mode: z.enum(SHIPMENT_MODES),
  carrier: z.string(),
  tracking: z.string(),
  etd: z.string(),
  eta: z.string(),
  /** The day of the last receipt; null before the first. */
  receivedOn: z.string().nullable(),
  shipped: z.number().int(),
  received: z.number().int(),
  /** shipped − received: still on its way (or, for a closed plan, lost). */
  remaining: z.number().int(),
  /** Today − ETA in days: positive once the ETA has passed, negative before. */
  daysSinceEta: z.number().int(),
});
export type BoardShipment = z.infer<typeof boardShipmentSchema>;

const count = z.object({ shipments: z.number().int(), units: z.number().int() });

export const logisticsBoardSchema = z.object({
  /** The day the figures were computed for (UTC). */
  today: z.string(),
  /** Shipped or partly received plans with units still on their way. */
  inTransit: count,
  /** Of those, the ones whose ETA falls in the next 7 and the next 14 days (today included). */
  arriving7: count,
  arriving14: count,
  /** Still on the way and past ETA + the grace days (delivery.ts `late`). */
  late: count,
  /** Received or closed plans that arrived short, last receipt in the last 90 days (what /shipmentDif lists). */
  short: count,
  /** Plans received in full or closed, last receipt in the last 90 days, with an ETA: on time by delivery.ts `onTime`. */
  onTime: z.object({
    judged: z.number().int(),
    onTime: z.number().int(),
    rate: z.number().nullable(),
    graceDays: z.number().int(),
  }),
  /** Units still on their way by the week of their ETA (Monday) and mode, this week first. */
  arrivals: z.array(
    z.object({
      week: z.string(),
      sea: z.number().int(),
      air: z.number().int(),
      express: z.number().int(),
      rail: z.number().int(),
    }),
  ),
});
export type LogisticsBoard = z.infer<typeof logisticsBoardSchema>;

export const logisticsBoard = defineEndpoint({
  method: 'GET',
  path: `${base}/logistics-board`,
  access: 'sales:logistics:board',
  summary: 'The logistics overview of the caller’s shops: in transit, arriving, late, short, on-time rate, arrivals per week',
  tags,
  query: z.object(boardFilter),
  data: logisticsBoardSchema,
});

export const LATE_SORT_FIELDS = ['eta', 'daysSinceEta', 'remaining', 'etd'] as const;

export const lateShipments = defineEndpoint({
  method: 'GET',
  path: `${base}/logistics-board/late`,
  access: 'sales:logistics:board',
  summary: 'The late shipments of the caller’s shops (still on their way past ETA + the grace days), most overdue first',
  tags,
  query: z.object({
    ...boardFilter,
    sortField: z.enum(LATE_SORT_FIELDS).default('daysSinceEta'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(boardShipmentSchema),
});

export const deliveryWeekSchema = z.object({
  week: z.string(),
  marketId: z.number().int(),
  /** Units of confirmed or batched plans whose planned ship day falls in the week. */
  planned: z.number().int(),
  /** Units of shipments whose ETD falls in the week. */
  shipped: z.number().int(),
  /** Units received on days of the week. */
  received: z.number().int(),
});
export type DeliveryWeek = z.infer<typeof deliveryWeekSchema>;

export const deliveryBoard = defineEndpoint({
  method: 'GET',
  path: `${base}/delivery-board`,
  access: 'scm:delivery:dashboard',
  summary: 'Deliveries against plan of the caller’s shops: units planned, shipped and received per marketplace and week',
  tags,
  query: z.object(boardFilter),
  data: z.object({
    today: z.string(),
    /** The Mondays shown, oldest first. */
    weeks: z.array(z.string()),
    rows: z.array(deliveryWeekSchema),
  }),
});

export const PROGRESS_SORT_FIELDS = ['eta', 'daysSinceEta', 'shipped', 'progress'] as const;

export const receiptProgress = defineEndpoint({
  method: 'GET',
  path: `${base}/delivery-board/progress`,
  access: 'scm:delivery:dashboard',
  summary: 'Receipt progress of the shipments not yet closed: shipped against received, and days since ETA',
  tags,
  query: z.object({
    ...boardFilter,
    sortField: z.enum(PROGRESS_SORT_FIELDS).default('daysSinceEta'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(boardShipmentSchema),
});
