/**
 * Logistics records (/logisticsMgr, issue #22; docs/logistics.md "Shipments and freight bills"):
 * one row per shipment of our shipment plans with its estimated freight (the rate cards on the
 * shipment's weight and volume), its actual cost (the sum of its freight bills, in USD), planned
 * against actual transit, and the shared late / on-time verdicts (inventory/delivery.ts).
 * The writes act on freight bills: one charge of a carrier's invoice for one shipment.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { BASE_CURRENCY, RATE_CURRENCIES } from '../sales/sales-basis';
import { fieldCode } from '../validation';
import { LOGISTICS_BASE, modeSchema } from './carriers';

const tags = ['logistics'];
const base = LOGISTICS_BASE;

export const CHARGE_TYPES = ['freight', 'duty', 'surcharge', 'insurance', 'other'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];

/** A bill is in USD or a marketplace currency: the ones the exchange rates convert to USD. */
export const BILL_CURRENCIES = [BASE_CURRENCY, ...RATE_CURRENCIES] as [string, ...string[]];

/** Where a shipment is: on its way (its plan shipped) or received (received in full or short, or closed). */
export const SHIPMENT_FLOW = ['transit', 'received'] as const;
/** The list's state filter: on its way, received, or late (on its way past ETA + the grace). */
export const SHIPMENT_STATE_FILTER = ['transit', 'received', 'late'] as const;

/** How the estimate was priced: the card of the shipment's own carrier, the cheapest card of the mode, or none. */
export const ESTIMATE_BASES = ['carrier', 'cheapest', 'none'] as const;

export const shipmentCostSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  planId: z.number().int(),
  planCode: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  warehouseCode: z.string(),
  mode: modeSchema,
  carrier: z.string(),
  tracking: z.string(),
  etd: z.string(),
  eta: z.string(),
  flow: z.enum(SHIPMENT_FLOW),
  units: z.number().int(),
  receivedUnits: z.number().int(),
  weightKg: z.number(),
  cbm: z.number(),
  /** Units whose model has no package info: the weight and volume leave them out. */
  unitsWithoutInfo: z.number().int(),
  /** USD from the rate cards valid on the ETD; null when no card prices it. */
  estimatedUsd: z.number().nullable(),
  estimateBasis: z.enum(ESTIMATE_BASES),
  /** The card that priced the estimate. */
  estimateCarrier: z.string().nullable(),
  /** USD: the bills converted at the exchange rate of their invoice day. */
  actualUsd: z.number(),
  bills: z.number().int(),
  /** Bills in a currency with no exchange rate: left out of `actualUsd`. */
  billsWithoutRate: z.number().int(),
  /** actual - estimated (USD); null without both. */
  varianceUsd: z.number().nullable(),
  plannedDays: z.number().int(),
  /** Last receipt day - ETD; null while on its way. */
  actualDays: z.number().int().nullable(),
  lastReceiptDay: z.string().nullable(),
  onTime: z.boolean().nullable(),
  late: z.boolean(),
});
export type ShipmentCost = z.infer<typeof shipmentCostSchema>;

export const SHIPMENT_COST_SORT_FIELDS = ['etd', 'eta', 'units', 'actualUsd', 'code'] as const;

export const shipmentCostFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  mode: modeSchema.optional(),
  /** The shipment's carrier as written on it. */
  carrier: z.string().trim().max(100).optional(),
  etdFrom: isoDate.optional(),
  etdTo: isoDate.optional(),
  state: z.enum(SHIPMENT_STATE_FILTER).optional(),
  /** Part of the shipment id, the plan code or the tracking number. */
  keyword: z.string().trim().max(100).optional(),
};

export const listShipmentCosts = defineEndpoint({
  method: 'GET',
  path: `${base}/shipments`,
  access: 'sales:logistics:manage',
  summary: 'Shipments of the shipment plans with estimated and actual freight, planned and actual transit, late and on time',
  tags,
  query: z.object({
    ...shipmentCostFilter,
    sortField: z.enum(SHIPMENT_COST_SORT_FIELDS).default('etd'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(shipmentCostSchema),
});

// ---- freight bills ----

export const billSchema = z.object({
  id: z.number().int(),
  shipmentId: z.number().int(),
  carrierId: z.number().int(),
  carrierCode: z.string(),
  carrierName: z.string(),
  billNo: z.string(),
  chargeType: z.enum(CHARGE_TYPES),
  amount: z.number(),
  currency: z.string(),
  /** The amount in USD at the rate of the invoice day (the latest rate on or before it, else the first after); null without a rate. */
  amountUsd: z.number().nullable(),
  invoiceDay: z.string(),
  remark: z.string(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type FreightBill = z.infer<typeof billSchema>;

export const billBody = z
  .object({
    shipmentId: idValue,
    carrierId: idValue,
    billNo: z.string().trim().min(1, fieldCode('required')).max(60),
    chargeType: z.enum(CHARGE_TYPES),
    amount: z.number().positive().max(99_999_999).multipleOf(0.01, fieldCode('atMostDecimals')),
    currency: z.enum(BILL_CURRENCIES),
    invoiceDay: isoDate,
    remark: z.string().trim().max(500).default(''),
  })
  .strict();
export type BillBody = z.infer<typeof billBody>;

export const shipmentCostDetail = defineEndpoint({
  method: 'GET',
  path: `${base}/shipments/{id}`,
  access: 'sales:logistics:manage',
  summary: 'One shipment with its figures and its freight bills (404 outside the caller’s shops)',
  tags,
  params: z.object({ id: idParam }),
  data: z.object({ shipment: shipmentCostSchema, bills: z.array(billSchema) }),
});

export const billCarriers = defineEndpoint({
  method: 'GET',
  path: `${base}/shipments/bill-carriers`,
  access: 'sales:logistics:manage',
  summary: 'The carriers a freight bill may name (active ones)',
  tags,
  data: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});

export const createBill = defineEndpoint({
  method: 'POST',
  path: `${base}/bills`,
  access: 'sales:logistics:manage:create',
  summary:
    'Add a freight bill to a shipment (404 outside the caller’s shops; 409 on billNo when the carrier billed this charge type under that number)',
  tags,
  write: true,
  body: billBody,
  data: billSchema,
});

export const updateBill = defineEndpoint({
  method: 'PUT',
  path: `${base}/bills/{id}`,
  access: 'sales:logistics:manage:edit',
  summary: 'Change a freight bill (409 on a stale version or a taken bill number)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: billBody.extend({ version: idValue }),
  data: billSchema,
});

export const deleteBill = defineEndpoint({
  method: 'DELETE',
  path: `${base}/bills/{id}`,
  access: 'sales:logistics:manage:delete',
  summary: 'Delete a freight bill',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
