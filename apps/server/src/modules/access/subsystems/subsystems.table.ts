import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId } from '../../../db/columns';

export const subsystems = pgTable('subsystems', {
  id: serialId(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
});
