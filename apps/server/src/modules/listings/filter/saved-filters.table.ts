import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A named listing filter of one user: the screen's query string. */
export const listingSavedFilters = pgTable(
  'listing_saved_filters',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('listing_saved_filters_user_name_uq').on(t.userId, sql`lower(${t.name})`)],
);
