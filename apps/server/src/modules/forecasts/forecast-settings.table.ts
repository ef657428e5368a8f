import { sql } from 'drizzle-orm';
import { check, date, index, integer, type PgColumn, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt, writtenAt } from '../../db/columns';

/**
 * A listing left out of the forecast (/forecast/advanceConfig): a run whose first forecast day
 * falls in [from_day, to_day] (null: open) writes no forecast for it. `shop_id` is the listing's,
 * kept for the shop scope.
 */
export const forecastExclusions = pgTable(
  'forecast_exclusions',
  {
    listingId: integer('listing_id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    reason: text('reason').notNull(),
    fromDay: date('from_day', { mode: 'string' }),
    toDay: date('to_day', { mode: 'string' }),
    createdBy: integer('created_by'),
    ...writtenAt(),
  },
  (t) => [
    index('forecast_exclusions_shop_idx').on(t.shopId),
    check('forecast_exclusions_period_ck', sql`${t.fromDay} IS NULL OR ${t.toDay} IS NULL OR ${t.fromDay} <= ${t.toDay}`),
  ],
);

/** Warning thresholds in days of cover, and who set them when. */
const thresholds = () => ({
  stockoutDays: integer('stockout_days').notNull(),
  overstockDays: integer('overstock_days').notNull(),
  leadTimeDays: integer('lead_time_days').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: updatedAt(),
});

/** A stock-out warning comes before an overstock one; lead time is never negative. */
const thresholdsCheck = (name: string, t: { stockoutDays: PgColumn; overstockDays: PgColumn; leadTimeDays: PgColumn }) =>
  check(name, sql`${t.stockoutDays} > 0 AND ${t.stockoutDays} < ${t.overstockDays} AND ${t.leadTimeDays} >= 0`);

/** Stock warning thresholds in days of cover; shop_id 0 holds the global ones. */
export const forecastWarningConfigs = pgTable(
  'forecast_warning_configs',
  {
    shopId: integer('shop_id').primaryKey(),
    ...thresholds(),
  },
  (t) => [thresholdsCheck('forecast_warning_configs_ck', t)],
);

/** A planner's label on a listing's forecast row ("new", "promo", "EOL", "watch") with an optional note. */
export const forecastLabels = pgTable(
  'forecast_labels',
  {
    listingId: integer('listing_id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    type: text('type').notNull(),
    value: text('value'),
    updatedBy: integer('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('forecast_labels_type_ck', sql`${t.type} IN ('new', 'promo', 'eol', 'watch')`),
    index('forecast_labels_shop_idx').on(t.shopId),
  ],
);

/** A listing's own thresholds (warning/addOrUpdateSku), over its shop's and the global ones. */
export const forecastSkuWarnings = pgTable(
  'forecast_sku_warnings',
  {
    listingId: integer('listing_id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    ...thresholds(),
  },
  (t) => [index('forecast_sku_warnings_shop_idx').on(t.shopId), thresholdsCheck('forecast_sku_warnings_ck', t)],
);
