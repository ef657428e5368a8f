import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { updatedAt, version } from '../../../db/columns';
import { products } from '../products/products.table';

/** Technical data of a product model: one row per product, gone with the product. */
export const productModelInfo = pgTable(
  'product_model_info',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    lengthMm: numeric('length_mm', { precision: 7, scale: 1 }).notNull(),
    widthMm: numeric('width_mm', { precision: 7, scale: 1 }).notNull(),
    heightMm: numeric('height_mm', { precision: 7, scale: 1 }).notNull(),
    netWeightG: numeric('net_weight_g', { precision: 8, scale: 1 }).notNull(),
    grossWeightG: numeric('gross_weight_g', { precision: 8, scale: 1 }).notNull(),
    packageLengthMm: numeric('package_length_mm', { precision: 7, scale: 1 }).notNull(),
    packageWidthMm: numeric('package_width_mm', { precision: 7, scale: 1 }).notNull(),
    packageHeightMm: numeric('package_height_mm', { precision: 7, scale: 1 }).notNull(),
    /** Spec §4: 0 none, 1 in product, 2 outside product. */
    powerPack: smallint('power_pack').notNull(),
    /** Spec §4: 1 Metal, 2 Plastic. */
    material: smallint('material').notNull(),
    ratedVoltage: text('rated_voltage'),
    wattageW: numeric('wattage_w', { precision: 7, scale: 2 }),
    plugType: text('plug_type'),
    certifications: text('certifications').array().notNull().default(sql`'{}'::text[]`),
    hsCode: text('hs_code').notNull(),
    countryOfOrigin: text('country_of_origin').notNull(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('product_model_info_power_pack_ck', sql`${t.powerPack} IN (0, 1, 2)`),
    check('product_model_info_material_ck', sql`${t.material} IN (1, 2)`),
    check('product_model_info_weight_ck', sql`${t.grossWeightG} >= ${t.netWeightG}`),
    check('product_model_info_hs_ck', sql`${t.hsCode} ~ '^[0-9]{6,10}$'`),
  ],
);
