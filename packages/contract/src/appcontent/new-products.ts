/**
 * New product launches (/user-platform/suNewProduct, issue #24): a declared kind on the publishing
 * model. A launch names one SKU of the back office's catalogue (checked on the server), a headline
 * and a text in Chinese and English, an image of the file store (the home banner's rule, 2:1) and a
 * buy link per country (https only, each country once). The window's start is the launch: it is
 * required (`appContent.launchDate`), and the app badges the product "new" for `newDays` (1–90)
 * after it: the item carries the instant the badge ends (`newUntil`).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import { fieldCode } from '../validation';
import { appImageSchema, buyLinkSchema, buyLinksIssues, buyLinksSchema, imageFields } from './app-links';
import { BANNER_SLOT_DEFS, type SlotRule } from './banners';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';

export const NEW_PRODUCT_SLOTS = ['main'] as const;
export const NEW_PRODUCT_SLOT_DEFS = {
  main: { page: '/user-platform/suNewProduct', permission: 'user:platform:suNewProduct:config' },
} as const;

/** The launch's image stands where the home banner stands: its rule (2:1, 750–2160 px, 2 MB). */
export const NEW_PRODUCT_IMAGE_RULE: SlotRule = BANNER_SLOT_DEFS.home.rule;
export const NEW_DAYS = { min: 1, max: 90, default: 30 } as const;

const newProductFields = {
  /** The catalogue's SKU, as the catalogue spells it. */
  sku: z.string(),
  headlineZh: z.string(),
  headlineEn: z.string(),
  textZh: z.string(),
  textEn: z.string(),
  /** Days after the launch the app shows the "new" badge. */
  newDays: z.number().int(),
  ...imageFields,
  buyLinks: z.array(z.object({ country: z.string(), url: z.string() })),
};
export const newProductPayloadSchema = z.object(newProductFields);
export type NewProductPayload = z.infer<typeof newProductPayloadSchema>;
export const newProductSchema = contentRecord(NEW_PRODUCT_SLOTS, newProductFields);
export type NewProduct = z.infer<typeof newProductSchema>;

export const newProductBody = contentBody(
  {
    sku: z.string().trim().min(1, fieldCode('required')).max(60),
    headlineZh: bilingualText(100),
    headlineEn: bilingualText(100),
    textZh: bilingualText(1000),
    textEn: bilingualText(1000),
    newDays: z.number().int().min(NEW_DAYS.min).max(NEW_DAYS.max).default(NEW_DAYS.default),
    imageFileId: idValue,
    buyLinks: buyLinksSchema,
  },
  (v, ctx) => {
    oneOfPair('headlineZh', 'headlineEn', 'appContent.headlineRequired')(v, ctx);
    buyLinksIssues('buyLinks')(v, ctx);
    if (!v.windowStart) ctx.addIssue({ code: 'custom', path: ['windowStart'], message: fieldCode('appContent.launchDate') });
  },
);
export type NewProductBody = z.infer<typeof newProductBody>;

/** The item the app gets: the SKU, texts in its language and both, the image, the buy links, the launch and the badge's end. */
export const resolvedNewProductSchema = resolvedItem(NEW_PRODUCT_SLOTS, {
  sku: z.string(),
  headline: z.string(),
  text: z.string(),
  headlineZh: z.string(),
  headlineEn: z.string(),
  textZh: z.string(),
  textEn: z.string(),
  image: appImageSchema,
  buyLinks: z.array(z.object({ country: z.string(), url: z.string() })),
  /** The launch: the window's start. */
  launchAt: z.string().nullable(),
  /** The instant the "new" badge ends (the launch plus `newDays` days). */
  newUntil: z.string().nullable(),
  newDays: z.number().int(),
});

export const newProductEndpoints = contentEndpoints({
  segment: 'new-products',
  slot: 'main',
  noun: 'new product launch',
  permission: NEW_PRODUCT_SLOT_DEFS.main.permission,
  record: newProductSchema,
  body: newProductBody,
  item: resolvedNewProductSchema,
});

export const newProductImage = defineEndpoint({
  method: 'POST',
  path: `${newProductEndpoints.list.path}/image`,
  access: NEW_PRODUCT_SLOT_DEFS.main.permission,
  summary: 'Store a launch image (multipart field `file`): refused unless it is a 2:1 image, 750–2160 px wide, 2 MB at most',
  tags: ['app content'],
  write: true,
  data: storedFileSchema,
});

/** The catalogue's SKUs a launch may name, by code, model or product name (50 at most; the buying guide's search). */
export const newProductSkus = defineEndpoint({
  method: 'GET',
  path: `${newProductEndpoints.list.path}/skus`,
  access: NEW_PRODUCT_SLOT_DEFS.main.permission,
  summary: "The catalogue's SKUs a launch may name, by code, model or product name (50 at most)",
  tags: ['app content'],
  query: z.object({ keyword: z.string().trim().max(100).optional() }),
  data: z.array(z.object({ sku: z.string(), variant: z.string(), model: z.string(), name: z.string(), nameEn: z.string() })),
});
