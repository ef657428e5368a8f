/**
 * The reads the sales area publishes for other areas (see catalog/catalog.reads.ts for the
 * convention). A parenthesised subquery to alias in FROM or JOIN.
 */
import { type SQL, sql } from 'drizzle-orm';

/** Units sold per listing and marketplace-local day: listing_id, day, shop_id, units (the stock boards' cover). */
export const dailyUnits: SQL = sql`(SELECT listing_id, day, shop_id, units FROM sales_facts)`;

/**
 * Units, sales amount and ad spend per listing and marketplace-local day, from the day rollup
 * (amounts in whole cents of the reporting currency, as every rollup sums them): listing_id,
 * day, shop_id, units, revenue_cents, ad_spend_cents. For a project's data view
 * (projects.share.ts) and OKR's measurable key results (okr/okr-figures.ts).
 */
export const listingDaySales: SQL = sql`(SELECT listing_id, day, shop_id, units, revenue_cents, ad_spend_cents FROM sales_listing_day)`;

/**
 * Exchange rates by currency and day: currency, day, rate (units of the reporting currency, USD,
 * per unit of the currency). For the shipping cost calculator's FBA fee in USD (logistics).
 */
export const exchangeRateDays: SQL = sql`(SELECT currency, day, rate FROM exchange_rates)`;
