/**
 * Columns that many tables declare alike, written once: the serial key, the owning account,
 * the creation and change times and the optimistic-lock version. A table spreads or calls
 * them where it has such a column; the database columns they describe are the same as
 * before (drizzle-kit generates no migration for them).
 */
import { integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** The serial primary key `id`. */
export const serialId = () => serial('id').primaryKey();

/** The serial key and the owning account of a row an account owns. */
export const accountRow = () => ({
  id: serialId(),
  accountId: integer('account_id').notNull(),
});

/** When the row was written first. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row was changed last. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** When the row was written first and changed last. */
export const writtenAt = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** The optimistic-lock version: rises with every change, a write names the one it read. */
export const version = () => integer('version').notNull().default(1);

/** Who wrote the row first and who changed it last (user ids), and when. */
export const authored = () => ({
  createdBy: integer('created_by').notNull(),
  updatedBy: integer('updated_by').notNull(),
  ...writtenAt(),
});
