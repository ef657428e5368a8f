import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const subsystems = pgTable('subsystems', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
});
