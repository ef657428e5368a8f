import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A bought-in material: code unique regardless of case, counted in `unit`, bought in `currency`. */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    category: text('category').notNull(),
    supplier: text('supplier').notNull().default(''),
    currency: text('currency').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('materials_code_uq').on(sql`lower(${t.code})`), index('materials_category_idx').on(t.category)],
);

/** Unit price of a material from a day on, in the material's currency (the latest on or before a day applies). */
export const materialPrices = pgTable(
  'material_prices',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
  },
  (t) => [uniqueIndex('material_prices_pk').on(t.materialId, t.effectiveFrom)],
);
