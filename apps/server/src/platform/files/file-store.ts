/**
 * Where blobs live. The file service (files.service.ts) speaks only this interface; the
 * PostgreSQL store below is the default (every server process behind a load balancer sees
 * the same files, and a database backup holds them). An S3-compatible store is a documented
 * option of the same shape (docs/files.md, "Another store").
 *
 * A blob is named by the sha256 of its bytes and never changes; `put` inside the caller's
 * transaction, so a blob exists exactly when the upload that brought it committed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';

export type BlobInfo = {
  sha256: string;
  size: number;
  type: string;
  width: number | null;
  height: number | null;
};

/** Bytes `start` to `end`, both included (HTTP's Range arithmetic). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  /**
   * Stores `bytes` as blob `info.sha256` unless it is there already (then only marks it used,
   * so the collector leaves it). Runs in the caller's transaction. Answers whether it was new.
   */
  put(tx: DbOrTx, info: BlobInfo, bytes: Uint8Array): Promise<{ created: boolean }>;
  /** The blob's facts, or null when there is no such blob. */
  stat(sha256: string): Promise<BlobInfo | null>;
  /** The blob's bytes in `range` (default all), in order, read as they are consumed. */
  read(sha256: string, range?: ByteRange): AsyncIterable<Buffer>;
  /** Deletes blobs no file row names and no upload used for `graceMs`; answers how many went. */
  deleteUnreferenced(graceMs: number): Promise<number>;
  /**
   * A blob the server writes piece by piece (a stored export): memory holds at most one chunk.
   * Until `finish` names it by its content, it is a pending blob no file row names, so a
   * crash leaves only what the collector removes.
   */
  begin(): BlobWriter;
}

export interface BlobWriter {
  write(bytes: Buffer): Promise<void>;
  /** In the caller's transaction: the blob under its sha256 (stored once), the pending one gone. */
  finish(tx: DbOrTx, type: string): Promise<{ sha256: string; size: number }>;
  /** Drops what was written. */
  abort(): Promise<void>;
}

/** Bytes per stored chunk: a range reads only the chunks it covers. */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks read per query while streaming (1 MB). */
const CHUNKS_PER_READ = 4;

export class PgFileStore implements FileStore {
  constructor(
    private readonly db: Db,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {}

  async put(tx: DbOrTx, info: BlobInfo, bytes: Uint8Array): Promise<{ created: boolean }> {
    // A concurrent upload of the same content waits here for the first to commit (the primary
    // key), then finds the blob and only touches it. Touching also moves it out of the
    // collector's reach while this transaction runs (the collector's delete waits on the row).
    const res = await tx.execute<{ created: boolean }>(sql`
      INSERT INTO file_blobs (sha256, size, type, width, height, chunk_size)
      VALUES (${info.sha256}, ${info.size}, ${info.type}, ${info.width}, ${info.height}, ${this.chunkBytes})
      ON CONFLICT (sha256) DO UPDATE SET touched_at = now()
      RETURNING (xmax = 0) AS created`);
    const created = res.rows[0]?.created === true;
    if (!created) return { created };
    for (let seq = 0, at = 0; at < bytes.length; seq++, at += this.chunkBytes) {
      const data = Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(this.chunkBytes, bytes.length - at));
      await tx.execute(sql`INSERT INTO file_chunks (sha256, seq, data) VALUES (${info.sha256}, ${seq}, ${data})`);
    }
    return { created };
  }

  async stat(sha256: string): Promise<BlobInfo | null> {
    const res = await this.db.execute<BlobInfo>(
      sql`SELECT sha256, size, type, width, height FROM file_blobs WHERE sha256 = ${sha256}`,
    );
    return res.rows[0] ?? null;
  }

  async *read(sha256: string, range?: ByteRange): AsyncIterable<Buffer> {
    const head = await this.db.execute<{ size: number; chunk_size: number }>(
      sql`SELECT size, chunk_size FROM file_blobs WHERE sha256 = ${sha256}`,
    );
    const blob = head.rows[0];
    if (!blob) throw new Error(`blob ${sha256} is gone`);
    const start = range?.start ?? 0;
    const end = range?.end ?? blob.size - 1;
    if (end < start) return;
    const size = blob.chunk_size;
    const last = Math.floor(end / size);
    for (let from = Math.floor(start / size); from <= last; from += CHUNKS_PER_READ) {
      const to = Math.min(last, from + CHUNKS_PER_READ - 1);
      const rows = await this.db.execute<{ seq: number; data: Buffer }>(
        sql`SELECT seq, data FROM file_chunks WHERE sha256 = ${sha256} AND seq BETWEEN ${from} AND ${to} ORDER BY seq`,
      );
      if (rows.rows.length !== to - from + 1) throw new Error(`blob ${sha256} is missing chunks ${from}–${to}`);
      for (const { seq, data } of rows.rows) {
        const chunkStart = seq * size;
        const a = Math.max(start - chunkStart, 0);
        const b = Math.min(end - chunkStart + 1, data.length);
        yield a === 0 && b === data.length ? data : data.subarray(a, b);
      }
    }
  }

