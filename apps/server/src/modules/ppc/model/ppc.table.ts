/**
 * Advertising (PPC) data: the ad entities of each shop's ad profile, their daily
 * performance facts and the rollups every board reads (see ../README.md).
 * Money is in the marketplace's currency on entities and facts; rollups hold whole cents
 * of the reporting currency (the fact's `rate`, fixed when written, as in sales).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  type PgColumn,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountRow, createdAt, serialId, updatedAt, version } from '../../../db/columns';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** The key and owners of an ad group's product ad, keyword or target. */
const inAdGroup = () => ({
  id: serialId(),
  adGroupId: integer('ad_group_id').notNull(),
  campaignId: integer('campaign_id').notNull(),
  shopId: integer('shop_id').notNull(),
});
/** What an edit of an ad entity moves: its state (enabled | paused | archived), version and time. */
const editable = () => ({
  state: text('state').notNull().default('enabled'),
  version: version(),
  updatedAt: updatedAt(),
});

/** The key and owners of a negative keyword or product: a campaign's (adGroupId null) or an ad group's. */
const negativeOf = () => ({
  id: serialId(),
  campaignId: integer('campaign_id').notNull(),
  adGroupId: integer('ad_group_id'),
  shopId: integer('shop_id').notNull(),
});
/** A negative's state (enabled | archived) and version; it keeps no change time. */
const negativeState = () => ({
  state: text('state').notNull().default('enabled'),
  version: version(),
});

/** One advertising profile per shop (a shop is one seller on one marketplace), with its currency. */
export const ppcProfiles = pgTable('ppc_profiles', {
  id: serialId(),
  shopId: integer('shop_id').notNull().unique(),
  marketId: smallint('market_id').notNull(),
  currency: text('currency').notNull(),
  /** The ad console's profile id, when known. */
  externalId: text('external_id'),
  createdAt: createdAt(),
});

export const ppcPortfolios = pgTable(
  'ppc_portfolios',
  {
    id: serialId(),
    shopId: integer('shop_id').notNull(),
    name: text('name').notNull(),
    version: version(),
  },
  (t) => [uniqueIndex('ppc_portfolios_shop_name_uq').on(t.shopId, t.name)],
);

/** Sponsored Products (sp), Sponsored Brands (sb) and Sponsored Display (sd) campaigns. */
export const ppcCampaigns = pgTable(
  'ppc_campaigns',
  {
    id: serialId(),
    shopId: integer('shop_id').notNull(),
    marketId: smallint('market_id').notNull(),
    campaignType: text('campaign_type').notNull(),
    externalId: text('external_id'),
    name: text('name').notNull(),
    /** auto | manual (sp); null for sb/sd. */
    targeting: text('targeting'),
    /** enabled | paused | archived */
    state: text('state').notNull().default('enabled'),
    dailyBudget: money('daily_budget').notNull(),
    /** legacy | down_only | up_and_down | fixed (sp); null otherwise. */
    biddingStrategy: text('bidding_strategy'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    portfolioId: integer('portfolio_id'),
    /** Sponsored Brands: the brand name and headline of the ad, and the landing product (null: the ASINs' page). */
    brandName: text('brand_name'),
    headline: text('headline'),
    landingAsin: text('landing_asin'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ppc_campaigns_shop_type_name_uq').on(t.shopId, t.campaignType, t.name),
    index('ppc_campaigns_shop_idx').on(t.shopId),
  ],
);

/** Bid adjustment of a campaign per placement (top of search, product pages, rest of search). */
export const ppcPlacements = pgTable(
  'ppc_placements',
  {
    campaignId: integer('campaign_id').notNull(),
    placement: text('placement').notNull(),
    bidAdjustmentPct: integer('bid_adjustment_pct').notNull().default(0),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.placement] })],
);

export const ppcAdGroups = pgTable(
  'ppc_ad_groups',
  {
    id: serialId(),
    campaignId: integer('campaign_id').notNull(),
    shopId: integer('shop_id').notNull(),
    externalId: text('external_id'),
    name: text('name').notNull(),
    defaultBid: money('default_bid').notNull(),
    ...editable(),
  },
  (t) => [uniqueIndex('ppc_ad_groups_campaign_name_uq').on(t.campaignId, t.name), index('ppc_ad_groups_shop_idx').on(t.shopId)],
);

