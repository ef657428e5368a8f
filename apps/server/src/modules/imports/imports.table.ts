import { bigint, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One uploaded report file: what it was (kind, variant, fingerprint, hash, marketplace,
 * currency, rates, time zone), what it holds (the parsed rows ready to write, problems),
 * and what committing it did.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** preview | held | committed | discarded */
    status: text('status').notNull(),
    accountId: integer('account_id').notNull(),
    /** Null for the company-wide kinds (costs, materials, BOMs). */
    shopId: integer('shop_id'),
    marketId: smallint('market_id'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    variant: text('variant'),
    fingerprint: text('fingerprint').notNull(),
    locale: text('locale'),
    currency: text('currency'),
    timeZone: text('time_zone'),
    rateSnapshot: jsonb('rate_snapshot').notNull(),
    rowCount: integer('row_count').notNull(),
    errorCount: integer('error_count').notNull(),
    warningCount: integer('warning_count').notNull(),
    errors: jsonb('errors').notNull(),
    warnings: jsonb('warnings').notNull(),
    headerDiff: jsonb('header_diff'),
    /** The rows to write: [{ line, listingId, sku, asin, day|null, units, orders, revenue, sessions, pageViews }]. */
    payload: jsonb('payload').notNull(),
    /** All Orders only: the order lines to upsert into `orders` on commit: [{ o, a, s, q, st, p }]. */
    orderLines: jsonb('order_lines'),
    duplicateOf: integer('duplicate_of'),
    result: jsonb('result'),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedBy: integer('committed_by'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
  },
  (t) => [index('imports_shop_idx').on(t.shopId, t.createdAt), index('imports_hash_idx').on(t.fileHash)],
);
