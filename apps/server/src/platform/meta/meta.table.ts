import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';

/** Small facts about the installation itself: which seed ran, when. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
