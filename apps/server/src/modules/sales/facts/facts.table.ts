import { bigint, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt, version } from '../../../db/columns';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 }).notNull().default('0');

/** Units of the reporting currency per unit of a marketplace currency, from a day on. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    /** Optimistic locking of corrections on /salesBasisInfo. */
    version: version(),
    /** Who last recorded or corrected the entry (null: generated or loaded in bulk). */
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.currency, t.day] })],
);

/**
 * One listing on one marketplace-local day. Money is in the marketplace's currency; `rate`
 * converts it to the reporting currency (the rate of that day, fixed when written).
 * shop/market/sku/line/position are copied from the listing so rollups group without joins.
 */
export const salesFacts = pgTable(
  'sales_facts',
  {
    listingId: integer('listing_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    marketId: smallint('market_id').notNull(),
    skuId: integer('sku_id').notNull(),
    productLineId: integer('product_line_id').notNull(),
    positionId: integer('position_id').notNull().default(0),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    units: integer('units').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    revenue: money('revenue'),
    refunds: money('refunds'),
    marketplaceFees: money('marketplace_fees'),
    fulfilmentFees: money('fulfilment_fees'),
    adSpend: money('ad_spend'),
    cogs: money('cogs'),
    otherCosts: money('other_costs'),
    sessions: integer('sessions'),
    pageViews: integer('page_views'),
    /** How settled the day's sales figures are: 0 preliminary, 1 provisional, 2 final. */
    settlement: smallint('settlement').notNull().default(2),
    /** Where the sales figures came from: an import kind, or 'demo'. */
    source: text('source').notNull(),
    importId: integer('import_id'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] }), index('sales_facts_day_shop_idx').on(t.day, t.shopId)],
);

/** Sums in the reporting currency (sales_segment_day). */
const sums = () => ({
  units: bigint('units', { mode: 'number' }).notNull().default(0),
  orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  revenue: money('revenue'),
  refunds: money('refunds'),
  fees: money('fees'),
  adSpend: money('ad_spend'),
  cogs: money('cogs'),
  otherCosts: money('other_costs'),
});

/**
 * Sums per listing in whole cents of the reporting currency (bigint: summing integers is
 * several times faster than summing numerics, and the listing lists sum hundreds of
 * thousands of these rows). Each cent figure is a fact's `usd()` figure × 100, so the
 * listing rollups add up to the same cent as sales_segment_day.
 */
const centSums = () => ({
  units: bigint('units', { mode: 'number' }).notNull().default(0),
  orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  refundsCents: bigint('refunds_cents', { mode: 'number' }).notNull().default(0),
  feesCents: bigint('fees_cents', { mode: 'number' }).notNull().default(0),
  adSpendCents: bigint('ad_spend_cents', { mode: 'number' }).notNull().default(0),
  cogsCents: bigint('cogs_cents', { mode: 'number' }).notNull().default(0),
  otherCostsCents: bigint('other_costs_cents', { mode: 'number' }).notNull().default(0),
});

/** The key columns every listing rollup copies from the facts, so filters need no joins. */
const listingKeys = () => ({
  listingId: integer('listing_id').notNull(),
  shopId: integer('shop_id').notNull(),
  marketId: smallint('market_id').notNull(),
  productLineId: integer('product_line_id').notNull(),
  positionId: integer('position_id').notNull(),
});

/** Per listing and day (the edges of a period that whole weeks and months don't cover). */
export const salesListingDay = pgTable(
  'sales_listing_day',
  { ...listingKeys(), day: date('day', { mode: 'string' }).notNull(), ...centSums() },
  (t) => [primaryKey({ columns: [t.listingId, t.day] }), index('sales_listing_day_day_idx').on(t.day, t.shopId)],
);

/** Per listing and ISO week (`week` is its Monday). */
export const salesListingWeek = pgTable(
  'sales_listing_week',
  { ...listingKeys(), week: date('week', { mode: 'string' }).notNull(), ...centSums() },
  (t) => [primaryKey({ columns: [t.listingId, t.week] }), index('sales_listing_week_week_idx').on(t.week, t.shopId)],
);

