/**
 * Banners of the app (issue #24): one resource family on the publishing model, in three slots,
 * each its own screen and permission: the home page (/user-platform/bannerManege), a device's
 * page (/user-platform/deviceBanner) and the community (/user-platform/communityBanner).
 * A banner is an image from the file store that fits its slot's rule, alt text in Chinese and
 * English, an optional link, and the model's targeting, window and order.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, instantSchema, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { storedFileSchema } from '../files/files';
import type { PagePermission } from '../routes';
import { fieldCode } from '../validation';
import {
  appContextFields,
  CONTENT_STATES,
  contentActionBody,
  orderingFields,
  PLATFORMS,
  publishedRecordFields,
  targetingFields,
  WINDOW_STATUSES,
  windowFields,
} from './publishing';

export const BANNER_SLOTS = ['home', 'device', 'community'] as const;
export type BannerSlot = (typeof BANNER_SLOTS)[number];

const MB = 1024 * 1024;

/** What an image must be to stand in a slot: its aspect ratio (±1 %), its size bounds in pixels and its bytes. */
export interface SlotRule {
  ratio: readonly [number, number];
  minWidth: number;
  maxWidth: number;
  maxBytes: number;
}

export const BANNER_SLOT_DEFS = {
  home: {
    page: '/user-platform/bannerManege',
    permission: 'user:platform:bannerManege:config',
    rule: { ratio: [2, 1], minWidth: 750, maxWidth: 2160, maxBytes: 2 * MB },
  },
  device: {
    page: '/user-platform/deviceBanner',
    permission: 'user:platform:deviceBanner:config',
    rule: { ratio: [3, 1], minWidth: 750, maxWidth: 2250, maxBytes: 1 * MB },
  },
  community: {
    page: '/user-platform/communityBanner',
    permission: 'user:platform:communityBanner:config',
    rule: { ratio: [16, 9], minWidth: 720, maxWidth: 1920, maxBytes: 2 * MB },
  },
} as const satisfies Record<BannerSlot, { page: string; permission: PagePermission; rule: SlotRule }>;

/** Why an image does not fit a slot (null: it fits). */
export function slotRefusal(
  rule: SlotRule,
  image: { width: number | null; height: number | null; size: number },
): 'appContent.imageTooLarge' | 'appContent.imageSize' | null {
  if (image.size > rule.maxBytes) return 'appContent.imageTooLarge';
  const { width, height } = image;
  if (!width || !height) return 'appContent.imageSize';
  const [rw, rh] = rule.ratio;
  const off = Math.abs(width / height / (rw / rh) - 1);
  if (off > 0.01 || width < rule.minWidth || width > rule.maxWidth) return 'appContent.imageSize';
  return null;
}

/** The params of the slot's refusal texts ({w}:{h}, {min}–{max} px wide, {mb} MB). */
export const slotRuleParams = (rule: SlotRule) => ({
  w: rule.ratio[0],
  h: rule.ratio[1],
  min: rule.minWidth,
  max: rule.maxWidth,
  mb: rule.maxBytes / MB,
});

/** What a banner shows, as the app gets it (the payload stored with the record). */
export const bannerPayloadSchema = z.object({
  imageFileId: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  sha256: z.string(),
  altZh: z.string(),
  altEn: z.string(),
  link: z.string(),
});
export type BannerPayload = z.infer<typeof bannerPayloadSchema>;

