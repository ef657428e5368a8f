import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, version, writtenAt } from '../../db/columns';

/**
 * The app installations that registered themselves (`POST app/v1/devices`): what an audience is
 * matched against and where the quiet hours are read. `device_key` is the app's opaque id; the
 * version's numbers are kept beside its text so that a version range is a SQL condition.
 */
export const appDevices = pgTable(
  'app_devices',
  {
    id: serialId(),
    deviceKey: text('device_key').notNull(),
    country: text('country').notNull(),
    language: text('language').notNull(),
    appVersion: text('app_version').notNull(),
    major: integer('v_major').notNull(),
    minor: integer('v_minor').notNull(),
    patch: integer('v_patch').notNull(),
    platform: text('platform').notNull(),
    model: text('model').notNull(),
    /** IANA, checked at registration. */
    timeZone: text('time_zone').notNull(),
    /** The push provider's token: stored, never answered. */
    pushToken: text('push_token'),
    ...writtenAt(),
  },
  (t) => [uniqueIndex('app_devices_key_uq').on(t.deviceKey), index('app_devices_country_ix').on(t.country)],
);

/**
 * A message of the message centre (MESSAGE_MACHINE). Its audience is the content model's
 * targeting; `audience_max_device` freezes it when sending begins (the devices registered by
 * then), `cursor_device` is how far the sender expanded it (committed with each batch's deliveries).
 */
export const appMessages = pgTable(
  'app_messages',
  {
    id: serialId(),
    name: text('name').notNull(),
    titleZh: text('title_zh').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    bodyZh: text('body_zh').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    link: text('link').notNull().default(''),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    versionRange: text('version_range').notNull().default(''),
    platforms: text('platforms').array().notNull().default(sql`'{}'::text[]`),
    models: text('models').array().notNull().default(sql`'{}'::text[]`),
    sendAt: timestamp('send_at', { withTimezone: true }),
    throttlePerMinute: integer('throttle_per_minute').notNull().default(1000),
    /** 'HH:MM' local to each device, both or neither. */
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Of MESSAGE_STATES. */
    state: text('state').notNull().default('draft'),
    targeted: integer('targeted').notNull().default(0),
    audienceMaxDevice: integer('audience_max_device'),
    cursorDevice: integer('cursor_device').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    index('app_messages_state_ix').on(t.state),
    check('app_messages_throttle_ck', sql`${t.throttlePerMinute} BETWEEN 1 AND 100000`),
  ],
);

/**
 * One message in one device's inbox: at most one per (message, device), whatever crashes and
 * retries happen (the UNIQUE constraint). state: delivered (in the inbox), deferred (held by the
 * device's quiet hours until `due_at`), expired (still held when the message expired or was
 * cancelled). `pushed_at`: the push provider took it (the outbox of a real provider).
 */
export const appMessageDeliveries = pgTable(
  'app_message_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => appMessages.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => appDevices.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    deferredAt: timestamp('deferred_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_message_deliveries_once_uq').on(t.messageId, t.deviceId),
    index('app_message_deliveries_inbox_ix').on(t.deviceId, t.deliveredAt).where(sql`state = 'delivered'`),
    index('app_message_deliveries_due_ix').on(t.messageId, t.dueAt).where(sql`state = 'deferred'`),
    index('app_message_deliveries_window_ix').on(t.messageId, t.deliveredAt),
  ],
);
