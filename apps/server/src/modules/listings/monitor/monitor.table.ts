import { integer, numeric, pgTable, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, version } from '../../../db/columns';

/** A listing on one user's watchlist, with the alert thresholds the user set (null: off). */
export const listingWatches = pgTable(
  'listing_watches',
  {
    id: serialId(),
    userId: integer('user_id').notNull(),
    listingId: integer('listing_id').notNull(),
    unitsDropPct: smallint('units_drop_pct'),
    noSalesDays: smallint('no_sales_days'),
    minMarginPct: numeric('min_margin_pct', { precision: 6, scale: 2 }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('listing_watches_user_listing_uq').on(t.userId, t.listingId)],
);
