/**
 * The app's device catalogue (/user-platform/productItem, issue #24): a kind on the publishing
 * model. Each record is the app's page of one catalogue model (the back office's products, read
 * through the catalog area's published reads, never a second product list): its name and
 * description in Chinese and English, category, connectivity, an image of the file store, the
 * firmware and app version it needs, and the set-up flow (a pairing flow record) it starts with.
 * The app reads the device list from the content API (`deviceProduct`) and one model's detail
 * (its page, its set-up flows, its white-balance table) from `GET app/v1/devices/{model}`.
 */
import { z } from 'zod';
import type { SlotRule } from '../appcontent/banners';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from '../appcontent/kinds';
import { modelCode } from '../appcontent/publishing';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import { minimumVersion } from './shared';

export const DEVICE_PRODUCT_SLOTS = ['main'] as const;
export const DEVICE_CATEGORIES = ['strip', 'bulb', 'lamp', 'panel', 'outdoor', 'other'] as const;
export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];
/** How the app reaches the device: Bluetooth Low Energy, Wi-Fi, or both (Wi-Fi set up over Bluetooth). */
export const CONNECTIVITIES = ['ble', 'wifi', 'both'] as const;
export type Connectivity = (typeof CONNECTIVITIES)[number];

export const DEVICE_PRODUCT_SLOT_DEFS = {
  main: { page: '/user-platform/productItem', permission: 'user:platform:productItem:config' },
} as const;

const deviceProductFields = {
  /** The catalogue's model, as the catalogue spells it. */
  model: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  category: z.enum(DEVICE_CATEGORIES),
  connectivity: z.enum(CONNECTIVITIES),
  /** An image of the file store (served to the app at `app/v1/media/{id}` while the record is live); null: none. */
  imageFileId: z.number().int().nullable(),
  /** The lowest firmware the app supports on this model ('' none). */
  minFirmware: z.string(),
  /** The lowest app version that can run this model ('' none). */
  minAppVersion: z.string(),
  /** The set-up flow (a Bluetooth or Wi-Fi pairing flow record) the app starts with; null: the app asks the flows for its model. */
  setupFlowId: z.number().int().nullable(),
};
export const deviceProductPayloadSchema = z.object(deviceProductFields);
export type DeviceProductPayload = z.infer<typeof deviceProductPayloadSchema>;

export const deviceProductSchema = contentRecord(DEVICE_PRODUCT_SLOTS, deviceProductFields);
export type DeviceProduct = z.infer<typeof deviceProductSchema>;

export const deviceProductBody = contentBody(
  {
    model: modelCode,
    nameZh: bilingualText(100),
    nameEn: bilingualText(100),
    descriptionZh: bilingualText(2000),
    descriptionEn: bilingualText(2000),
    category: z.enum(DEVICE_CATEGORIES).default('other'),
    connectivity: z.enum(CONNECTIVITIES),
    imageFileId: idValue.nullable().default(null),
    minFirmware: minimumVersion,
    minAppVersion: minimumVersion,
    setupFlowId: idValue.nullable().default(null),
  },
  oneOfPair('nameZh', 'nameEn', 'appDevices.nameRequired'),
);
export type DeviceProductBody = z.infer<typeof deviceProductBody>;

const imageRef = z.object({ url: z.string(), thumbUrl: z.string() }).nullable();

/** The item the app gets: name and description in its language (the other when empty), both languages, the image's URLs. */
export const resolvedDeviceProductSchema = resolvedItem(DEVICE_PRODUCT_SLOTS, {
  name: z.string(),
  description: z.string(),
  image: imageRef,
  ...deviceProductFields,
});
export type ResolvedDeviceProduct = z.infer<typeof resolvedDeviceProductSchema>;

export const deviceProductEndpoints = contentEndpoints({
  segment: 'devices',
  slot: 'main',
  noun: 'device page',
  permission: DEVICE_PRODUCT_SLOT_DEFS.main.permission,
  record: deviceProductSchema,
  body: deviceProductBody,
  item: resolvedDeviceProductSchema,
});

/** A device page's image: a square picture of the product (±1 %), 400–2000 px wide, 1 MB at most (the banners' rule shape). */
export const DEVICE_IMAGE_RULE: SlotRule = { ratio: [1, 1], minWidth: 400, maxWidth: 2000, maxBytes: 1024 * 1024 };

export const deviceProductImage = defineEndpoint({
  method: 'POST',
  path: `${deviceProductEndpoints.list.path}/image`,
  access: DEVICE_PRODUCT_SLOT_DEFS.main.permission,
  summary:
    'Store an image for a device page (multipart field `file`): refused unless it is a square image (±1 %), 400–2000 px wide, 1 MB at most',
  tags: ['app content'],
  write: true,
  data: storedFileSchema,
});

/** The set-up flows a device page may start with (the flow's slot must match the page's connectivity). */
export const deviceProductFlows = defineEndpoint({
  method: 'GET',
  path: `${deviceProductEndpoints.list.path}/flows`,
  access: DEVICE_PRODUCT_SLOT_DEFS.main.permission,
  summary: 'The Bluetooth and Wi-Fi set-up flows (not archived) a device page may name, newest first, 200 at most',
  tags: ['app content'],
  data: z.array(z.object({ id: z.number().int(), slot: z.enum(['ble', 'wifi']), name: z.string(), models: z.array(z.string()) })),
});
