import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, updatedAt } from '../../../db/columns';

/** A named listing filter of one user: the screen's query string. */
export const listingSavedFilters = pgTable(
  'listing_saved_filters',
  {
    id: serialId(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('listing_saved_filters_user_name_uq').on(t.userId, sql`lower(${t.name})`)],
);
