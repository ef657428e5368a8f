/** The exports' cursor on a real PostgreSQL: batches, the 452s before any byte, and the connection always given back. */
import { STATUS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../../test/harness';
import { AppError } from '../errors';
import { openCursor } from './cursor';

let pool: pg.Pool;
const busy = () => pool.totalCount - pool.idleCount;
const numbers = (n: number) => sql`SELECT g AS n FROM generate_series(1, ${n}::int) g ORDER BY g`;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await cloneDatabase(), max: 2 });
});
afterAll(() => pool?.end());

describe('openCursor', () => {
  it('reads the first batch at opening, then the rest batch by batch, and gives the connection back on close', async () => {
    const cursor = await openCursor(pool, numbers(10), 3);
    const seen: number[][] = [];
    for await (const batch of cursor.batches(new AbortController().signal)) seen.push(batch.map((r) => Number(r.n)));
    expect(seen).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]]);
    expect(busy()).toBe(1);
    await cursor.close();
    cursor.discard(); // after close: nothing more to give back
    expect(busy()).toBe(0);
    expect(pool.idleCount).toBe(1);
  });

  it('yields nothing for an empty result and still releases its connection', async () => {
    const cursor = await openCursor(pool, numbers(0), 3);
    const batches: unknown[] = [];
    for await (const b of cursor.batches(new AbortController().signal)) batches.push(b);
    expect(batches).toEqual([]);
    await cursor.close();
    expect(busy()).toBe(0);
  });

  it('stops reading when the signal aborts, and discards the connection of an unfinished read', async () => {
    const before = pool.totalCount;
    const cursor = await openCursor(pool, numbers(100), 10);
    const stop = new AbortController();
    let read = 0;
    try {
      for await (const batch of cursor.batches(stop.signal)) {
        read += batch.length;
        stop.abort();
      }
    } finally {
      cursor.discard();
    }
    expect(read).toBe(10);
    expect(busy()).toBe(0);
    expect(pool.totalCount).toBeLessThanOrEqual(before);
  });

  it('answers 452 before anything is sent when the query fails, with its connection released', async () => {
    const err = await openCursor(pool, sql`SELECT 1 / (g - g) FROM generate_series(1, 3) g`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(STATUS.EXPORT_ERROR);
    expect((err as AppError).message).toBe('the export could not be produced');
    expect(busy()).toBe(0);
  });

  it('answers 452 naming the database when it cannot be reached', async () => {
    const nowhere = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
    try {
      const err = await openCursor(nowhere, numbers(1)).catch((e: unknown) => e);
      expect((err as AppError).status).toBe(STATUS.EXPORT_ERROR);
      expect((err as AppError).message).toMatch(/database unavailable/);
    } finally {
      await nowhere.end();
    }
  });
});
