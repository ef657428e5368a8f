/**
 * The two logistics panels (issue #22; docs/logistics.md "Panels"): /logisticsPanel, freight
 * spend per month (by mode and by marketplace), cost per unit and per kg by mode, and estimated
 * against actual per month; /newLogisticsPanel, transit performance per carrier and mode. Both
 * read the shipments of /logisticsMgr within the caller's shops; a shipment counts in the month
 * of its ETD.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, isoDate } from '../envelope';
import { fieldCode } from '../validation';
import { LOGISTICS_BASE, modeSchema } from './carriers';

const tags = ['logistics'];
const base = LOGISTICS_BASE;

/** yyyy-MM */
export const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, fieldCode('notADate'));

const panelFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  mode: modeSchema.optional(),
};

export const costPanelQuery = z.object({
  ...panelFilter,
  /** First month (ETD); default eleven months before `toMonth`. */
  fromMonth: isoMonth.optional(),
  /** Last month (ETD); default this month. */
  toMonth: isoMonth.optional(),
});

const money = z.number();

export const costPanelSchema = z.object({
  fromMonth: z.string(),
  toMonth: z.string(),
  months: z.array(
    z.object({
      month: z.string(),
      shipments: z.number().int(),
      units: z.number().int(),
      weightKg: z.number(),
      /** The estimate of every shipment of the month that has one. */
      estimatedUsd: money,
      actualUsd: money,
      /** The estimate of the shipments that have bills: what `actualUsd` compares with. */
      estimatedBilledUsd: money,
      /** Shipments of the month without a bill yet. */
      unbilled: z.number().int(),
    }),
  ),
  /** Actual spend per month and mode, and per month and marketplace (the stacked bars). */
  byMode: z.array(z.object({ month: z.string(), mode: modeSchema, usd: money })),
  byMarket: z.array(z.object({ month: z.string(), marketId: z.number().int(), usd: money })),
  /** Per mode over the whole range: the cost per unit and per kg of the shipments that have bills. */
  modes: z.array(
    z.object({
      mode: modeSchema,
      shipments: z.number().int(),
      billed: z.number().int(),
      billedUnits: z.number().int(),
      billedKg: z.number(),
      actualUsd: money,
      perUnitUsd: z.number().nullable(),
      perKgUsd: z.number().nullable(),
    }),
  ),
});
export type CostPanel = z.infer<typeof costPanelSchema>;

export const costPanel = defineEndpoint({
  method: 'GET',
  path: `${base}/panel/costs`,
  access: 'sales:logistics:panel',
  summary: 'Freight spend per month by mode and marketplace, cost per unit and per kg by mode, estimated vs actual',
  tags,
  query: costPanelQuery,
  data: costPanelSchema,
});

export const transitPanelQuery = z.object({
  ...panelFilter,
  /** ETD range; default the last 365 days. */
  etdFrom: isoDate.optional(),
  etdTo: isoDate.optional(),
});

export const transitPanelSchema = z.object({
  etdFrom: z.string(),
  etdTo: z.string(),
  carriers: z.array(
    z.object({
      carrier: z.string(),
      mode: modeSchema,
      shipments: z.number().int(),
      received: z.number().int(),
      /** Of the received shipments' actual transit days; null before one is received. */
      medianDays: z.number().nullable(),
      p90Days: z.number().nullable(),
      /** The mean of its shipments' planned days (per marketplace and mode). */
      plannedDays: z.number(),
      onTime: z.number().int(),
      /** onTime / the received shipments with a verdict (a receipt day); null before one. */
      onTimeRate: z.number().nullable(),
      lateNow: z.number().int(),
    }),
  ),
  /** Received shipments per mode and actual transit days. */
  distribution: z.array(z.object({ mode: modeSchema, days: z.number().int(), shipments: z.number().int() })),
});
export type TransitPanel = z.infer<typeof transitPanelSchema>;

export const transitPanel = defineEndpoint({
  method: 'GET',
  path: `${base}/panel/transit`,
  access: 'sales:logistics:newPanel',
  summary: 'Transit performance per carrier and mode: median and p90 actual days against planned, on-time rate, late now',
  tags,
  query: transitPanelQuery,
  data: transitPanelSchema,
});
