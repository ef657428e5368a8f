/**
 * Life apps (/user-platform/lifeApp, issue #24): a declared kind on the publishing model. A
 * third-party app that works with the devices (Alexa, Google Home, SmartThings, IFTTT…): its name,
 * a description in Chinese and English, an icon (the light-effect icons' rule), its store links
 * for iOS and Android (https; one at least: `appContent.storeRequired`), the deep link that starts
 * the account link (an app scheme or https) and the models it supports: the targeting's models
 * (the catalogue's; none: every model).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import { fieldCode } from '../validation';
import { appImageSchema, appOrHttpsLink, imageFields, optionalHttpsUrl } from './app-links';
import { ICON_IMAGE_RULE } from './icons';
import { bilingualText, contentBody, contentEndpoints, contentRecord, resolvedItem } from './kinds';

export const LIFE_APP_SLOTS = ['main'] as const;
export const LIFE_APP_SLOT_DEFS = {
  main: { page: '/user-platform/lifeApp', permission: 'user:platform:lifeApp:config' },
} as const;
export const LIFE_APP_ICON_RULE = ICON_IMAGE_RULE;

const lifeAppFields = {
  appName: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  ...imageFields,
  iosUrl: z.string(),
  androidUrl: z.string(),
  accountLink: z.string(),
};
export const lifeAppPayloadSchema = z.object(lifeAppFields);
export type LifeAppPayload = z.infer<typeof lifeAppPayloadSchema>;
export const lifeAppSchema = contentRecord(LIFE_APP_SLOTS, lifeAppFields);
export type LifeApp = z.infer<typeof lifeAppSchema>;

export const lifeAppBody = contentBody(
  {
    appName: z.string().trim().min(1, fieldCode('required')).max(60),
    descriptionZh: bilingualText(500),
    descriptionEn: bilingualText(500),
    imageFileId: idValue,
    iosUrl: optionalHttpsUrl,
    androidUrl: optionalHttpsUrl,
    accountLink: appOrHttpsLink,
  },
  (v, ctx) => {
    if (!v.iosUrl && !v.androidUrl)
      ctx.addIssue({ code: 'custom', path: ['iosUrl'], message: fieldCode('appContent.storeRequired') });
  },
);
export type LifeAppBody = z.infer<typeof lifeAppBody>;

/** The item the app gets: the name, the description in its language and both, the icon, the links, the models (none: every model). */
export const resolvedLifeAppSchema = resolvedItem(LIFE_APP_SLOTS, {
  appName: z.string(),
  description: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  icon: appImageSchema,
  iosUrl: z.string(),
  androidUrl: z.string(),
  accountLink: z.string(),
  models: z.array(z.string()),
});

export const lifeAppEndpoints = contentEndpoints({
  segment: 'life-apps',
  slot: 'main',
  noun: 'life app',
  permission: LIFE_APP_SLOT_DEFS.main.permission,
  record: lifeAppSchema,
  body: lifeAppBody,
  item: resolvedLifeAppSchema,
});

export const lifeAppImage = defineEndpoint({
  method: 'POST',
  path: `${lifeAppEndpoints.list.path}/image`,
  access: LIFE_APP_SLOT_DEFS.main.permission,
  summary: 'Store a life app icon (multipart field `file`): refused unless it is square, 96–512 px wide, 256 KB at most',
  tags: ['app content'],
  write: true,
  data: storedFileSchema,
});
