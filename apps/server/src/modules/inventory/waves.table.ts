import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, version, writtenAt } from '../../db/columns';

/**
 * A shipment wave (code `SW000123`): a planner's proposal for one ship week across shops and
 * marketplaces, reviewed on the approval engine (flow `inventory.shipmentWave`) and split into
 * shipment plans once approved (`shipment_plans.wave_id`). `state` follows SHIPMENT_WAVE_MACHINE
 * (contract inventory/waves.ts); `owner_id` is who proposed it (nobody approves their own).
 */
export const shipmentWaves = pgTable(
  'shipment_waves',
  {
    id: serialId(),
    code: text('code').notNull(),
    accountId: integer('account_id').notNull(),
    kind: text('kind').notNull().default('replenish'),
    shipWeek: date('ship_week', { mode: 'string' }).notNull(),
    state: text('state').notNull().default('draft'),
    remark: text('remark').notNull().default(''),
    ownerId: integer('owner_id').notNull(),
    splitAt: timestamp('split_at', { withTimezone: true }),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('shipment_waves_code_uq').on(t.code),
    index('shipment_waves_state_idx').on(t.state, t.createdAt),
    check('shipment_waves_state_ck', sql`${t.state} IN ('draft', 'review', 'approved', 'rejected', 'split', 'cancelled')`),
    check('shipment_waves_kind_ck', sql`${t.kind} IN ('replenish', 'sample')`),
  ],
);

/**
 * One line of a wave: a listing (shop, so marketplace) to a destination warehouse by a mode.
 * Replenishment lines are whole cartons (units = cartons × units per carton); a sample line keeps
 * its units as asked (`cartons` null) and names its purpose. An advice line keeps the advice's
 * state and stock-out date as they were when it was added.
 */
export const shipmentWaveLines = pgTable(
  'shipment_wave_lines',
  {
    id: serialId(),
    waveId: integer('wave_id')
      .notNull()
      .references(() => shipmentWaves.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull(),
    listingId: integer('listing_id').notNull(),
    sku: text('sku').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    mode: text('mode').notNull(),
    units: integer('units').notNull(),
    unitsPerCarton: integer('units_per_carton').notNull(),
    cartons: integer('cartons'),
    source: text('source').notNull().default('manual'),
    adviceState: text('advice_state'),
    stockOutDate: date('stock_out_date', { mode: 'string' }),
    purpose: text('purpose'),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('shipment_wave_lines_wave_idx').on(t.waveId),
    index('shipment_wave_lines_shop_idx').on(t.shopId),
    check(
      'shipment_wave_lines_qty_ck',
      sql`${t.units} > 0 AND ${t.unitsPerCarton} > 0 AND (${t.cartons} IS NULL OR ${t.cartons} > 0)`,
    ),
    check('shipment_wave_lines_mode_ck', sql`${t.mode} IN ('sea', 'air', 'express', 'rail')`),
    check('shipment_wave_lines_source_ck', sql`${t.source} IN ('advice', 'manual', 'smart')`),
  ],
);
