import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, version } from '../../../db/columns';

/** A product model (e.g. H6199): one product line, a position, a lifecycle (0 new, 1 selling, 2 EOL). */
export const products = pgTable(
  'products',
  {
    id: serialId(),
    model: text('model').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    productLineId: integer('product_line_id').notNull(),
    positionId: integer('position_id'),
    /** Category line code of spec §3. */
    categoryCode: text('category_code').notNull(),
    lifecycle: smallint('lifecycle').notNull().default(1),
    launchDate: date('launch_date', { mode: 'string' }),
    eolDate: date('eol_date', { mode: 'string' }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('products_model_uq').on(sql`lower(${t.model})`),
    index('products_line_idx').on(t.productLineId),
    check('products_lifecycle_ck', sql`${t.lifecycle} IN (0, 1, 2)`),
  ],
);

/** A sellable variant of a product (colour, length, plug): the seller's SKU. */
export const skus = pgTable(
  'skus',
  {
    id: serialId(),
    sku: text('sku').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    variant: text('variant').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('skus_sku_uq').on(t.sku),
    // SKUs are unique whatever their case (the service checks first; this settles races).
    uniqueIndex('skus_sku_lower_uq').on(sql`lower(${t.sku})`),
    index('skus_product_idx').on(t.productId),
    // The lists' keyword (ILIKE '%…%') on SKU codes: pg_trgm (created by migration 0019).
    index('skus_sku_trgm').using('gin', sql`${t.sku} gin_trgm_ops`),
  ],
);

/** A SKU offered in one shop (one marketplace) under an ASIN. */
export const listings = pgTable(
  'listings',
  {
    id: serialId(),
    shopId: integer('shop_id').notNull(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    asin: text('asin').notNull(),
    marketId: smallint('market_id').notNull(),
    title: text('title').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }),
    currency: text('currency').notNull(),
    /** 1 active, 0 inactive. */
    status: smallint('status').notNull().default(1),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('listings_shop_sku_uq').on(t.shopId, t.skuId),
    index('listings_asin_idx').on(t.asin),
    index('listings_shop_idx').on(t.shopId),
    // Lists ordered by SKU walk skus by lower(sku) and reach their listings here (a page of 20
    // reads a few SKUs instead of joining every listing); "newest first" per shop likewise.
    index('listings_sku_idx').on(t.skuId),
    index('listings_shop_created_idx').on(t.shopId, t.createdAt),
    // The product links list's keyword on ASIN and title (links.repository.ts): trigram bitmaps, ORed.
    index('listings_asin_trgm').using('gin', sql`${t.asin} gin_trgm_ops`),
    index('listings_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** Unit cost of a SKU from a day on, in the reporting currency (the latest one on or before a day applies). */
export const skuCosts = pgTable(
  'sku_costs',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 4 }).notNull(),
  },
  (t) => [uniqueIndex('sku_costs_pk').on(t.skuId, t.effectiveFrom)],
);

/** Marketplace fees of a SKU in one marketplace from a day on: referral rate of revenue, fulfilment fee per unit (marketplace currency). */
export const skuFees = pgTable(
  'sku_fees',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    marketId: smallint('market_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    referralRate: numeric('referral_rate', { precision: 6, scale: 4 }).notNull(),
    fbaFee: numeric('fba_fee', { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('sku_fees_pk').on(t.skuId, t.marketId, t.effectiveFrom)],
);