export const bannerSchema = z.object({
  ...publishedRecordFields,
  slot: z.enum(BANNER_SLOTS),
  name: z.string(),
  imageFileId: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  altZh: z.string(),
  altEn: z.string(),
  link: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** A link the app can open: a web page (https) or one of its own screens (an app scheme: lumio://…). */
const linkSchema = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || /^(https:\/\/[^\s]+|[a-z][a-z0-9+.-]{1,30}:\/\/[^\s]+)$/i.test(s), fieldCode('appContent.link'))
  .refine((s) => !/^(javascript|data|vbscript|file):/i.test(s), fieldCode('appContent.link'));

export const bannerBody = z
  .object({
    name: z.string().trim().min(1, fieldCode('required')).max(100),
    imageFileId: idValue,
    altZh: z.string().trim().max(200).default(''),
    altEn: z.string().trim().max(200).default(''),
    link: linkSchema.default(''),
    ...orderingFields,
    ...targetingFields,
    ...windowFields,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.altZh && !v.altEn) ctx.addIssue({ code: 'custom', path: ['altZh'], message: fieldCode('appContent.altRequired') });
    if (v.windowStart && v.windowEnd && Date.parse(v.windowEnd) <= Date.parse(v.windowStart))
      ctx.addIssue({ code: 'custom', path: ['windowEnd'], message: fieldCode('endBeforeStart') });
  });
export type BannerBody = z.infer<typeof bannerBody>;

export const bannerUpdateBody = bannerBody.and(z.object({ version: idValue }));

export const BANNER_SORT_FIELDS = ['updatedAt', 'priority', 'windowStart'] as const;

/** The item the app gets for a banner (the read API and the preview alike). */
export const resolvedBannerSchema = z.object({
  id: z.number().int(),
  slot: z.enum(BANNER_SLOTS),
  priority: z.number().int(),
  position: z.number().int(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  image: z.object({ url: z.string(), thumbUrl: z.string(), width: z.number().int(), height: z.number().int() }),
  /** In the asked language when it has one (zh…: Chinese; otherwise English), the other one when it is empty. */
  alt: z.string(),
  altZh: z.string(),
  altEn: z.string(),
  link: z.string(),
});
export type ResolvedBanner = z.infer<typeof resolvedBannerSchema>;

export const previewBody = z
  .object({
    ...appContextFields,
    /** The instant to look at (default now): what the app will see then. */
    at: instantSchema.optional(),
  })
  .strict();

export const previewSchema = z.object({
  at: z.string(),
  etag: z.string(),
  items: z.array(resolvedBannerSchema),
});

const tags = ['app content'];

/** The endpoints of one banner slot, under its screen's permission and buttons. */
function bannerEndpoints<const S extends BannerSlot>(slot: S) {
  const def = BANNER_SLOT_DEFS[slot];
  const page = def.permission;
  const path = `appcontent/rest/v1/banners/${slot}` as const;
  const params = z.object({ id: idParam });
  return {
    list: defineEndpoint({
      method: 'GET',
      path,
      access: page,
      summary: `Banners of the ${slot} slot, last changed first unless sorted; the state is the effective one (a scheduled banner whose start has come is published)`,
      tags,
      query: z.object({
        keyword: z.string().trim().max(100).optional(),
        state: z.enum(CONTENT_STATES).optional(),
        windowStatus: z.enum(WINDOW_STATUSES).optional(),
        country: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/)
          .optional(),
        platform: z.enum(PLATFORMS).optional(),
        sortField: z.enum(BANNER_SORT_FIELDS).default('updatedAt'),
        sortOrder: sortOrderSchema.default('desc'),
        ...pagingQuery,
      }),
      data: pageSchema(bannerSchema),
    }),
    create: defineEndpoint({
      method: 'POST',
      path,
      access: `${page}:create`,
      summary: `Write a ${slot} banner (a draft until published or scheduled); its image must fit the slot`,
      tags,
      write: true,
      body: bannerBody,
      data: bannerSchema,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `${path}/{id}`,
      access: `${page}:edit`,
      summary: `Change a ${slot} banner (not an archived one: 409); 409 stale on another version`,
      tags,
      write: true,
      params,
      body: bannerUpdateBody,
      data: bannerSchema,
    }),
    act: defineEndpoint({
      method: 'POST',
      path: `${path}/{id}/actions`,
      access: `${page}:edit`,
      summary: `Publish, schedule, unschedule or archive a ${slot} banner (409 naming the state when it does not allow it)`,
      tags,
      write: true,
      params,
      body: contentActionBody,
      data: bannerSchema,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: `${path}/{id}`,
      access: `${page}:delete`,
      summary: `Delete a draft or archived ${slot} banner (409 otherwise)`,
      tags,
      write: true,
      params,
      data: z.null(),
    }),
    upload: defineEndpoint({
      method: 'POST',
      path: `${path}/image`,
      access: page,
      summary: `Store an image for a ${slot} banner (multipart field \`file\`): refused unless it is an image that fits the slot's ratio, width and size`,
      tags,
      write: true,
      data: storedFileSchema,
    }),
    preview: defineEndpoint({
      method: 'POST',
      path: `${path}/preview`,
      access: page,
      summary: `What one app (country, language, version, platform, model) sees in the ${slot} slot now or at a given instant: the app read API's resolver`,
      tags,
      body: previewBody,
      data: previewSchema,
    }),
    models: defineEndpoint({
      method: 'GET',
      path: `${path}/models`,
      access: page,
      summary: 'The catalogue’s device models a banner may target',
      tags,
      data: z.array(z.object({ model: z.string(), name: z.string(), nameEn: z.string() })),
    }),
  };
}

export const homeBanners = bannerEndpoints('home');
export const deviceBanners = bannerEndpoints('device');
export const communityBanners = bannerEndpoints('community');
export const BANNER_ENDPOINTS_OF = { home: homeBanners, device: deviceBanners, community: communityBanners } as const;
export type BannerEndpoints = typeof homeBanners;
