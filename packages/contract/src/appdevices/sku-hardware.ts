/**
 * The SKUs' hardware (/user-platform/skuConfig, issue #24): a kind on the publishing model. A
 * record is the hardware the app drives for one catalogue SKU: its LED count, the segments they
 * are grouped in (no more than the LEDs), the driver chip, the colour order, whether it has a
 * white channel and the protocol version the app speaks to it. A SKU has one record that is not
 * archived (`appDevices.skuTaken`, naming it): the hardware of a SKU is a fact, not a campaign.
 * The app reads `GET app/v1/content/skuHardware` and takes its SKU's item. (The SKUs' system
 * settings of /user-platform/skuSystemConfig are the kind `skuConfig`.)
 */
import { z } from 'zod';
import { contentBody, contentEndpoints, contentRecord, resolvedItem } from '../appcontent/kinds';
import { defineEndpoint } from '../endpoint';
import { fieldCode } from '../validation';

export const SKU_HARDWARE_SLOTS = ['main'] as const;
export const SKU_HARDWARE_SLOT_DEFS = {
  main: { page: '/user-platform/skuConfig', permission: 'user:platform:skuConfig:config' },
} as const;

/** The driver chips the app knows. */
export const LED_CHIPS = [
  'WS2811',
  'WS2812B',
  'WS2813',
  'WS2815',
  'SK6812',
  'SK6812-RGBW',
  'TM1814',
  'UCS1903',
  'APA102',
  'SM16703',
] as const;
/** The order the chip takes the colour channels in. */
export const COLOR_ORDERS = ['RGB', 'RBG', 'GRB', 'GBR', 'BRG', 'BGR'] as const;
export const HARDWARE_LIMITS = { leds: { min: 1, max: 2000 }, segments: { min: 1, max: 255 } } as const;

/** A protocol version: three numbers (1.2.3). */
export const isProtocolVersion = (s: string) => /^\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(s);

const skuHardwareFields = {
  /** The catalogue's SKU, as it spells it. */
  sku: z.string(),
  ledCount: z.number().int(),
  segments: z.number().int(),
  chip: z.enum(LED_CHIPS),
  colorOrder: z.enum(COLOR_ORDERS),
  whiteChannel: z.boolean(),
  protocolVersion: z.string(),
};
export const skuHardwarePayloadSchema = z.object(skuHardwareFields);
export type SkuHardwarePayload = z.infer<typeof skuHardwarePayloadSchema>;
export const skuHardwareSchema = contentRecord(SKU_HARDWARE_SLOTS, skuHardwareFields);
export type SkuHardware = z.infer<typeof skuHardwareSchema>;

export const skuHardwareBody = contentBody(
  {
    sku: z.string().trim().min(1, fieldCode('required')).max(60),
    ledCount: z.number().int().min(HARDWARE_LIMITS.leds.min).max(HARDWARE_LIMITS.leds.max),
    segments: z.number().int().min(HARDWARE_LIMITS.segments.min).max(HARDWARE_LIMITS.segments.max),
    chip: z.enum(LED_CHIPS),
    colorOrder: z.enum(COLOR_ORDERS),
    whiteChannel: z.boolean().default(false),
    protocolVersion: z.string().trim().refine(isProtocolVersion, fieldCode('appDevices.protocolVersion')),
  },
  (v, ctx) => {
    const leds = v.ledCount as number;
    if ((v.segments as number) > leds)
      ctx.addIssue({ code: 'custom', path: ['segments'], message: fieldCode('appDevices.segmentsOverLeds'), params: { leds } });
  },
);
export type SkuHardwareBody = z.infer<typeof skuHardwareBody>;

/** The item the app gets: the SKU and its hardware, as stored. */
export const resolvedSkuHardwareSchema = resolvedItem(SKU_HARDWARE_SLOTS, skuHardwareFields);
export type ResolvedSkuHardware = z.infer<typeof resolvedSkuHardwareSchema>;

export const skuHardwareEndpoints = contentEndpoints({
  segment: 'sku-hardware',
  slot: 'main',
  noun: 'SKU hardware record',
  permission: SKU_HARDWARE_SLOT_DEFS.main.permission,
  record: skuHardwareSchema,
  body: skuHardwareBody,
  item: resolvedSkuHardwareSchema,
});

/** The catalogue's SKUs a hardware record may name, by code, model or product name (50 at most). */
export const skuHardwareSkus = defineEndpoint({
  method: 'GET',
  path: `${skuHardwareEndpoints.list.path}/skus`,
  access: SKU_HARDWARE_SLOT_DEFS.main.permission,
  summary: "The catalogue's SKUs a SKU hardware record may name, by code, model or product name (50 at most)",
  tags: ['app content'],
  query: z.object({ keyword: z.string().trim().max(100).optional() }),
  data: z.array(z.object({ sku: z.string(), variant: z.string(), model: z.string(), name: z.string(), nameEn: z.string() })),
});
