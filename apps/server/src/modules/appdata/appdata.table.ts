import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { serialId, version, writtenAt } from '../../db/columns';

/**
 * The action list (/user-platform/actionList): what the app may report. `first_reported_at` is set
 * by the first accepted event: from then on the key stays and the action is not deleted. Company data.
 */
export const appDataActions = pgTable(
  'app_data_actions',
  {
    id: serialId(),
    key: text('key').notNull(),
    nameZh: text('name_zh').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** [{name, type, values, required}] as the contract's actionParamSchema. */
    params: jsonb('params').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    firstReportedAt: timestamp('first_reported_at', { withTimezone: true }),
    /** Accepted events of the action, all time, and the last day (UTC) one occurred: kept by the ingest's transaction. */
    reported: bigint('reported', { mode: 'number' }).notNull().default(0),
    lastDay: date('last_day'),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [uniqueIndex('app_data_actions_key_uq').on(t.key)],
);

/**
 * Raw events as accepted, kept 90 days (the retention job). The primary key is the idempotency
 * key: an event id the app resends for the same device is not kept, nor counted, twice.
 */
export const appDataEvents = pgTable(
  'app_data_events',
  {
    deviceId: text('device_id').notNull(),
    eventId: text('event_id').notNull(),
    actionId: integer('action_id')
      .notNull()
      .references(() => appDataActions.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    country: text('country').notNull().default(''),
    platform: text('platform').notNull(),
    appVersion: text('app_version').notNull(),
    model: text('model').notNull().default(''),
    params: jsonb('params').notNull(),
  },
  (t) => [
    primaryKey({ name: 'app_data_events_pk', columns: [t.deviceId, t.eventId] }),
    index('app_data_events_received_ix').on(t.receivedAt),
  ],
);

/**
 * The rollup the data square reads: accepted events per day (UTC, of `occurred_at`) × action ×
 * country × platform × app version × model, added to in the transaction that keeps the events.
 * '' stands for a country or model the app did not send.
 */
export const appDataDaily = pgTable(
  'app_data_daily',
  {
    day: date('day').notNull(),
    actionId: integer('action_id')
      .notNull()
      .references(() => appDataActions.id),
    country: text('country').notNull(),
    platform: text('platform').notNull(),
    appVersion: text('app_version').notNull(),
    model: text('model').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'app_data_daily_pk', columns: [t.day, t.actionId, t.country, t.platform, t.appVersion, t.model] }),
    index('app_data_daily_action_ix').on(t.actionId, t.day),
  ],
);

/**
 * Devices active per day (one row per device and day, with what it reported from first that day):
 * the square's active devices, which the event rollup cannot give (a device counts once however
 * many actions it reports).
 */
export const appDataDeviceDays = pgTable(
  'app_data_device_days',
  {
    day: date('day').notNull(),
    deviceId: text('device_id').notNull(),
    country: text('country').notNull(),
    platform: text('platform').notNull(),
    appVersion: text('app_version').notNull(),
    model: text('model').notNull(),
  },
  (t) => [primaryKey({ name: 'app_data_device_days_pk', columns: [t.day, t.deviceId] })],
);

/** Refused events per day and reason (the square's "rejected"; the action key as sent, cut to 64). */
export const appDataRejectedDaily = pgTable(
  'app_data_rejected_daily',
  {
    day: date('day').notNull(),
    code: text('code').notNull(),
    action: text('action').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'app_data_rejected_daily_pk', columns: [t.day, t.code, t.action] })],
);

/** Joint QR codes (/user-platform/jointQrCode). `salt` hashes scanners' addresses for uniques. */
export const appDataQrCodes = pgTable(
  'app_data_qr_codes',
  {
    id: serialId(),
    code: text('code').notNull(),
    partner: text('partner').notNull(),
    campaign: text('campaign').notNull(),
    target: text('target').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    salt: text('salt').notNull(),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('app_data_qr_codes_code_uq').on(t.code),
    check('app_data_qr_codes_window_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Scans per code and day (UTC). */
export const appDataQrScans = pgTable(
  'app_data_qr_scans',
  {
    qrId: integer('qr_id')
      .notNull()
      .references(() => appDataQrCodes.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    scans: integer('scans').notNull().default(0),
    uniques: integer('uniques').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'app_data_qr_scans_pk', columns: [t.qrId, t.day] })],
);

/**
 * Who scanned a code on a day, as sha256(salt, day, address): only to count uniques; the address
 * is never kept, and rows older than two days are dropped by the retention job.
 */
export const appDataQrScanners = pgTable(
  'app_data_qr_scanners',
  {
    qrId: integer('qr_id')
      .notNull()
      .references(() => appDataQrCodes.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ name: 'app_data_qr_scanners_pk', columns: [t.qrId, t.day, t.hash] })],
);
