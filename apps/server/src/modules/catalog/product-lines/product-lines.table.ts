import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const productLines = pgTable('product_lines', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  /** Category line code of spec §3 (e.g. 6111) for leaf lines. */
  code: text('code').unique(),
  parentId: integer('parent_id'),
});

export const productPositions = pgTable('product_positions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});
