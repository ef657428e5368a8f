/**
 * Banners of the app (issue #24): one resource family on the publishing model, in three slots,
 * each its own screen and permission: the home page (/user-platform/bannerManege), a device's
 * page (/user-platform/deviceBanner) and the community (/user-platform/communityBanner).
 * A banner is an image from the file store that fits its slot's rule, alt text in Chinese and
 * English, an optional link, and the model's targeting, window and order.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import type { PagePermission } from '../routes';
import { fieldCode } from '../validation';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';

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

export const bannerSchema = contentRecord(BANNER_SLOTS, {
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

export const bannerBody = contentBody(
  { imageFileId: idValue, altZh: bilingualText(200), altEn: bilingualText(200), link: linkSchema.default('') },
  oneOfPair('altZh', 'altEn', 'appContent.altRequired'),
);
export type BannerBody = z.infer<typeof bannerBody>;

/** The item the app gets for a banner (the read API and the preview alike). */
export const resolvedBannerSchema = resolvedItem(BANNER_SLOTS, {
  image: z.object({ url: z.string(), thumbUrl: z.string(), width: z.number().int(), height: z.number().int() }),
  /** In the asked language when it has one (zh…: Chinese; otherwise English), the other one when it is empty. */
  alt: z.string(),
  altZh: z.string(),
  altEn: z.string(),
  link: z.string(),
});
export type ResolvedBanner = z.infer<typeof resolvedBannerSchema>;

const tags = ['app content'];

/** The endpoints of one banner slot, under its screen's permission and buttons: the kind's, and the image upload. */
function bannerEndpoints<const S extends BannerSlot>(slot: S) {
  const def = BANNER_SLOT_DEFS[slot];
  const base = contentEndpoints({
    segment: 'banners',
    slot,
    noun: 'banner',
    permission: def.permission,
    record: bannerSchema,
    body: bannerBody,
    item: resolvedBannerSchema,
  });
  return {
    ...base,
    upload: defineEndpoint({
      method: 'POST',
      path: `${base.list.path}/image`,
      access: def.permission,
      summary: `Store an image for a ${slot} banner (multipart field \`file\`): refused unless it is an image that fits the slot's ratio, width and size`,
      tags,
      write: true,
      data: storedFileSchema,
    }),
  };
}

export const homeBanners = bannerEndpoints('home');
export const deviceBanners = bannerEndpoints('device');
export const communityBanners = bannerEndpoints('community');
export const BANNER_ENDPOINTS_OF = { home: homeBanners, device: deviceBanners, community: communityBanners } as const;
export type BannerEndpoints = typeof homeBanners;
