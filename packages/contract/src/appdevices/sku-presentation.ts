/**
 * The SKUs in the app's add-device list (/user-platform/skuSetting, issue #24): a kind on the
 * publishing model. A record presents one catalogue SKU: the device page it pairs as (a
 * `deviceProduct` record that is not archived, checked on every save: `appDevices.deviceProductMissing`),
 * its name in Chinese and English as the list shows it, a square picture, and whether the list
 * shows it (a hidden SKU is still resolved, so the app recognises it when it finds one nearby).
 * The app reads `GET app/v1/content/skuPresentation`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import type { SlotRule } from '../appcontent/banners';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from '../appcontent/kinds';
import { fieldCode } from '../validation';

export const SKU_PRESENTATION_SLOTS = ['main'] as const;
export const SKU_PRESENTATION_SLOT_DEFS = {
  main: { page: '/user-platform/skuSetting', permission: 'user:platform:skuSetting:config' },
} as const;

/** The add-device list's picture: square (±1 %), 200–1000 px wide, 512 KB at most. */
export const SKU_LIST_IMAGE_RULE: SlotRule = { ratio: [1, 1], minWidth: 200, maxWidth: 1000, maxBytes: 512 * 1024 };

const skuPresentationFields = {
  /** The catalogue's SKU, as it spells it. */
  sku: z.string(),
  /** The device page (a `deviceProduct` record) the SKU pairs as. */
  deviceProductId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  imageFileId: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  visible: z.boolean(),
};
export const skuPresentationPayloadSchema = z.object(skuPresentationFields);
export type SkuPresentationPayload = z.infer<typeof skuPresentationPayloadSchema>;
export const skuPresentationSchema = contentRecord(SKU_PRESENTATION_SLOTS, skuPresentationFields);
export type SkuPresentation = z.infer<typeof skuPresentationSchema>;

export const skuPresentationBody = contentBody(
  {
    sku: z.string().trim().min(1, fieldCode('required')).max(60),
    deviceProductId: idValue,
    nameZh: bilingualText(60),
    nameEn: bilingualText(60),
    imageFileId: idValue,
    visible: z.boolean().default(true),
  },
  oneOfPair('nameZh', 'nameEn', 'appDevices.nameRequired'),
);
export type SkuPresentationBody = z.infer<typeof skuPresentationBody>;

/** The item the app gets: the name in its language, both, the picture's URLs and size, the SKU, its device page, visible. */
export const resolvedSkuPresentationSchema = resolvedItem(SKU_PRESENTATION_SLOTS, {
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sku: z.string(),
  deviceProductId: z.number().int(),
  visible: z.boolean(),
  image: z.object({ url: z.string(), thumbUrl: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type ResolvedSkuPresentation = z.infer<typeof resolvedSkuPresentationSchema>;

export const skuPresentationEndpoints = contentEndpoints({
  segment: 'sku-presentation',
  slot: 'main',
  noun: 'SKU presentation',
  permission: SKU_PRESENTATION_SLOT_DEFS.main.permission,
  record: skuPresentationSchema,
  body: skuPresentationBody,
  item: resolvedSkuPresentationSchema,
});

const path = skuPresentationEndpoints.list.path;
const access = SKU_PRESENTATION_SLOT_DEFS.main.permission;
const tags = ['app content'];

/** The catalogue's SKUs a presentation may name, by code, model or product name (50 at most). */
export const skuPresentationSkus = defineEndpoint({
  method: 'GET',
  path: `${path}/skus`,
  access,
  summary: "The catalogue's SKUs a SKU presentation may name, by code, model or product name (50 at most)",
  tags,
  query: z.object({ keyword: z.string().trim().max(100).optional() }),
  data: z.array(z.object({ sku: z.string(), variant: z.string(), model: z.string(), name: z.string(), nameEn: z.string() })),
});

/** The device pages a SKU may pair as: not archived, newest first. */
export const skuPresentationDevices = defineEndpoint({
  method: 'GET',
  path: `${path}/devices`,
  access,
  summary: 'The device pages (product items, not archived) a SKU may pair as, newest first, 500 at most',
  tags,
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      model: z.string(),
      nameZh: z.string(),
      nameEn: z.string(),
      state: z.string(),
    }),
  ),
});

export const skuPresentationImage = defineEndpoint({
  method: 'POST',
  path: `${path}/image`,
  access,
  summary:
    'Store a picture for the add-device list (multipart field `file`): refused unless it is a square image (±1 %), 200–1000 px wide, 512 KB at most',
  tags,
  write: true,
  data: storedFileSchema,
});
