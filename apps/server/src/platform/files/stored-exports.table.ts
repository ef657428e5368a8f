import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRow, createdAt } from '../../db/columns';
import { files } from './files.table';

/**
 * Stored exports (docs/files.md "Stored exports"): every export a user ran, kept 7 days as a
 * file of purpose 'export' with what it was (endpoint, path, the parsed query), the permission
 * it needs and the shops its filters named (both checked again at download).
 */
export const storedExports = pgTable(
  'stored_exports',
  {
    ...accountRow(),
    userId: integer('user_id').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    /** The contract endpoint: `GET product/rest/v1/products/excel`. */
    endpoint: text('endpoint').notNull(),
    /** The path as requested (path parameters filled in), without the query. */
    path: text('path').notNull(),
    /** The query it ran with, as the endpoint's schema parsed it. */
    query: jsonb('query').notNull(),
    permission: text('permission').notNull(),
    /** The shops the filters named (null: none named, the whole scope). */
    shopIds: integer('shop_ids').array(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** Null when the writer could not count. */
    rowCount: integer('row_count'),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stored_exports_user_idx').on(t.userId, t.createdAt), index('stored_exports_expires_idx').on(t.expiresAt)],
);