/** Per listing and calendar month (`month` is its first day). */
export const salesListingMonth = pgTable(
  'sales_listing_month',
  { ...listingKeys(), month: date('month', { mode: 'string' }).notNull(), ...centSums() },
  (t) => [primaryKey({ columns: [t.listingId, t.month] }), index('sales_listing_month_month_idx').on(t.month, t.shopId)],
);

/** Per listing and calendar quarter (`quarter` is its first day): long periods read 4 rows a year, not 12. */
export const salesListingQuarter = pgTable(
  'sales_listing_quarter',
  { ...listingKeys(), quarter: date('quarter', { mode: 'string' }).notNull(), ...centSums() },
  (t) => [primaryKey({ columns: [t.listingId, t.quarter] }), index('sales_listing_quarter_quarter_idx').on(t.quarter, t.shopId)],
);

/** Per listing and calendar year (`year` is 1 January): a two-year period reads about 8 rows per listing. */
export const salesListingYear = pgTable(
  'sales_listing_year',
  { ...listingKeys(), year: date('year', { mode: 'string' }).notNull(), ...centSums() },
  (t) => [primaryKey({ columns: [t.listingId, t.year] }), index('sales_listing_year_year_idx').on(t.year, t.shopId)],
);

/** Per day, shop, product line and position: answers shop, product-line, director lists, KPIs and trends. */
export const salesSegmentDay = pgTable(
  'sales_segment_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    marketId: smallint('market_id').notNull(),
    productLineId: integer('product_line_id').notNull(),
    positionId: integer('position_id').notNull(),
    ...sums(),
    /** The least settled fact of the segment's day. */
    settlement: smallint('settlement').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.shopId, t.productLineId, t.positionId] }),
    index('sales_segment_day_shop_idx').on(t.shopId, t.day),
  ],
);

/**
 * Per shop and day, in cents (a shop sells on one marketplace): totals, KPIs, the shop list,
 * the marketplace split and the daily trend of a filter without product line or position
 * read these (15 rows a day on the large demo data instead of about 1,000 segments).
 */
export const salesShopDay = pgTable(
  'sales_shop_day',
  {
    shopId: integer('shop_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    marketId: smallint('market_id').notNull(),
    ...centSums(),
    /** The least settled fact of the shop's day. */
    settlement: smallint('settlement').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day] }), index('sales_shop_day_day_idx').on(t.day)],
);

/** Per calendar month, shop, product line and position, in cents: long product-line and director reads. */
export const salesSegmentMonth = pgTable(
  'sales_segment_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    marketId: smallint('market_id').notNull(),
    productLineId: integer('product_line_id').notNull(),
    positionId: integer('position_id').notNull(),
    ...centSums(),
    settlement: smallint('settlement').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.shopId, t.productLineId, t.positionId] }),
    index('sales_segment_month_shop_idx').on(t.shopId, t.month),
  ],
);

/** Other costs attributed to a listing on a day (they make up the fact's other_costs). */
export const costInductions = pgTable(
  'cost_inductions',
  {
    id: serialId(),
    listingId: integer('listing_id').notNull(),
    shopId: integer('shop_id').notNull(),
    costDate: date('cost_date', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cost_inductions_listing_idx').on(t.listingId, t.costDate),
    index('cost_inductions_shop_idx').on(t.shopId, t.costDate),
  ],
);

/** Per-user preferences of screens (e.g. the dashboard's panel flags). */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * A Business Report covering more than one day: kept as the period's total per listing,
 * shown as such, never spread over days.
 */
export const salesPeriodTotals = pgTable(
  'sales_period_totals',
  {
    importId: integer('import_id').notNull(),
    listingId: integer('listing_id').notNull(),
    shopId: integer('shop_id').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    units: integer('units').notNull(),
    orders: integer('orders').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
    sessions: integer('sessions'),
    pageViews: integer('page_views'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.listingId] }), index('sales_period_totals_shop_idx').on(t.shopId, t.periodStart)],
);
