/**
 * A csv export streamed from a cursor, like the platform's xlsx exports: the first batch
 * is read before any header goes out (a failure there answers 452 as JSON), memory stays
 * flat, the client going away stops the cursor, and text cells a spreadsheet would read
 * as a formula are neutralised. UTF-8 with a byte-order mark so Excel reads it right.
 */
import { PassThrough } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { exportFailed, neutralise } from '../../../platform/export/xlsx-stream';

export interface CsvColumn {
  header: string;
  value: (row: Record<string, unknown>) => string | number | null;
}

const dialect = new PgDialect();
const BATCH = 2000;

const cell = (v: string | number | null): string => {
  if (v === null) return '';
  const s = String(neutralise(v));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const line = (values: readonly (string | number | null)[]) => `${values.map(cell).join(',')}\r\n`;

export async function streamCsv(
  pool: pg.Pool,
  reply: FastifyReply,
  spec: { fileName: string; columns: readonly CsvColumn[]; query: SQL },
): Promise<void> {
  const { sql: text, params } = dialect.sqlToQuery(spec.query);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    throw Object.assign(exportFailed('database unavailable, the export was not produced'), { cause: err });
  }
  let released = false;
  const release = (destroy = false) => {
    if (released) return;
    released = true;
    client.release(destroy);
  };
  let cursor: Cursor<Record<string, unknown>>;
  let batch: Record<string, unknown>[];
  try {
    cursor = client.query(new Cursor<Record<string, unknown>>(text, params as unknown[]));
    batch = await cursor.read(BATCH);
  } catch (err) {
    release(true);
    throw Object.assign(exportFailed(), { cause: err });
  }
  const out = new PassThrough();
  let aborted = false;
  reply.raw.on('close', () => {
    if (reply.raw.writableFinished) return;
    aborted = true;
    out.destroy();
  });
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${spec.fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store');
  void reply.send(out);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  try {
    await write(`\ufeff${line(spec.columns.map((c) => c.header))}`);
    while (batch.length > 0 && !aborted) {
      let chunk = '';
      for (const row of batch) chunk += line(spec.columns.map((c) => c.value(row)));
      await write(chunk);
      batch = batch.length < BATCH ? [] : await cursor.read(BATCH);
    }
    await cursor.close();
    release();
    if (!aborted) out.end();
  } catch (err) {
    if (aborted) return;
    reply.log.error({ err }, 'csv export failed after streaming began');
    out.destroy(err as Error);
    reply.raw.destroy();
  } finally {
    release(true);
  }
}
