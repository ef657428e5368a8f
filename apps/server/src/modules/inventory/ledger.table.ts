import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';

/**
 * Amazon's Inventory Ledger, one row per seller SKU × disposition × location of one shop's FBA
 * warehouse on one day (docs/inventory.md "Inventory Ledger"). Movements are signed as the report
 * writes them (shipments, lost, damaged, disposed, vendor returns negative). The summary view gives
 * the balances; a day imported from the detailed view has its events summed into the same columns
 * and no balances (null). A day of a shop is replaced as a whole by the next import of that day.
 */
export const inventoryLedger = pgTable(
  'inventory_ledger',
  {
    shopId: integer('shop_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sku: text('sku').notNull(),
    /** SELLABLE, DEFECTIVE, CUSTOMER_DAMAGED, CARRIER_DAMAGED, DISTRIBUTOR_DAMAGED, EXPIRED, … as the report writes it. */
    disposition: text('disposition').notNull(),
    /** The report's Location (a country such as US, or a fulfilment centre when aggregated by one). */
    location: text('location').notNull().default(''),
    listingId: integer('listing_id'),
    asin: text('asin').notNull().default(''),
    fnsku: text('fnsku').notNull().default(''),
    view: text('view').notNull(),
    startingBalance: integer('starting_balance'),
    inTransit: integer('in_transit').notNull().default(0),
    receipts: integer('receipts').notNull().default(0),
    customerShipments: integer('customer_shipments').notNull().default(0),
    customerReturns: integer('customer_returns').notNull().default(0),
    vendorReturns: integer('vendor_returns').notNull().default(0),
    transfers: integer('transfers').notNull().default(0),
    found: integer('found').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    damaged: integer('damaged').notNull().default(0),
    disposed: integer('disposed').notNull().default(0),
    otherEvents: integer('other_events').notNull().default(0),
    endingBalance: integer('ending_balance'),
    unknownEvents: integer('unknown_events').notNull().default(0),
    source: text('source').notNull(),
    importId: integer('import_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.warehouseId, t.day, t.sku, t.disposition, t.location] }),
    index('inventory_ledger_listing_day_idx').on(t.listingId, t.day),
    check('inventory_ledger_view_ck', sql`${t.view} IN ('summary', 'detailed')`),
  ],
);
