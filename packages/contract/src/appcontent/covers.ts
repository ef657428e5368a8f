/**
 * Covers of the app (/user-platform/coverMgr, issue #24): a declared kind on the publishing model,
 * in two slots on one screen: the cover at the top of the app's home page (`home`) and the
 * full-screen splash shown while the app starts (`splash`). A cover is what a banner is (an image
 * of the file store that fits its slot's rule, alt text in Chinese and English, a link), so it
 * takes the banner's body, record and item as they are, with its own slots and rules.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { storedFileSchema } from '../files/files';
import { bannerBody, bannerSchema, resolvedBannerSchema, type SlotRule } from './banners';
import { contentEndpoints } from './kinds';

export const COVER_SLOTS = ['home', 'splash'] as const;
export type CoverSlot = (typeof COVER_SLOTS)[number];

const MB = 1024 * 1024;
const SCREEN = { page: '/user-platform/coverMgr', permission: 'user:platform:coverMgr:config' } as const;

/**
 * One screen and permission for both slots; each its own image rule: the home cover is a 3:2
 * picture across the top of the home page, the splash a full phone screen (9:19.5, the shape of
 * today's phones; the app crops the edges of others).
 */
export const COVER_SLOT_DEFS = {
  home: { ...SCREEN, rule: { ratio: [3, 2], minWidth: 750, maxWidth: 2160, maxBytes: 2 * MB } },
  splash: { ...SCREEN, rule: { ratio: [9, 19.5], minWidth: 720, maxWidth: 1440, maxBytes: 2 * MB } },
} as const satisfies Record<CoverSlot, { page: string; permission: string; rule: SlotRule }>;

export const coverSchema = z.object({ ...bannerSchema.shape, slot: z.enum(COVER_SLOTS) });
export type Cover = z.infer<typeof coverSchema>;
export const coverBody = bannerBody;
export const resolvedCoverSchema = z.object({ ...resolvedBannerSchema.shape, slot: z.enum(COVER_SLOTS) });

function coverEndpoints<const S extends CoverSlot>(slot: S) {
  const base = contentEndpoints({
    segment: 'covers',
    slot,
    noun: 'cover',
    permission: SCREEN.permission,
    record: coverSchema,
    body: coverBody,
    item: resolvedCoverSchema,
  });
  return {
    ...base,
    upload: defineEndpoint({
      method: 'POST',
      path: `${base.list.path}/image`,
      access: SCREEN.permission,
      summary: `Store an image for a ${slot} cover (multipart field \`file\`): refused unless it is an image that fits the slot's ratio, width and size`,
      tags: ['app content'],
      write: true,
      data: storedFileSchema,
    }),
  };
}

/** Each slot's endpoints at `appcontent/rest/v1/covers/{home|splash}`, with its image upload. */
export const COVER_ENDPOINTS_OF = { home: coverEndpoints('home'), splash: coverEndpoints('splash') } as const;