/** An advertised product; `listingId` links it to the catalog's listing (SKU ↔ ASIN) when matched. */
export const ppcProductAds = pgTable(
  'ppc_product_ads',
  {
    ...inAdGroup(),
    listingId: integer('listing_id'),
    sku: text('sku'),
    asin: text('asin'),
    ...editable(),
  },
  (t) => [
    uniqueIndex('ppc_product_ads_group_sku_asin_uq').on(t.adGroupId, t.sku, t.asin),
    index('ppc_product_ads_campaign_idx').on(t.campaignId),
    index('ppc_product_ads_listing_idx').on(t.listingId),
  ],
);

export const ppcKeywords = pgTable(
  'ppc_keywords',
  {
    ...inAdGroup(),
    keywordText: text('keyword_text').notNull(),
    /** exact | phrase | broad */
    matchType: text('match_type').notNull(),
    bid: money('bid'),
    ...editable(),
  },
  (t) => [
    uniqueIndex('ppc_keywords_group_text_match_uq').on(t.adGroupId, t.keywordText, t.matchType),
    index('ppc_keywords_campaign_idx').on(t.campaignId),
  ],
);

/** Product targets (asin="…"), category targets (category="…") and the auto-targeting groups (close-match …). */
export const ppcTargets = pgTable(
  'ppc_targets',
  {
    ...inAdGroup(),
    /** product | category | auto */
    kind: text('kind').notNull(),
    expression: text('expression').notNull(),
    bid: money('bid'),
    ...editable(),
  },
  (t) => [
    uniqueIndex('ppc_targets_group_expression_uq').on(t.adGroupId, t.expression),
    index('ppc_targets_campaign_idx').on(t.campaignId),
  ],
);

/** Negative keywords of a campaign (adGroupId null) or of an ad group; matchType negative_exact | negative_phrase. */
export const ppcNegativeKeywords = pgTable(
  'ppc_negative_keywords',
  {
    ...negativeOf(),
    keywordText: text('keyword_text').notNull(),
    matchType: text('match_type').notNull(),
    ...negativeState(),
  },
  (t) => [uniqueIndex('ppc_negative_keywords_uq').on(t.campaignId, sql`coalesce(${t.adGroupId}, 0)`, t.keywordText, t.matchType)],
);

/** Negative products (ASIN) of a campaign (adGroupId null) or of an ad group. */
export const ppcNegativeProducts = pgTable(
  'ppc_negative_products',
  {
    ...negativeOf(),
    asin: text('asin').notNull(),
    ...negativeState(),
  },
  (t) => [uniqueIndex('ppc_negative_products_uq').on(t.campaignId, sql`coalesce(${t.adGroupId}, 0)`, t.asin)],
);

/**
 * Daily performance of one entity (campaign, keyword, target or product ad). `orders`,
 * `sales`, `units` are the headline figures in the campaign type's own attribution window
 * (7 days for sp, 14 for sb and sd); the 7- and 14-day columns keep what the file had.
 * `settlement`: 0 ad metrics still moving (under 3 days old), 1 metrics settled but
 * conversions may be restated (under 28 days), 2 final.
 */
