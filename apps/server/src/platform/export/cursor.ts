/**
 * The one way an export reads its rows: a server-side cursor on a connection of its own,
 * opened and read for its first batch before the export answers anything, so a failing
 * query (or no database) is a 452 as JSON, never a broken file. The rest is read batch by
 * batch as the reply drains, memory staying flat; the client going away stops the reading.
 * Used by the xlsx (xlsx-stream.ts) and csv (modules/ppc/shared/csv-stream.ts) exports.
 */
import { ERROR_CODES, STATUS } from '@bo/contract';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { AppError } from '../errors';

export type CursorRow = Record<string, unknown>;

const dialect = new PgDialect();
export const CURSOR_BATCH = 2000;

export const exportFailed = (msg = 'the export could not be produced') =>
  new AppError(STATUS.EXPORT_ERROR, ERROR_CODES.EXPORT_ERROR, msg);

export interface OpenCursor {
  /**
   * Every row, batch by batch: the first batch (read at opening), then the rest until the
   * query is exhausted or `signal` aborts.
   */
  batches(signal: AbortSignal): AsyncGenerator<CursorRow[]>;
  /** Closes the cursor and gives its connection back to the pool: the export read what it needed. */
  close(): Promise<void>;
  /**
   * Discards the connection (its state is unknown: a write failed, the client went away
   * mid-read). Call it in a `finally`: after `close`, it does nothing.
   */
  discard(): void;
}

/**
 * Connects, opens the cursor and reads the first batch. Throws a 452 (exportFailed) when
 * the database cannot be reached or the query fails, having released the connection.
 */
export async function openCursor(pool: pg.Pool, query: SQL, batchSize = CURSOR_BATCH): Promise<OpenCursor> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    throw Object.assign(exportFailed('database unavailable, the export was not produced'), { cause: err });
  }
  let released = false;
  const release = (destroy: boolean) => {
    if (released) return;
    released = true;
    client.release(destroy);
  };
  let cursor: Cursor<CursorRow>;
  let first: CursorRow[];
  try {
    cursor = client.query(new Cursor<CursorRow>(text, params as unknown[]));
    first = await cursor.read(batchSize);
  } catch (err) {
    release(true);
    throw Object.assign(exportFailed(), { cause: err });
  }
  return {
    async *batches(signal) {
      let batch = first;
      while (batch.length > 0 && !signal.aborted) {
        yield batch;
        batch = batch.length < batchSize ? [] : await cursor.read(batchSize);
      }
    },
    async close() {
      if (released) return;
      await cursor.close();
      release(false);
    },
    discard: () => release(true),
  };
}
