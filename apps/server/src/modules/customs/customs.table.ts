import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, version, writtenAt } from '../../db/columns';

/**
 * Customs master data (/customBasic): how a catalogue model is declared for one destination
 * (a marketplace's country code, or '*' for any other). Company reference data. `product_id`
 * is the catalogue's model, read through catalog.reads.ts (no foreign key across areas).
 */
export const customsBasics = pgTable(
  'customs_basics',
  {
    id: serialId(),
    productId: integer('product_id').notNull(),
    country: text('country').notNull(),
    /** China's export code, 6-10 digits. */
    hsCode: text('hs_code').notNull(),
    /** The destination's import code when it differs. */
    importHsCode: text('import_hs_code'),
    declaredName: text('declared_name').notNull(),
    declaredNameEn: text('declared_name_en').notNull(),
    material: text('material').notNull(),
    usage: text('usage').notNull(),
    brand: text('brand').notNull().default(''),
    unitValue: numeric('unit_value', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    declareUnit: text('declare_unit').notNull(),
    rebatePct: numeric('rebate_pct', { precision: 5, scale: 2 }).notNull(),
    hasBattery: boolean('has_battery').notNull().default(false),
    batteryType: text('battery_type').notNull().default('none'),
    magnetic: boolean('magnetic').notNull().default(false),
    wireless: boolean('wireless').notNull().default(false),
    certification: text('certification').notNull().default(''),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('customs_basics_model_country_uq').on(t.productId, t.country),
    index('customs_basics_hs_ix').on(t.hsCode),
    check('customs_basics_value_ck', sql`${t.unitValue} > 0`),
    check('customs_basics_rebate_ck', sql`${t.rebatePct} >= 0 AND ${t.rebatePct} <= 17`),
    check('customs_basics_battery_ck', sql`${t.hasBattery} = (${t.batteryType} <> 'none')`),
  ],
);
