/**
 * Activity themes (/user-platform/activityThemes, issue #24): a declared kind on the publishing
 * model. While an activity runs (a sale, a festival) the app dresses itself in its theme: a name
 * in Chinese and English, four colours (`#RRGGBB`: primary, secondary, background, text) and a
 * banner image of the file store. The activity's window is the record's window, so a theme needs
 * both its start and its end (`appContent.activityWindow`): one without an end would dress the
 * app for ever.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import { fieldCode } from '../validation';
import { BANNER_SLOT_DEFS, type SlotRule } from './banners';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';
import { colorSchema } from './light-effects';

export const ACTIVITY_THEME_SLOTS = ['main'] as const;
export const ACTIVITY_THEME_SLOT_DEFS = {
  main: { page: '/user-platform/activityThemes', permission: 'user:platform:activityThemes:config' },
} as const;

/** The theme's banner stands where the home banner stands: the home banner's rule (2:1, 750–2160 px, 2 MB). */
export const THEME_IMAGE_RULE: SlotRule = BANNER_SLOT_DEFS.home.rule;

/** The theme's colours, in the order the screen and the swatch show them. */
export const THEME_COLORS = ['primaryColor', 'secondaryColor', 'backgroundColor', 'textColor'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];

const activityThemeFields = {
  nameZh: z.string(),
  nameEn: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  /** The banner image (file store), its dimensions as stored. */
  imageFileId: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
};
export const activityThemePayloadSchema = z.object(activityThemeFields);
export type ActivityThemePayload = z.infer<typeof activityThemePayloadSchema>;
export const activityThemeSchema = contentRecord(ACTIVITY_THEME_SLOTS, activityThemeFields);
export type ActivityTheme = z.infer<typeof activityThemeSchema>;

export const activityThemeBody = contentBody(
  {
    nameZh: bilingualText(100),
    nameEn: bilingualText(100),
    primaryColor: colorSchema,
    secondaryColor: colorSchema,
    backgroundColor: colorSchema,
    textColor: colorSchema,
    imageFileId: idValue,
  },
  (v, ctx) => {
    oneOfPair('nameZh', 'nameEn', 'appContent.nameRequired')(v, ctx);
    for (const side of ['windowStart', 'windowEnd'] as const)
      if (!v[side]) ctx.addIssue({ code: 'custom', path: [side], message: fieldCode('appContent.activityWindow') });
  },
);
export type ActivityThemeBody = z.infer<typeof activityThemeBody>;

/** The item the app gets: the name in its language, the colours, the banner's URLs and size (the activity's window is the item's). */
export const resolvedActivityThemeSchema = resolvedItem(ACTIVITY_THEME_SLOTS, {
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  colors: z.object({ primary: z.string(), secondary: z.string(), background: z.string(), text: z.string() }),
  image: z.object({ url: z.string(), thumbUrl: z.string(), width: z.number().int(), height: z.number().int() }),
});

export const activityThemeEndpoints = contentEndpoints({
  segment: 'activity-themes',
  slot: 'main',
  noun: 'activity theme',
  permission: ACTIVITY_THEME_SLOT_DEFS.main.permission,
  record: activityThemeSchema,
  body: activityThemeBody,
  item: resolvedActivityThemeSchema,
});

export const activityThemeImage = defineEndpoint({
  method: 'POST',
  path: `${activityThemeEndpoints.list.path}/image`,
  access: ACTIVITY_THEME_SLOT_DEFS.main.permission,
  summary:
    'Store a banner image for an activity theme (multipart field `file`): refused unless it is a 2:1 image, 750–2160 px wide, 2 MB at most',
  tags: ['app content'],
  write: true,
  data: storedFileSchema,
});
