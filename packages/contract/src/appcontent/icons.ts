/**
 * Light-effect icons (/user-platform/lightEffectIconMgr, issue #24): a declared kind on the
 * publishing model. An icon is a square image of the file store (96–512 px, 256 KB at most: the
 * app draws it at 48 pt), a name in Chinese and English and a group, the effects' categories, so
 * the app shows an effect's icons beside the effects of its category.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import type { SlotRule } from './banners';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';
import { EFFECT_CATEGORIES } from './light-effects';

export const LIGHT_EFFECT_ICON_SLOTS = ['main'] as const;
export const LIGHT_EFFECT_ICON_SLOT_DEFS = {
  main: { page: '/user-platform/lightEffectIconMgr', permission: 'user:platform:lightEffectIconMgr:config' },
} as const;

/** An icon: square (±1 %), 96–512 px wide, 256 KB at most. */
export const ICON_IMAGE_RULE: SlotRule = { ratio: [1, 1], minWidth: 96, maxWidth: 512, maxBytes: 256 * 1024 };

/** The icons' groups: the effects' categories. */
export const ICON_GROUPS = EFFECT_CATEGORIES;

const iconFields = {
  nameZh: z.string(),
  nameEn: z.string(),
  group: z.enum(ICON_GROUPS),
  imageFileId: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
};
export const lightEffectIconPayloadSchema = z.object(iconFields);
export type LightEffectIconPayload = z.infer<typeof lightEffectIconPayloadSchema>;
export const lightEffectIconSchema = contentRecord(LIGHT_EFFECT_ICON_SLOTS, iconFields);
export type LightEffectIcon = z.infer<typeof lightEffectIconSchema>;

export const lightEffectIconBody = contentBody(
  { nameZh: bilingualText(50), nameEn: bilingualText(50), group: z.enum(ICON_GROUPS), imageFileId: idValue },
  oneOfPair('nameZh', 'nameEn', 'appContent.nameRequired'),
);
export type LightEffectIconBody = z.infer<typeof lightEffectIconBody>;

/** The item the app gets: the name in its language, both names, the group, the image's URLs and size. */
export const resolvedLightEffectIconSchema = resolvedItem(LIGHT_EFFECT_ICON_SLOTS, {
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  group: z.enum(ICON_GROUPS),
  image: z.object({ url: z.string(), thumbUrl: z.string(), width: z.number().int(), height: z.number().int() }),
});

export const lightEffectIconEndpoints = contentEndpoints({
  segment: 'light-effect-icons',
  slot: 'main',
  noun: 'light-effect icon',
  permission: LIGHT_EFFECT_ICON_SLOT_DEFS.main.permission,
  record: lightEffectIconSchema,
  body: lightEffectIconBody,
  item: resolvedLightEffectIconSchema,
});

export const lightEffectIconImage = defineEndpoint({
  method: 'POST',
  path: `${lightEffectIconEndpoints.list.path}/image`,
  access: LIGHT_EFFECT_ICON_SLOT_DEFS.main.permission,
  summary: 'Store an icon image (multipart field `file`): refused unless it is a square image, 96–512 px wide, 256 KB at most',
  tags: ['app content'],
  write: true,
  data: storedFileSchema,
});
