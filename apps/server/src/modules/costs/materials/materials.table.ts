import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, version, writtenAt } from '../../../db/columns';

/**
 * A bought-in material: code unique regardless of case, counted in `unit`, bought in `currency`.
 * Name, category and supplier each have a Chinese (`name`, `category`, `supplier`) and an English
 * (`*_en`) text; '' where one was not given (the other one shows). A name and a category need one of the two.
 */
export const materials = pgTable(
  'materials',
  {
    id: serialId(),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    unit: text('unit').notNull(),
    category: text('category').notNull().default(''),
    categoryEn: text('category_en').notNull().default(''),
    supplier: text('supplier').notNull().default(''),
    supplierEn: text('supplier_en').notNull().default(''),
    currency: text('currency').notNull(),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('materials_code_uq').on(sql`lower(${t.code})`),
    index('materials_category_idx').on(t.category),
    check('materials_named_ck', sql`${t.name} <> '' OR ${t.nameEn} <> ''`),
    check('materials_category_ck', sql`${t.category} <> '' OR ${t.categoryEn} <> ''`),
  ],
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
