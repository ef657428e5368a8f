/**
 * Featured content (/user-platform/exquisiteSetting, issue #24): a declared kind on the publishing
 * model. A featured card is curated by an operator: a title and subtitle in Chinese and English, a
 * cover image of the file store, and what it opens: another content record (one of the kinds a card
 * makes sense for, its id checked on every save to be a record of that kind that is not archived:
 * `appContent.targetMissing`) or an https address. The app's item says what it points to.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import { fieldCode } from '../validation';
import { appImageSchema, imageFields, optionalHttpsUrl } from './app-links';
import type { SlotRule } from './banners';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';
import { CONTENT_STATES } from './publishing';

export const FEATURED_SLOTS = ['main'] as const;
export const FEATURED_SLOT_DEFS = {
  main: { page: '/user-platform/exquisiteSetting', permission: 'user:platform:exquisiteSetting:config' },
} as const;

/** A card's cover: 3:2 (the home cover's shape), 600–2160 px wide, 2 MB at most. */
export const FEATURED_IMAGE_RULE: SlotRule = { ratio: [3, 2], minWidth: 600, maxWidth: 2160, maxBytes: 2 * 1024 * 1024 };

/** The kinds a card may open: things a user reads or tries, not settings. */
export const FEATURED_TARGET_KINDS = [
  'lightEffect',
  'dreamViewScene',
  'buyingGuide',
  'appGuide',
  'banner',
  'newProduct',
  'accessory',
  'lifeApp',
  'sceneCategory',
] as const;
export type FeaturedTargetKind = (typeof FEATURED_TARGET_KINDS)[number];
export const FEATURED_TARGET_TYPES = ['content', 'url'] as const;

const featuredFields = {
  titleZh: z.string(),
  titleEn: z.string(),
  subtitleZh: z.string(),
  subtitleEn: z.string(),
  ...imageFields,
  targetType: z.enum(FEATURED_TARGET_TYPES),
  /** The record opened (`content`): its kind and id; null for a URL. */
  targetKind: z.enum(FEATURED_TARGET_KINDS).nullable(),
  targetId: z.number().int().nullable(),
  /** The address opened (`url`); '' for a record. */
  url: z.string(),
};
export const featuredPayloadSchema = z.object(featuredFields);
export type FeaturedPayload = z.infer<typeof featuredPayloadSchema>;
export const featuredSchema = contentRecord(FEATURED_SLOTS, featuredFields);
export type Featured = z.infer<typeof featuredSchema>;

export const featuredBody = contentBody(
  {
    titleZh: bilingualText(60),
    titleEn: bilingualText(60),
    subtitleZh: bilingualText(120),
    subtitleEn: bilingualText(120),
    imageFileId: idValue,
    targetType: z.enum(FEATURED_TARGET_TYPES),
    targetKind: z.enum(FEATURED_TARGET_KINDS).nullable().default(null),
    targetId: idValue.nullable().default(null),
    url: optionalHttpsUrl,
  },
  (v, ctx) => {
    oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired')(v, ctx);
    const need = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: fieldCode('required') });
    if (v.targetType === 'content') {
      if (!v.targetKind) need('targetKind');
      if (!v.targetId) need('targetId');
    } else if (!v.url) need('url');
  },
);
export type FeaturedBody = z.infer<typeof featuredBody>;

/** The item the app gets: the texts in its language and both, the cover, and what it opens (a record of a kind, or a URL). */
export const resolvedFeaturedSchema = resolvedItem(FEATURED_SLOTS, {
  title: z.string(),
  subtitle: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  subtitleZh: z.string(),
  subtitleEn: z.string(),
  image: appImageSchema,
  target: z.union([
    z.object({ type: z.literal('content'), kind: z.enum(FEATURED_TARGET_KINDS), id: z.number().int() }),
    z.object({ type: z.literal('url'), url: z.string() }),
  ]),
});

export const featuredEndpoints = contentEndpoints({
  segment: 'featured',
  slot: 'main',
  noun: 'featured card',
  permission: FEATURED_SLOT_DEFS.main.permission,
  record: featuredSchema,
  body: featuredBody,
  item: resolvedFeaturedSchema,
});

export const featuredImage = defineEndpoint({
  method: 'POST',
  path: `${featuredEndpoints.list.path}/image`,
  access: FEATURED_SLOT_DEFS.main.permission,
  summary: 'Store a card cover (multipart field `file`): refused unless it is a 3:2 image, 600–2160 px wide, 2 MB at most',
  tags: ['app content'],
  write: true,
  data: storedFileSchema,
});

/** The records of a kind a card may open: not archived, last changed first, 200 at most. */
export const featuredTargets = defineEndpoint({
  method: 'GET',
  path: `${featuredEndpoints.list.path}/targets`,
  access: FEATURED_SLOT_DEFS.main.permission,
  summary: 'The records of a kind (not archived) a featured card may open, last changed first, 200 at most',
  tags: ['app content'],
  query: z.object({ kind: z.enum(FEATURED_TARGET_KINDS) }),
  data: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(FEATURED_TARGET_KINDS),
      slot: z.string(),
      name: z.string(),
      state: z.enum(CONTENT_STATES),
    }),
  ),
});
