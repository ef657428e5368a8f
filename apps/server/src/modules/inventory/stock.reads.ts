/**
 * What the stock area publishes to others as subqueries (the no-foreign-tables rule: other areas name
 * these, not the stock tables).
 */
import { type SQL, sql } from 'drizzle-orm';
import { inventoryPositions, inventoryWarehouses } from './inventory.table';

/**
 * The days a listing could not be bought at its marketplace's FBA warehouse: a reported position with
 * nothing fulfillable (listing_id, day). A day without a position says nothing and is not in it. For
 * the forecasts, which read such days as censored demand, not as days nobody wanted the product.
 */
export const stockOutDays: SQL = sql`(SELECT p.listing_id, p.day FROM ${inventoryPositions} p
  JOIN ${inventoryWarehouses} w ON w.id = p.warehouse_id
 WHERE w.kind = 'fba' AND p.listing_id IS NOT NULL AND p.fulfillable = 0)`;
