/**
 * The reads the sales area publishes for other areas (see catalog/catalog.reads.ts for the
 * convention). A parenthesised subquery to alias in FROM or JOIN.
 */
import { type SQL, sql } from 'drizzle-orm';

/** Units sold per listing and marketplace-local day: listing_id, day, shop_id, units (the stock boards' cover). */
export const dailyUnits: SQL = sql`(SELECT listing_id, day, shop_id, units FROM sales_facts)`;
