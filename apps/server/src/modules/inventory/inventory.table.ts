import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, updatedAt } from '../../db/columns';

/**
 * Where stock sits: Amazon FBA of one marketplace (`FBA-US`, …; created when a shop of that
 * marketplace first imports stock), an overseas third-party warehouse, or the factory.
 * Company-wide reference: which shop's stock it is lives on the positions.
 */
export const inventoryWarehouses = pgTable(
  'inventory_warehouses',
  {
    id: serialId(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    /** The marketplace an FBA warehouse serves (and a 3PL's country's); null for the factory. */
    marketId: smallint('market_id'),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('inventory_warehouses_code_uq').on(t.code),
    check('inventory_warehouses_kind_ck', sql`${t.kind} IN ('fba', '3pl', 'factory')`),
  ],
);

/** The key of a stock row (a seller SKU of a shop in a warehouse on a day) and what the SKU names. */
const skuDay = () => ({
  shopId: integer('shop_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  sku: text('sku').notNull(),
  listingId: integer('listing_id'),
  asin: text('asin').notNull().default(''),
  fnsku: text('fnsku').notNull().default(''),
});

/** What wrote a stock row: an import kind or 'demo', the import, and when. */
const written = () => ({
  source: text('source').notNull(),
  importId: integer('import_id'),
  updatedAt: updatedAt(),
});

/**
 * One seller SKU of one shop in one warehouse on one day. `listing_id` is the shop's listing
 * the SKU names (null for a SKU the catalogue does not know: kept, shown with a warning at
 * import). A day of a shop and warehouse is replaced as a whole by an import of that day.
 */
export const inventoryPositions = pgTable(
  'inventory_positions',
  {
    ...skuDay(),
    fulfillable: integer('fulfillable').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    inboundWorking: integer('inbound_working').notNull().default(0),
    inboundShipped: integer('inbound_shipped').notNull().default(0),
    inboundReceiving: integer('inbound_receiving').notNull().default(0),
    unfulfillable: integer('unfulfillable').notNull().default(0),
    researching: integer('researching').notNull().default(0),
    ...written(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.warehouseId, t.day, t.sku] }),
    index('inventory_positions_listing_day_idx').on(t.listingId, t.day),
    check(
      'inventory_positions_nonneg_ck',
      sql`${t.fulfillable} >= 0 AND ${t.reserved} >= 0 AND ${t.inboundWorking} >= 0 AND ${t.inboundShipped} >= 0
          AND ${t.inboundReceiving} >= 0 AND ${t.unfulfillable} >= 0 AND ${t.researching} >= 0`,
    ),
  ],
);

/** Units of one seller SKU of one shop in one warehouse on one day, by age since receipt. */
export const inventoryAges = pgTable(
  'inventory_ages',
  {
    ...skuDay(),
    age0To90: integer('age_0_90').notNull().default(0),
    age91To180: integer('age_91_180').notNull().default(0),
    age181To270: integer('age_181_270').notNull().default(0),
    age271To365: integer('age_271_365').notNull().default(0),
    age365Plus: integer('age_365_plus').notNull().default(0),
    ...written(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.warehouseId, t.day, t.sku] }),
    check(
      'inventory_ages_nonneg_ck',
      sql`${t.age0To90} >= 0 AND ${t.age91To180} >= 0 AND ${t.age181To270} >= 0 AND ${t.age271To365} >= 0 AND ${t.age365Plus} >= 0`,
    ),
  ],
);
