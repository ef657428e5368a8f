/**
 * The reads the forecasts area publishes for other areas (see catalog/catalog.reads.ts for the
 * convention): parenthesised subqueries to alias in FROM or JOIN. For the replenishment advice
 * (inventory, docs/inventory.md "Replenishment").
 */
import { type SQL, sql } from 'drizzle-orm';

/**
 * The stored forecast of each listing: listing_id, shop_id, origin (the first forecast day),
 * daily (a real[] of FORECAST_HORIZON days from origin), next30, method.
 */
export const listingForecasts: SQL = sql`(SELECT listing_id, shop_id, origin, daily, next30, method FROM forecast_listings)`;

/**
 * Lead times of /forecast/advanceConfig: a listing's own (listing_id, lead_time_days) and a
 * shop's (shop_id, lead_time_days; shop 0 is the global row). A listing reads its own, else
 * its shop's, else the global one, else DEFAULT_WARNING.
 */
export const listingLeadTimes: SQL = sql`(SELECT listing_id, lead_time_days FROM forecast_sku_warnings)`;
export const shopLeadTimes: SQL = sql`(SELECT shop_id, lead_time_days FROM forecast_warning_configs)`;

/** A planner's label on a listing's forecast: listing_id, type (new / promo / eol / watch). */
export const listingLabels: SQL = sql`(SELECT listing_id, type FROM forecast_labels)`;
