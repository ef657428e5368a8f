/**
 * What the app reports (docs/app-data.md "Reporting"): `POST app/v1/events`, outside the session
 * auth with the content read API's app-key admission (`X-App-Key`). A batch holds 1–500 events
 * and at most 256 KB (over: 413). Each event is judged on its own against the action list: a
 * good one is kept (raw for 90 days, and counted in the daily rollup in the same transaction), a
 * bad one is refused with a field code, and an event id the server has already kept for that
 * device counts once however often the batch is resent.
 */
import { z } from 'zod';
import { PLATFORMS } from '../appcontent/publishing';
import { defineEndpoint } from '../endpoint';
import type { FieldCode } from '../validation';

export const MAX_EVENTS_PER_BATCH = 500;
export const MAX_BATCH_BYTES = 256 * 1024;
/** Raw events are kept this long; the rollup for good. */
export const RAW_RETENTION_DAYS = 90;
/** An event older than this is refused, so that a resent batch always meets its first copy in the raw table. */
export const MAX_EVENT_AGE_DAYS = 30;

/** One event as the app sends it; judged per event by the server (a bad one does not refuse the batch). */
export const reportedEventSchema = z
  .object({
    /** The app's own id of the event, unique per device (a UUID is fine): what makes a resend count once. */
    eventId: z.string().min(1).max(64),
    action: z.string().min(1).max(64),
    /** Opaque, chosen by the app (not a hardware id). */
    deviceId: z.string().min(1).max(128),
    occurredAt: z.iso.datetime({ offset: true }),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((s) => s.toUpperCase())
      .optional(),
    // eslint-disable-next-line security/detect-unsafe-regex -- linear: each repetition starts with a separator the one before cannot hold
    appVersion: z.string().regex(/^\d{1,6}(\.\d{1,6}){0,2}$/),
    platform: z.enum(PLATFORMS),
    model: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/)
      .transform((s) => s.toUpperCase())
      .optional(),
    params: z.record(z.string().max(40), z.union([z.string(), z.number(), z.boolean()])).default({}),
  })
  .strict();
export type ReportedEvent = z.infer<typeof reportedEventSchema>;

export const EVENT_OUTCOMES = ['accepted', 'duplicate', 'rejected'] as const;

/** Why an event was refused: the field codes of `validation/texts-appdata.ts`. */
export const EVENT_REJECTIONS = [
  'appData.eventInvalid',
  'appData.unknownAction',
  'appData.actionDisabled',
  'appData.paramMissing',
  'appData.paramUnknown',
  'appData.paramType',
  'appData.paramValue',
  'appData.tooOld',
  'appData.inFuture',
  'appData.duplicateInBatch',
] as const satisfies readonly FieldCode[];
export type EventRejection = (typeof EVENT_REJECTIONS)[number];

export const eventResultSchema = z.object({
  /** The event's place in the batch (0-based). */
  index: z.number().int(),
  eventId: z.string().nullable(),
  outcome: z.enum(EVENT_OUTCOMES),
  code: z.enum(EVENT_REJECTIONS).optional(),
  /** The field refused: `action`, `params.mode`, `occurredAt`... */
  field: z.string().optional(),
});

export const reportEvents = defineEndpoint({
  method: 'POST',
  path: 'app/v1/events',
  access: 'public',
  summary:
    'The app reports a batch of events (1–500, 256 KB); each is kept, counted once or refused with a code (X-App-Key as the read API)',
  tags: ['app read API'],
  body: z.object({
    events: z.array(z.unknown()).min(1).max(MAX_EVENTS_PER_BATCH),
  }),
  data: z.object({
    accepted: z.number().int(),
    duplicates: z.number().int(),
    rejected: z.number().int(),
    results: z.array(eventResultSchema),
  }),
});
