import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId } from '../../../db/columns';

export const productLines = pgTable('product_lines', {
  id: serialId(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  /** Category line code of spec §3 (e.g. 6111) for leaf lines. */
  code: text('code').unique(),
  parentId: integer('parent_id'),
});

/** A product position: `name` is its Chinese name, `name_en` its English one ('' when not given; the other shows). */
export const productPositions = pgTable(
  'product_positions',
  {
    id: serialId(),
    name: text('name').notNull().unique(),
    nameEn: text('name_en').notNull().default(''),
  },
  (t) => [check('product_positions_named_ck', sql`${t.name} <> '' OR ${t.nameEn} <> ''`)],
);
