/**
 * DIY categories (/user-platform/diyCategory, issue #24): a declared kind on the publishing model.
 * The categories users file their own (DIY) light effects under: a name in Chinese and English, a
 * key the app stores with each DIY effect (a lower-case slug, `appContent.slug`, unique among the
 * records that are not archived: a 409 `appContent.keyTaken` on `key`, also when an archived one is
 * published again over a live one) and an icon (the light-effect icons' rule).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import { fieldCode } from '../validation';
import { appImageSchema, imageFields } from './app-links';
import { ICON_IMAGE_RULE } from './icons';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';

export const DIY_CATEGORY_SLOTS = ['main'] as const;
export const DIY_CATEGORY_SLOT_DEFS = {
  main: { page: '/user-platform/diyCategory', permission: 'user:platform:diyCategory:config' },
} as const;
export const DIY_ICON_RULE = ICON_IMAGE_RULE;
/** A key: lower-case letters and digits in words joined by single hyphens, 2–40 characters (`party-lights`). */
// eslint-disable-next-line security/detect-unsafe-regex -- linear: each repetition starts with a separator the one before cannot hold
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const diyFields = { key: z.string(), nameZh: z.string(), nameEn: z.string(), ...imageFields };
export const diyCategoryPayloadSchema = z.object(diyFields);
export type DiyCategoryPayload = z.infer<typeof diyCategoryPayloadSchema>;
export const diyCategorySchema = contentRecord(DIY_CATEGORY_SLOTS, diyFields);
export type DiyCategory = z.infer<typeof diyCategorySchema>;

export const diyCategoryBody = contentBody(
  {
    key: z
      .string()
      .trim()
      .min(1, fieldCode('required'))
      .max(40)
      .refine((s) => s.length >= 2 && SLUG.test(s), fieldCode('appContent.slug')),
    nameZh: bilingualText(30),
    nameEn: bilingualText(30),
    imageFileId: idValue,
  },
  oneOfPair('nameZh', 'nameEn', 'appContent.nameRequired'),
);
export type DiyCategoryBody = z.infer<typeof diyCategoryBody>;

/** The item the app gets: the key, the name in its language and both, the icon. */
export const resolvedDiyCategorySchema = resolvedItem(DIY_CATEGORY_SLOTS, {
  key: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  icon: appImageSchema,
});

export const diyCategoryEndpoints = contentEndpoints({
  segment: 'diy-categories',
  slot: 'main',
  noun: 'DIY category',
  permission: DIY_CATEGORY_SLOT_DEFS.main.permission,
  record: diyCategorySchema,
  body: diyCategoryBody,
  item: resolvedDiyCategorySchema,
});

export const diyCategoryImage = defineEndpoint({
  method: 'POST',
  path: `${diyCategoryEndpoints.list.path}/image`,
  access: DIY_CATEGORY_SLOT_DEFS.main.permission,
  summary: 'Store a DIY category icon (multipart field `file`): refused unless it is square, 96–512 px wide, 256 KB at most',
  tags: ['app content'],
  write: true,
  data: storedFileSchema,
});
