import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';

/**
 * One line of an FBA removal order (order × seller SKU × disposition) of one shop, as Amazon's
 * Removal Order Detail report last gave it. An order is replaced as a whole by the next import
 * that names it (docs/inventory.md "Removal orders").
 */
export const inventoryRemovalLines = pgTable(
  'inventory_removal_lines',
  {
    shopId: integer('shop_id').notNull(),
    orderId: text('order_id').notNull(),
    sku: text('sku').notNull(),
    disposition: text('disposition').notNull(),
    fnsku: text('fnsku').notNull().default(''),
    listingId: integer('listing_id'),
    requestDate: date('request_date', { mode: 'string' }).notNull(),
    orderType: text('order_type').notNull(),
    orderStatus: text('order_status').notNull(),
    orderSource: text('order_source').notNull().default(''),
    lastUpdated: timestamp('last_updated', { withTimezone: true }),
    requested: integer('requested').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    disposed: integer('disposed').notNull().default(0),
    shipped: integer('shipped').notNull().default(0),
    inProcess: integer('in_process').notNull().default(0),
    removalFee: numeric('removal_fee', { precision: 12, scale: 2 }),
    currency: text('currency').notNull().default(''),
    source: text('source').notNull(),
    importId: integer('import_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.orderId, t.sku, t.disposition] }),
    index('inventory_removal_lines_shop_day_idx').on(t.shopId, t.requestDate),
    index('inventory_removal_lines_in_process_idx').on(t.shopId, t.sku).where(sql`${t.inProcess} > 0`),
    check('inventory_removal_lines_type_ck', sql`${t.orderType} IN ('return', 'disposal', 'liquidation')`),
    check('inventory_removal_lines_status_ck', sql`${t.orderStatus} IN ('pending', 'processing', 'completed', 'cancelled')`),
    check(
      'inventory_removal_lines_nonneg_ck',
      sql`${t.requested} >= 0 AND ${t.cancelled} >= 0 AND ${t.disposed} >= 0 AND ${t.shipped} >= 0 AND ${t.inProcess} >= 0`,
    ),
  ],
);

/** What a removal shipped: per order line, shipment day, carrier and tracking number (Removal Shipment Detail report). */
export const inventoryRemovalShipments = pgTable(
  'inventory_removal_shipments',
  {
    shopId: integer('shop_id').notNull(),
    orderId: text('order_id').notNull(),
    sku: text('sku').notNull(),
    disposition: text('disposition').notNull(),
    shipmentDate: date('shipment_date', { mode: 'string' }).notNull(),
    trackingNumber: text('tracking_number').notNull().default(''),
    carrier: text('carrier').notNull().default(''),
    fnsku: text('fnsku').notNull().default(''),
    quantity: integer('quantity').notNull(),
    source: text('source').notNull(),
    importId: integer('import_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.orderId, t.sku, t.disposition, t.shipmentDate, t.trackingNumber] }),
    check('inventory_removal_shipments_qty_ck', sql`${t.quantity} >= 0`),
  ],
);