  async deleteUnreferenced(graceMs: number): Promise<number> {
    const res = await this.db.execute(sql`
      DELETE FROM file_blobs b
       WHERE b.touched_at < now() - make_interval(secs => ${graceMs / 1000})
         AND NOT EXISTS (SELECT 1 FROM files f WHERE f.blob_sha = b.sha256)
         AND NOT EXISTS (SELECT 1 FROM files f WHERE f.thumb_sha = b.sha256)`);
    return res.rowCount ?? 0;
  }

  begin(): BlobWriter {
    return new PgBlobWriter(this.db, this.chunkBytes);
  }
}

/**
 * PostgreSQL's streamed blob: chunks are inserted (each its own statement, no transaction
 * held open while the export streams) under a pending name; `finish` moves them to the
 * content's name, or drops them when that content is stored already.
 */
class PgBlobWriter implements BlobWriter {
  private readonly pending = `pending-${randomUUID()}`;
  private readonly hash = createHash('sha256');
  private parts: Buffer[] = [];
  private held = 0;
  private seq = 0;
  private size = 0;
  private started = false;

  constructor(
    private readonly db: Db,
    private readonly chunkBytes: number,
  ) {}

  private async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.db.execute(sql`
      INSERT INTO file_blobs (sha256, size, type, chunk_size) VALUES (${this.pending}, 0, 'pending', ${this.chunkBytes})`);
  }

  private async flush(all: boolean): Promise<void> {
    await this.start();
    // Joined once, then cut: a large piece (a file built whole) is not copied again per chunk.
    const joined = this.parts.length === 1 && this.parts[0] ? this.parts[0] : Buffer.concat(this.parts);
    let at = 0;
    while (joined.length - at >= this.chunkBytes || (all && at < joined.length)) {
      const data = joined.subarray(at, at + this.chunkBytes);
      at += data.length;
      await this.db.execute(sql`INSERT INTO file_chunks (sha256, seq, data) VALUES (${this.pending}, ${this.seq}, ${data})`);
      this.seq++;
    }
    // The rest is copied, so the piece it came from is not kept alive by it.
    const rest = Buffer.from(joined.subarray(at));
    this.parts = rest.length > 0 ? [rest] : [];
    this.held = rest.length;
  }

  async write(bytes: Buffer): Promise<void> {
    this.hash.update(bytes);
    this.size += bytes.length;
    this.parts.push(bytes);
    this.held += bytes.length;
    if (this.held >= this.chunkBytes) await this.flush(false);
  }

  async finish(tx: DbOrTx, type: string): Promise<{ sha256: string; size: number }> {
    await this.flush(true);
    const sha256 = this.hash.digest('hex');
    const res = await tx.execute<{ created: boolean }>(sql`
      INSERT INTO file_blobs (sha256, size, type, chunk_size) VALUES (${sha256}, ${this.size}, ${type}, ${this.chunkBytes})
      ON CONFLICT (sha256) DO UPDATE SET touched_at = now()
      RETURNING (xmax = 0) AS created`);
    if (res.rows[0]?.created === true)
      await tx.execute(sql`UPDATE file_chunks SET sha256 = ${sha256} WHERE sha256 = ${this.pending}`);
    await tx.execute(sql`DELETE FROM file_blobs WHERE sha256 = ${this.pending}`);
    return { sha256, size: this.size };
  }

  async abort(): Promise<void> {
    this.parts = [];
    if (this.started) await this.db.execute(sql`DELETE FROM file_blobs WHERE sha256 = ${this.pending}`);
  }
}

const stores = new WeakMap<Db, FileStore>();
/** The store of this database (one per app). */
export function fileStoreOf(db: Db): FileStore {
  let store = stores.get(db);
  if (!store) {
    store = new PgFileStore(db);
    stores.set(db, store);
  }
  return store;
}