export const ppcPerformance = pgTable(
  'ppc_performance',
  {
    /** campaign | keyword | target | product_ad */
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    marketId: smallint('market_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    adGroupId: integer('ad_group_id'),
    campaignType: text('campaign_type').notNull(),
    /** For product ads: the listing (and so the SKU) advertised. */
    listingId: integer('listing_id'),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    spend: money('spend').notNull().default('0'),
    orders: integer('orders').notNull().default(0),
    sales: money('sales').notNull().default('0'),
    units: integer('units').notNull().default(0),
    orders7d: integer('orders_7d'),
    sales7d: money('sales_7d'),
    units7d: integer('units_7d'),
    orders14d: integer('orders_14d'),
    sales14d: money('sales_14d'),
    units14d: integer('units_14d'),
    settlement: smallint('settlement').notNull().default(2),
    source: text('source').notNull(),
    importId: integer('import_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.entityType, t.entityId, t.day] }),
    index('ppc_performance_shop_day_idx').on(t.shopId, t.day),
    index('ppc_performance_campaign_day_idx').on(t.campaignId, t.day),
    // The /ppcMgr keyword, target and ad lists: one shop's facts of one entity type over a period.
    index('ppc_performance_shop_type_day_idx').on(t.shopId, t.entityType, t.day),
  ],
);

/** Search terms per day as the search-term report gives them (targeting = keyword text or target expression). */
export const ppcSearchTerms = pgTable(
  'ppc_search_terms',
  {
    id: serialId(),
    shopId: integer('shop_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    adGroupId: integer('ad_group_id').notNull(),
    targeting: text('targeting').notNull(),
    matchType: text('match_type').notNull(),
    searchTerm: text('search_term').notNull(),
    currency: text('currency').notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    spend: money('spend').notNull().default('0'),
    orders: integer('orders').notNull().default(0),
    sales: money('sales').notNull().default('0'),
    units: integer('units').notNull().default(0),
    settlement: smallint('settlement').notNull().default(2),
    importId: integer('import_id'),
  },
  (t) => [
    uniqueIndex('ppc_search_terms_uq').on(t.adGroupId, t.targeting, t.matchType, t.searchTerm, t.day),
    index('ppc_search_terms_shop_day_idx').on(t.shopId, t.day),
  ],
);

/** Whole-cent sums of the reporting currency. */
const sums = () => ({
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  spendCents: bigint('spend_cents', { mode: 'number' }).notNull().default(0),
  orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
  units: bigint('units', { mode: 'number' }).notNull().default(0),
});

/**
 * Rollups are kept per day and per Monday-based week: the same columns around one period
 * column, `day` or `week` (the Monday the week begins on), named `period` here. A period read
 * takes its whole weeks from the week table and its edge days from the day table
 * (model/period.ts). Kept by `refreshPpcRollups` (`refreshSearchTermRollups` for search terms)
 * for exactly the days and weeks holding the (shop, days) a write touched.
 */
type Period = 'day' | 'week';
const periodColumn = (period: Period) => date(period, { mode: 'string' }).notNull();

/**
 * The day rollups of campaigns, ad groups and SKUs are read a day across shops (index day
 * first), their week rollups a shop's weeks (index shop first).
 */
const shopPeriodIndex = (prefix: string, period: Period, shopId: PgColumn, at: PgColumn) =>
  period === 'day' ? index(`${prefix}_day_day_shop_idx`).on(at, shopId) : index(`${prefix}_week_shop_week_idx`).on(shopId, at);

/** Campaign × period, from the campaign facts. */
const campaignRollup = (period: Period) => ({
  campaignId: integer('campaign_id').notNull(),
  period: periodColumn(period),
  shopId: integer('shop_id').notNull(),
  marketId: smallint('market_id').notNull(),
  campaignType: text('campaign_type').notNull(),
  ...sums(),
});

/**
 * Day × campaign, with the daily budget in force that day (the `before` of the first budget
 * change made after the day ended, else the budget then) in whole cents of the reporting
 * currency at the day's rate: written with the rollup, and for the days not yet ended moved by
 * the trigger `ppc_campaign_budget_in_force` when the campaign's budget changes (a change never
 * moves the budget of a day already ended).
 */
export const ppcCampaignDay = pgTable(
  'ppc_campaign_day',
  { ...campaignRollup('day'), budgetCents: bigint('budget_cents', { mode: 'number' }) },
  (t) => [primaryKey({ columns: [t.campaignId, t.period] }), shopPeriodIndex('ppc_campaign', 'day', t.shopId, t.period)],
);

export const ppcCampaignWeek = pgTable('ppc_campaign_week', campaignRollup('week'), (t) => [
  primaryKey({ columns: [t.campaignId, t.period] }),
  shopPeriodIndex('ppc_campaign', 'week', t.shopId, t.period),
]);

/** Ad group × period, from the keyword and target facts. */
const adGroupRollup = (period: Period) =>
  pgTable(
    `ppc_ad_group_${period}`,
    {
      adGroupId: integer('ad_group_id').notNull(),
      period: periodColumn(period),
      campaignId: integer('campaign_id').notNull(),
      shopId: integer('shop_id').notNull(),
      marketId: smallint('market_id').notNull(),
      campaignType: text('campaign_type').notNull(),
      ...sums(),
    },
    (t) => [primaryKey({ columns: [t.adGroupId, t.period] }), shopPeriodIndex('ppc_ad_group', period, t.shopId, t.period)],
  );
export const ppcAdGroupDay = adGroupRollup('day');
export const ppcAdGroupWeek = adGroupRollup('week');

/**
 * Entity (keyword, target, product ad) × period: each entity-level fact with its money in
 * whole cents of the reporting currency (each fact converted with its day's rate), in a narrow
 * table: a 30-day list reads about 5 week rows per entity instead of 30 facts.
 */
const entityRollup = (period: Period) =>
  pgTable(
    `ppc_entity_${period}`,
    {
      entityType: text('entity_type').notNull(),
      entityId: integer('entity_id').notNull(),
      period: periodColumn(period),
      shopId: integer('shop_id').notNull(),
      marketId: smallint('market_id').notNull(),
      campaignId: integer('campaign_id').notNull(),
      adGroupId: integer('ad_group_id'),
      campaignType: text('campaign_type').notNull(),
      ...sums(),
    },
    (t) => [
      primaryKey({ columns: [t.entityType, t.entityId, t.period] }),
      index(`ppc_entity_${period}_shop_type_${period}_idx`).on(t.shopId, t.entityType, t.period),
    ],
  );
export const ppcEntityDay = entityRollup('day');
export const ppcEntityWeek = entityRollup('week');

/**
 * SKU (listing) × campaign type × period, from the product-ad facts; a campaign-day without
 * product-ad facts (a campaign report alone) is shared equally among the campaign's
 * advertised listings, so the SKU board and the campaign board add up to the same spend.
 */
const skuRollup = (period: Period) =>
  pgTable(
    `ppc_sku_${period}`,
    {
      listingId: integer('listing_id').notNull(),
      period: periodColumn(period),
      campaignType: text('campaign_type').notNull(),
      shopId: integer('shop_id').notNull(),
      marketId: smallint('market_id').notNull(),
      ...sums(),
    },
    (t) => [
      primaryKey({ columns: [t.listingId, t.period, t.campaignType] }),
      shopPeriodIndex('ppc_sku', period, t.shopId, t.period),
    ],
  );
export const ppcSkuDay = skuRollup('day');
export const ppcSkuWeek = skuRollup('week');

/**
 * Day × shop × campaign type: the campaign rollup summed per shop (its marketplace carried),
 * a few rows per day — what the dashboard's totals, daily points, type and market splits and
 * the report's day, week and month groupings read. Kept by `refreshPpcRollups`.
 */
export const ppcShopDay = pgTable(
  'ppc_shop_day',
  {
    shopId: integer('shop_id').notNull(),
    day: periodColumn('day'),
    campaignType: text('campaign_type').notNull(),
    marketId: smallint('market_id').notNull(),
    ...sums(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.campaignType] })],
);

/**
 * Search terms per shop, campaign type and period: each (term, shop, campaign type, day)'s
 * sums converted once with the day's rate; the week rows are sums of the day rows. The
 * report's search-term grouping reads these instead of every search-term row.
 */
const searchTermRollup = (period: Period) =>
  pgTable(
    `ppc_search_term_${period}`,
    {
      shopId: integer('shop_id').notNull(),
      period: periodColumn(period),
      campaignType: text('campaign_type').notNull(),
      searchTerm: text('search_term').notNull(),
      marketId: smallint('market_id').notNull(),
      ...sums(),
    },
    (t) => [primaryKey({ columns: [t.shopId, t.period, t.campaignType, t.searchTerm] })],
  );
export const ppcSearchTermDay = searchTermRollup('day');
export const ppcSearchTermWeek = searchTermRollup('week');

/** A monitor watches one metric of a campaign or a SKU over a trailing window against a threshold. */
export const ppcMonitors = pgTable(
  'ppc_monitors',
  {
    ...accountRow(),
    shopId: integer('shop_id').notNull(),
    name: text('name').notNull(),
    /** campaign | sku */
    scope: text('scope').notNull(),
    campaignId: integer('campaign_id'),
    listingId: integer('listing_id'),
    metric: text('metric').notNull(),
    /** gt | lt */
    comparator: text('comparator').notNull(),
    threshold: numeric('threshold', { precision: 14, scale: 4 }).notNull(),
    windowDays: integer('window_days').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ppc_monitors_shop_idx').on(t.shopId)],
);

/** An alert raised when a monitor's value crossed its threshold; resolved when it no longer does. */
export const ppcMonitorAlerts = pgTable(
  'ppc_monitor_alerts',
  {
    id: serialId(),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => ppcMonitors.id, { onDelete: 'cascade' }),
    value: numeric('value', { precision: 18, scale: 4 }).notNull(),
    threshold: numeric('threshold', { precision: 14, scale: 4 }).notNull(),
    windowStart: date('window_start', { mode: 'string' }).notNull(),
    windowEnd: date('window_end', { mode: 'string' }).notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('ppc_monitor_alerts_monitor_idx').on(t.monitorId, t.raisedAt),
    // At most one open alert per monitor, also when two readers evaluate at once.
    uniqueIndex('ppc_monitor_alerts_open_uq').on(t.monitorId).where(sql`resolved_at IS NULL`),
  ],
);
