import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRow, createdAt } from '../../db/columns';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The file store (platform/files, docs/files.md). A blob is one content, stored once and
 * named by its sha256; a file row is one upload of it (who, for what, under which name).
 * The same content uploaded twice is two file rows and one blob. A thumbnail is a blob too.
 * `touched_at` moves whenever an upload reuses the blob, so the garbage collector (which
 * deletes blobs no file row names, untouched for a day) never races a new reference.
 */
export const fileBlobs = pgTable('file_blobs', {
  sha256: text('sha256').primaryKey(),
  size: integer('size').notNull(),
  /** The sniffed type (contract FILE_TYPES key), never the client's claim. */
  type: text('type').notNull(),
  width: integer('width'),
  height: integer('height'),
  /** Bytes per chunk (the last may be shorter): a range reads only the chunks it covers. */
  chunkSize: integer('chunk_size').notNull(),
  createdAt: createdAt(),
  touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A blob's bytes in order: seq 0, 1, … of chunk_size bytes each. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    sha256: text('sha256')
      .notNull()
      .references(() => fileBlobs.sha256, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.seq] })],
);

export const files = pgTable(
  'files',
  {
    ...accountRow(),
    /** The purpose (contract FILE_PURPOSES key): its types, size limit and read rule. */
    purpose: text('purpose').notNull(),
    blobSha: text('blob_sha')
      .notNull()
      .references(() => fileBlobs.sha256),
    thumbSha: text('thumb_sha').references(() => fileBlobs.sha256),
    /** The name the client gave, as it was (shown and sent back in Content-Disposition only). */
    name: text('name').notNull(),
    ownerId: integer('owner_id').notNull(),
    /** What the file belongs to, in its area's terms (`project:12`); null while unattached. */
    entity: text('entity'),
    createdAt: createdAt(),
    /** Set once its area removed it: no longer downloadable; the collector drops the row a day later. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('files_blob_idx').on(t.blobSha),
    index('files_thumb_idx').on(t.thumbSha).where(sql`thumb_sha IS NOT NULL`),
    index('files_entity_idx').on(t.accountId, t.entity).where(sql`entity IS NOT NULL`),
  ],
);
