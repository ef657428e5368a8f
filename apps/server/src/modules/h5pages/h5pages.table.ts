import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, version, writtenAt } from '../../db/columns';

/**
 * H5 pages (/user-platform/h5Making, /user-platform/h5ActivityMaking/…; docs/h5-pages.md).
 * `draft` is what the editor saves; `live` the snapshot the public URL renders, written only by
 * `publish`. Titles are kept beside the draft for the lists' search. Company data.
 */
export const h5Pages = pgTable(
  'h5_pages',
  {
    id: serialId(),
    /** Of the contract's H5_TYPES; fixed at creation. */
    type: text('type').notNull(),
    slug: text('slug').notNull(),
    /** Of the contract's H5_STATES. */
    state: text('state').notNull().default('draft'),
    titleZh: text('title_zh').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    draft: jsonb('draft').notNull(),
    live: jsonb('live'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: integer('published_by'),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('h5_pages_slug_uq').on(t.slug),
    index('h5_pages_type_ix').on(t.type, t.updatedAt),
    check('h5_pages_state_ck', sql`${t.state} IN ('draft', 'published', 'archived')`),
    check('h5_pages_live_ck', sql`${t.state} <> 'published' OR ${t.live} IS NOT NULL`),
  ],
);
