import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, version, writtenAt } from '../../db/columns';

/**
 * Desktop app products (/user-platform/desktopAppProduct): the `code` a desktop app sends when it
 * asks for an update, its names and the platforms it is built for. Company data.
 */
export const desktopAppProducts = pgTable(
  'desktop_app_products',
  {
    id: serialId(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    /** Of the contract's DESKTOP_PLATFORMS. */
    platforms: text('platforms').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [uniqueIndex('desktop_app_products_code_uq').on(t.code)],
);

/**
 * One version of a product on one channel and platform (/user-platform/desktopAppUpdate), with
 * its download, notes, minimum version and its staged rollout (RELEASE_MACHINE). The version's
 * numbers are kept beside its text so that lists and the "above every release that went out"
 * check order by them. `version` is the row's optimistic lock, `release_version` the app's.
 */
export const desktopAppReleases = pgTable(
  'desktop_app_releases',
  {
    id: serialId(),
    productId: integer('product_id')
      .notNull()
      .references(() => desktopAppProducts.id),
    releaseVersion: text('release_version').notNull(),
    major: integer('v_major').notNull(),
    minor: integer('v_minor').notNull(),
    patch: integer('v_patch').notNull(),
    channel: text('channel').notNull(),
    platform: text('platform').notNull(),
    downloadUrl: text('download_url').notNull(),
    sha256: text('sha256').notNull(),
    notesZh: text('notes_zh').notNull().default(''),
    notesEn: text('notes_en').notNull().default(''),
    minimumVersion: text('minimum_version').notNull().default(''),
    /** Of the contract's RELEASE_STATES. */
    state: text('state').notNull().default('draft'),
    /** 0 while a draft; 1..100 once out (kept while paused, so a resume may start from it). */
    percentage: numeric('percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    firstLiveAt: timestamp('first_live_at', { withTimezone: true }),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('desktop_app_releases_version_uq').on(t.productId, t.channel, t.platform, t.releaseVersion),
    index('desktop_app_releases_lane_ix').on(t.productId, t.platform, t.state),
    check('desktop_app_releases_pct_ck', sql`${t.percentage} >= 0 AND ${t.percentage} <= 100`),
  ],
);
