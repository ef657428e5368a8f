import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, version, writtenAt } from '../../db/columns';
import { shipmentBatches } from './batches.table';
import { shipmentWaves } from './waves.table';

/**
 * A shipment plan: SKUs of one shop (its marketplace) to one destination warehouse, in whole
 * cartons. `state` follows SHIPMENT_PLAN_MACHINE (contract inventory/shipments.ts); `version`
 * guards edits and moves against a stale screen.
 */
export const shipmentPlans = pgTable(
  'shipment_plans',
  {
    id: serialId(),
    code: text('code').notNull(),
    shopId: integer('shop_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    state: text('state').notNull().default('draft'),
    mode: text('mode').notNull(),
    batchNo: text('batch_no'),
    /** The batch it ships in (batches.table.ts); `batch_no` keeps the batch's code for the screens that show it. */
    batchId: integer('batch_id').references(() => shipmentBatches.id, { onDelete: 'set null' }),
    /** The shipment wave whose split made it (waves.table.ts); null for a plan made on its own. */
    waveId: integer('wave_id').references(() => shipmentWaves.id, { onDelete: 'set null' }),
    remark: text('remark').notNull().default(''),
    version: version(),
    createdBy: integer('created_by'),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('shipment_plans_code_uq').on(t.code),
    index('shipment_plans_shop_idx').on(t.shopId, t.state),
    index('shipment_plans_batch_idx').on(t.batchId),
    index('shipment_plans_wave_idx').on(t.waveId),
    check(
      'shipment_plans_state_ck',
      sql`${t.state} IN ('draft', 'confirmed', 'batched', 'shipped', 'received', 'closed', 'cancelled')`,
    ),
    check('shipment_plans_mode_ck', sql`${t.mode} IN ('sea', 'air', 'express', 'rail')`),
  ],
);

/** One SKU of a plan: the units asked (rounded up to whole cartons), shipped and received so far. */
export const shipmentPlanLines = pgTable(
  'shipment_plan_lines',
  {
    id: serialId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => shipmentPlans.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    listingId: integer('listing_id'),
    unitsPerCarton: integer('units_per_carton').notNull(),
    cartons: integer('cartons').notNull(),
    shipped: integer('shipped').notNull().default(0),
    received: integer('received').notNull().default(0),
  },
  (t) => [
    uniqueIndex('shipment_plan_lines_sku_uq').on(t.planId, t.sku),
    check(
      'shipment_plan_lines_qty_ck',
      sql`${t.unitsPerCarton} > 0 AND ${t.cartons} > 0 AND ${t.shipped} >= 0 AND ${t.received} >= 0 AND ${t.received} <= ${t.shipped}`,
    ),
  ],
);

/** The shipment of a shipped plan (one per plan): how, by whom and when it travels. */
export const shipments = pgTable(
  'shipments',
  {
    id: serialId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => shipmentPlans.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    mode: text('mode').notNull(),
    carrier: text('carrier').notNull(),
    tracking: text('tracking').notNull(),
    etd: date('etd', { mode: 'string' }).notNull(),
    eta: date('eta', { mode: 'string' }).notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    receivedOn: date('received_on', { mode: 'string' }),
  },
  (t) => [uniqueIndex('shipments_plan_uq').on(t.planId), index('shipments_tracking_idx').on(t.tracking)],
);

/** One receipt of a line: partial receipts add up on the line. */
export const shipmentReceipts = pgTable('shipment_receipts', {
  id: serialId(),
  lineId: integer('line_id')
    .notNull()
    .references(() => shipmentPlanLines.id, { onDelete: 'cascade' }),
  receivedOn: date('received_on', { mode: 'string' }).notNull(),
  quantity: integer('quantity').notNull(),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
});
