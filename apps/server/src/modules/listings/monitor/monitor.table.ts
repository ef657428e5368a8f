import { integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A listing on one user's watchlist, with the alert thresholds the user set (null: off). */
export const listingWatches = pgTable(
  'listing_watches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    listingId: integer('listing_id').notNull(),
    unitsDropPct: smallint('units_drop_pct'),
    noSalesDays: smallint('no_sales_days'),
    minMarginPct: numeric('min_margin_pct', { precision: 6, scale: 2 }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('listing_watches_user_listing_uq').on(t.userId, t.listingId)],
);
