import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId } from '../../db/columns';

/**
 * One uploaded report file: what it was (kind, variant, fingerprint, hash, marketplace,
 * currency, rates, time zone), what it holds (the parsed rows ready to write, problems),
 * and what committing it did.
 */
export const imports = pgTable(
  'imports',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    /** preview | held | committed | discarded | reverted */
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
    createdAt: createdAt(),
    committedBy: integer('committed_by'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    /**
     * Sales reports: (listing, day|null) pairs named by rows with errors; a commit leaves their
     * stored figures alone ([{ l, d }], d null: every day of the import).
     */
    keep: jsonb('keep'),
    /** Order of commits, taken under the shop's lock (committed_at is the transaction's start). */
    commitSeq: bigint('commit_seq', { mode: 'number' }),
    /** The commit stored what it replaced (import_replaced), so it can be reverted. */
    revertible: boolean('revertible').notNull().default(false),
    /** Business Reports over a period: the period totals this commit replaced. */
    replacedTotals: jsonb('replaced_totals'),
    revertedBy: integer('reverted_by'),
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
  },
  (t) => [index('imports_shop_idx').on(t.shopId, t.createdAt), index('imports_hash_idx').on(t.fileHash)],
);

/** Commit order of imports (`imports.commit_seq`). */
export const importCommitSeq = pgSequence('import_commit_seq');

/**
 * What a sales-report commit replaced, written in the commit's transaction: one row per
 * (listing, day) the commit wrote or zeroed, with the fact as it was (`old`, the whole
 * sales_facts row as JSON; null when the commit created it). A revert puts these back.
 */
export const importReplaced = pgTable(
  'import_replaced',
  {
    importId: integer('import_id').notNull(),
    listingId: integer('listing_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    old: jsonb('old'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.listingId, t.day] })],
);

/**
 * What an import of an area kind (costs, fees, materials, BOMs, ad reports, order reports)
 * replaced, written in its commit's transaction (import-changes.ts): per scope it wrote, an
 * equality filter on one table (`key`, e.g. one unit cost, or one shop-day of one ad report
 * type), the scope's rows before (`before`, JSON array, [] when empty) and a fingerprint of
 * them as the commit left them (`after`, md5). A revert compares and puts `before` back.
 */
export const importChanges = pgTable(
  'import_changes',
  {
    importId: integer('import_id').notNull(),
    seq: integer('seq').notNull(),
    entity: text('entity').notNull(),
    key: jsonb('key').notNull(),
    before: json('before').notNull(),
    after: text('after'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] }), index('import_changes_scope_idx').on(t.entity, t.key, t.importId)],
);
