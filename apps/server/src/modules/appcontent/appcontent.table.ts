import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId, version, writtenAt } from '../../db/columns';

/**
 * Every resource the app shows, on one publishing model (docs/appcontent.md): its kind
 * (banner, …) and slot (home, device, community, …), its payload (checked by the kind's zod
 * schema in the contract), its targeting (each list empty: every), its publish window, its
 * order and its state. The state stored is the last one an operator chose; "scheduled" reads
 * as "published" once its start has come (the resolver and the lists compare now with it).
 */
export const appContent = pgTable(
  'app_content',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    slot: text('slot').notNull(),
    /** The operator's name for it (never shown in the app). */
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** ISO alpha-2, upper case. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    /** Language tags in lower case ("zh" takes zh-CN and zh-TW; "zh-cn" only zh-CN). */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    /** A semver range (contract appcontent/semver.ts); '' for every version. */
    versionRange: text('version_range').notNull().default(''),
    platforms: text('platforms').array().notNull().default(sql`'{}'::text[]`),
    /** Catalogue models, upper case. */
    models: text('models').array().notNull().default(sql`'{}'::text[]`),
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    priority: integer('priority').notNull().default(0),
    position: integer('position').notNull().default(0),
    /** draft, scheduled, published, archived. */
    state: text('state').notNull().default('draft'),
    version: version(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...writtenAt(),
  },
  (t) => [
    // The resolver's read: the live records of one kind and slot, in the order the app gets them.
    index('app_content_live_idx')
      .on(t.kind, t.slot, t.priority.desc(), t.position, t.id)
      .where(sql`state IN ('scheduled', 'published')`),
    index('app_content_list_idx').on(t.kind, t.slot, t.updatedAt),
    check('app_content_state_ck', sql`${t.state} IN ('draft', 'scheduled', 'published', 'archived')`),
    check('app_content_window_ck', sql`${t.windowEnd} IS NULL OR ${t.windowStart} IS NULL OR ${t.windowEnd} > ${t.windowStart}`),
  ],
);

/**
 * Keys of the apps that call the read API (`X-App-Key`): only the key's SHA-256 is kept, and
 * its first characters to tell keys apart on the screen. A known, enabled key is rate-limited
 * on its own (`per_minute`, per process); without a key the API answers in public mode.
 */
export const appContentKeys = pgTable(
  'app_content_keys',
  {
    id: serialId(),
    name: text('name').notNull(),
    keySha256: text('key_sha256').notNull().unique(),
    /** The key's first characters ("lk_AbC1"), shown so an operator can tell which key an app holds. */
    keyHint: text('key_hint').notNull().default(''),
    /** 1 enabled, 0 disabled (a disabled key is a 401, like an unknown one). */
    enabled: integer('enabled').notNull().default(1),
    /** Requests a minute this key may make, in each server process. */
    perMinute: integer('per_minute').notNull().default(6000),
    note: text('note').notNull().default(''),
    version: version(),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...writtenAt(),
  },
  (t) => [
    check('app_content_keys_per_minute_ck', sql`${t.perMinute} BETWEEN 1 AND 1000000`),
    check('app_content_keys_enabled_ck', sql`${t.enabled} IN (0, 1)`),
  ],
);
