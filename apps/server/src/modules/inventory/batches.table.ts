import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, version, writtenAt } from '../../db/columns';

/**
 * A shipment batch: confirmed plans of one shop to one destination warehouse by one mode that
 * leave together (code `SB000123`). `state` follows SHIPMENT_BATCH_MACHINE (contract
 * inventory/batches.ts); the plans point at it (`shipment_plans.batch_id`). Tracking, ETD and
 * ETA are written when it ships, and every plan's shipment carries them.
 */
export const shipmentBatches = pgTable(
  'shipment_batches',
  {
    id: serialId(),
    code: text('code').notNull(),
    shopId: integer('shop_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    mode: text('mode').notNull(),
    state: text('state').notNull().default('open'),
    shipOn: date('ship_on', { mode: 'string' }),
    carrier: text('carrier').notNull().default(''),
    remark: text('remark').notNull().default(''),
    tracking: text('tracking'),
    etd: date('etd', { mode: 'string' }),
    eta: date('eta', { mode: 'string' }),
    version: version(),
    createdBy: integer('created_by'),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('shipment_batches_code_uq').on(t.code),
    index('shipment_batches_shop_idx').on(t.shopId, t.state),
    check('shipment_batches_state_ck', sql`${t.state} IN ('open', 'loading', 'shipped', 'cancelled')`),
    check('shipment_batches_mode_ck', sql`${t.mode} IN ('sea', 'air', 'express', 'rail')`),
  ],
);

/**
 * A delivery list (code `DL000123`): what the warehouse loads, made from batches of one shop and
 * warehouse and kept as it was made (its lines are a copy, so a later change to a plan does not
 * rewrite a list already printed).
 */
export const shipmentDeliveryLists = pgTable(
  'shipment_delivery_lists',
  {
    id: serialId(),
    code: text('code').notNull(),
    shopId: integer('shop_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    batchIds: integer('batch_ids').array().notNull(),
    batchCodes: text('batch_codes').array().notNull(),
    cartons: integer('cartons').notNull(),
    units: integer('units').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('shipment_delivery_lists_code_uq').on(t.code), index('shipment_delivery_lists_shop_idx').on(t.shopId)],
);

/** One carton range of a delivery list: cartons `carton_from`..`carton_to` of one SKU of one plan. */
export const shipmentDeliveryLines = pgTable(
  'shipment_delivery_lines',
  {
    id: serialId(),
    listId: integer('list_id')
      .notNull()
      .references(() => shipmentDeliveryLists.id, { onDelete: 'cascade' }),
    batchCode: text('batch_code').notNull(),
    planCode: text('plan_code').notNull(),
    cartonFrom: integer('carton_from').notNull(),
    cartonTo: integer('carton_to').notNull(),
    sku: text('sku').notNull(),
    fnsku: text('fnsku'),
    asin: text('asin'),
    model: text('model'),
    productName: text('product_name'),
    productNameEn: text('product_name_en'),
    unitsPerCarton: integer('units_per_carton').notNull(),
    cartons: integer('cartons').notNull(),
    destination: text('destination').notNull(),
  },
  (t) => [
    index('shipment_delivery_lines_list_idx').on(t.listId),
    check('shipment_delivery_lines_cartons_ck', sql`${t.cartons} > 0 AND ${t.cartonTo} = ${t.cartonFrom} + ${t.cartons} - 1`),
  ],
);
