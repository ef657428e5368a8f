/**
 * The reads the shops area publishes for other areas (see catalog/catalog.reads.ts for
 * the convention): a shop's name and marketplace, to show beside another area's rows.
 * Which shops a caller may see is not a read but the ShopScope (shops/shop-scope.ts).
 */
import { type SQL, sql } from 'drizzle-orm';

/** One row per shop, removed ones included (history keeps their names): id, account_id, name, market_id, seller_id. */
export const shopDirectory: SQL = sql`(SELECT id, account_id, name, market_id, seller_id FROM shops)`;
