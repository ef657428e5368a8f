/**
 * Accessories (/user-platform/accessoryMrg, issue #24): a declared kind on the publishing model.
 * An accessory is a SKU of the back office's catalogue (checked on the server), a name in Chinese
 * and English, a square image of the file store, a buy link (https) and the device models it fits:
 * the targeting's models (the catalogue's), one at least (`appDevices.modelRequired`). The app asks
 * with its model (`?model=`) and gets the accessories that fit it; each item names its models.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import { fieldCode } from '../validation';
import { appImageSchema, httpsUrl, imageFields } from './app-links';
import type { SlotRule } from './banners';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';

export const ACCESSORY_SLOTS = ['main'] as const;
export const ACCESSORY_SLOT_DEFS = {
  main: { page: '/user-platform/accessoryMrg', permission: 'user:platform:accessoryMrg:config' },
} as const;

/** A product shot: square (±1 %), 300–1200 px wide, 1 MB at most. */
export const ACCESSORY_IMAGE_RULE: SlotRule = { ratio: [1, 1], minWidth: 300, maxWidth: 1200, maxBytes: 1024 * 1024 };

const accessoryFields = {
  sku: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  ...imageFields,
  buyLink: z.string(),
};
export const accessoryPayloadSchema = z.object(accessoryFields);
export type AccessoryPayload = z.infer<typeof accessoryPayloadSchema>;
export const accessorySchema = contentRecord(ACCESSORY_SLOTS, accessoryFields);
export type Accessory = z.infer<typeof accessorySchema>;

export const accessoryBody = contentBody(
  {
    sku: z.string().trim().min(1, fieldCode('required')).max(60),
    nameZh: bilingualText(100),
    nameEn: bilingualText(100),
    imageFileId: idValue,
    buyLink: httpsUrl,
  },
  (v, ctx) => {
    oneOfPair('nameZh', 'nameEn', 'appContent.nameRequired')(v, ctx);
    if ((v.models as string[]).length === 0)
      ctx.addIssue({ code: 'custom', path: ['models'], message: fieldCode('appDevices.modelRequired') });
  },
);
export type AccessoryBody = z.infer<typeof accessoryBody>;

/** The item the app gets: the SKU, the name in its language and both, the image, the buy link, the models it fits. */
export const resolvedAccessorySchema = resolvedItem(ACCESSORY_SLOTS, {
  sku: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  image: appImageSchema,
  buyLink: z.string(),
  models: z.array(z.string()),
});

export const accessoryEndpoints = contentEndpoints({
  segment: 'accessories',
  slot: 'main',
  noun: 'accessory',
  permission: ACCESSORY_SLOT_DEFS.main.permission,
  record: accessorySchema,
  body: accessoryBody,
  item: resolvedAccessorySchema,
});

export const accessoryImage = defineEndpoint({
  method: 'POST',
  path: `${accessoryEndpoints.list.path}/image`,
  access: ACCESSORY_SLOT_DEFS.main.permission,
  summary: 'Store an accessory image (multipart field `file`): refused unless it is square, 300–1200 px wide, 1 MB at most',
  tags: ['app content'],
  write: true,
  data: storedFileSchema,
});

export const accessorySkus = defineEndpoint({
  method: 'GET',
  path: `${accessoryEndpoints.list.path}/skus`,
  access: ACCESSORY_SLOT_DEFS.main.permission,
  summary: "The catalogue's SKUs an accessory may name, by code, model or product name (50 at most)",
  tags: ['app content'],
  query: z.object({ keyword: z.string().trim().max(100).optional() }),
  data: z.array(z.object({ sku: z.string(), variant: z.string(), model: z.string(), name: z.string(), nameEn: z.string() })),
});
