/**
 * The app's side of the message centre (docs/app-messages.md): a device registers itself and
 * reads its in-app inbox. Both calls need a known app key (`X-App-Key`, the content read API's
 * keys and rate limits): unlike public content, they write and read per-device data.
 */
import { z } from 'zod';
import { countryCode, languageTag, modelCode, PLATFORMS } from '../appcontent/publishing';
import { parseAppVersion } from '../appcontent/semver';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['app'];

/** An IANA time zone this runtime knows ("Asia/Tokyo", "UTC"); "+08:00" or "CST" is refused. */
export function isTimeZone(tz: string): boolean {
  // eslint-disable-next-line security/detect-unsafe-regex -- linear: each repetition starts with a separator the one before cannot hold
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The opaque id an app keeps for its installation (not a hardware serial). */
export const deviceIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._:-]{8,128}$/, fieldCode('appMessages.deviceId'));

export const deviceBody = z
  .object({
    deviceId: deviceIdSchema,
    country: countryCode,
    language: languageTag,
    appVersion: z
      .string()
      .trim()
      .max(60)
      .refine((s) => parseAppVersion(s) !== null, fieldCode('appContent.appVersion')),
    platform: z.enum(PLATFORMS),
    model: modelCode,
    timeZone: z.string().trim().max(64).refine(isTimeZone, fieldCode('appMessages.timeZone')),
    /** The push provider's token; stored, never answered. */
    pushToken: z.string().trim().min(1).max(4096).optional(),
  })
  .strict();
export type DeviceBody = z.output<typeof deviceBody>;

export const registerDevice = defineEndpoint({
  method: 'POST',
  path: 'app/v1/devices',
  access: 'public',
  summary:
    'An app registers (or updates) its installation: country, language, app version, platform, model, IANA time zone and an optional push token (stored, never answered). Needs a known X-App-Key (401 otherwise); rate-limited per key',
  tags,
  body: deviceBody,
  data: z.object({ deviceId: z.string(), registeredAt: z.string(), updatedAt: z.string() }),
});

export const inboxItemSchema = z.object({
  id: z.number().int(),
  /** In the device's language, else the other one. */
  title: z.string(),
  body: z.string(),
  link: z.string(),
  deliveredAt: z.string(),
  readAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const readInbox = defineEndpoint({
  method: 'GET',
  path: 'app/v1/inbox',
  access: 'public',
  summary:
    "The device's delivered, unexpired messages in its language, newest first, paged (unread counted apart). Needs a known X-App-Key; 404 for a device never registered",
  tags,
  query: z.object({ device: deviceIdSchema, ...pagingQuery }),
  data: pageSchema(inboxItemSchema).extend({ unread: z.number().int() }),
});

export const markInboxRead = defineEndpoint({
  method: 'POST',
  path: 'app/v1/inbox/{id}/read',
  access: 'public',
  summary: 'Marks a delivered message read on this device (the first time counts; again is a no-op). 404 when not in its inbox',
  tags,
  params: z.object({ id: idParam }),
  body: z.object({ device: deviceIdSchema }).strict(),
  data: z.object({ id: z.number().int(), readAt: z.string() }),
});
