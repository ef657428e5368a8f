/**
 * Shipment settings per marketplace (/shipmentConfiguration, issue #22; docs/logistics.md):
 * what planners set once for a marketplace: the default mode and carrier, the planned transit
 * days per mode (the delivery-type read of shipment plans takes them, else its defaults),
 * the prep days before a shipment leaves, and the FBA capacity limit in units. Every
 * marketplace is listed; one never saved shows the defaults and version 0.
 */
import { z } from 'zod';
import { MARKETS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { idValue, pageSchema } from '../envelope';
import { SHIPMENT_MODES, TRANSIT_DAYS } from '../inventory/shipments';
import { LOGISTICS_BASE, modeSchema } from './carriers';

const tags = ['logistics'];
const base = `${LOGISTICS_BASE}/shipment-settings`;

/** Prep days a marketplace never saved assumes (labelling, booking, trucking to the port). */
export const DEFAULT_PREP_DAYS = 5;

const days = z.number().int().min(1).max(120);
export const transitDaysSchema = z.object({ sea: days, air: days, express: days, rail: days });

export const shipmentSettingSchema = z.object({
  marketId: z.number().int(),
  defaultMode: modeSchema,
  defaultCarrierId: z.number().int().nullable(),
  defaultCarrierName: z.string().nullable(),
  transitDays: transitDaysSchema,
  prepDays: z.number().int(),
  /** Units the marketplace's FBA capacity allows in; null: no limit set. */
  fbaCapacityUnits: z.number().int().nullable(),
  /** False: never saved, the values are the defaults. */
  saved: z.boolean(),
  /** 0 while never saved. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type ShipmentSetting = z.infer<typeof shipmentSettingSchema>;

/** What a marketplace never saved shows. */
export const defaultShipmentSetting = (marketId: number): ShipmentSetting => ({
  marketId,
  defaultMode: 'sea',
  defaultCarrierId: null,
  defaultCarrierName: null,
  transitDays: { ...TRANSIT_DAYS },
  prepDays: DEFAULT_PREP_DAYS,
  fbaCapacityUnits: null,
  saved: false,
  version: 0,
  updatedAt: null,
});

export const shipmentSettingBody = z
  .object({
    defaultMode: modeSchema,
    defaultCarrierId: idValue.nullable().default(null),
    transitDays: transitDaysSchema,
    prepDays: z.number().int().min(0).max(60),
    fbaCapacityUnits: z.number().int().min(0).max(10_000_000).nullable().default(null),
    /** The version read; 0 for a marketplace never saved. */
    version: z.number().int().min(0),
  })
  .strict();
export type ShipmentSettingBody = z.infer<typeof shipmentSettingBody>;

export const listShipmentSettings = defineEndpoint({
  method: 'GET',
  path: base,
  access: 'sales:logistics:shipmentConfig',
  summary: 'The shipment settings of every marketplace (defaults for one never saved)',
  tags,
  query: z.object({
    marketId: z.coerce.number().int().min(0).max(99).optional(),
    pageNum: z.coerce.number().int().min(1).max(100).default(1),
    pageSize: z.coerce.number().int().min(1).max(MARKETS.length).default(MARKETS.length),
  }),
  data: pageSchema(shipmentSettingSchema),
});

export const saveShipmentSetting = defineEndpoint({
  method: 'PUT',
  path: `${base}/{marketId}`,
  access: 'sales:logistics:shipmentConfig:edit',
  summary:
    "Save a marketplace's shipment settings (409 on a stale version; 400 on defaultCarrierId when the carrier does not offer the default mode)",
  tags,
  write: true,
  params: z.object({ marketId: z.coerce.number().int().min(0).max(99) }),
  body: shipmentSettingBody,
  data: shipmentSettingSchema,
});

export const shipmentSettingCarriers = defineEndpoint({
  method: 'GET',
  path: `${base}/carriers`,
  access: 'sales:logistics:shipmentConfig',
  summary: 'The active carriers with their modes, to choose a default from',
  tags,
  data: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), modes: z.array(z.enum(SHIPMENT_MODES)) })),
});
