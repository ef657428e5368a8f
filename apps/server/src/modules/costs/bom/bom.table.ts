import { index, integer, numeric, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt, version } from '../../../db/columns';
import { skus } from '../../catalog/products/products.table';
import { materials } from '../materials/materials.table';

/** A SKU's bill of materials: labour and overhead per unit in USD; its lines in `bom_items`. */
export const boms = pgTable('boms', {
  skuId: integer('sku_id')
    .primaryKey()
    .references(() => skus.id),
  labour: numeric('labour', { precision: 12, scale: 4 }).notNull().default('0'),
  overhead: numeric('overhead', { precision: 12, scale: 4 }).notNull().default('0'),
  version: version(),
  updatedAt: updatedAt(),
});

/** One material of a BOM and the quantity (in the material's unit) one SKU unit takes. */
export const bomItems = pgTable(
  'bom_items',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => boms.skuId, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: numeric('quantity', { precision: 14, scale: 4 }).notNull(),
  },
  (t) => [uniqueIndex('bom_items_pk').on(t.skuId, t.materialId), index('bom_items_material_idx').on(t.materialId)],
);
