/**
 * Every spreadsheet export: rows are read from PostgreSQL through a cursor, turned into
 * SpreadsheetML text (sheet-xml.ts) and deflated into the reply as they come
 * (zip-writer.ts), so memory stays flat whatever the row count. Rules:
 * - The query runs and yields its first batch before any header is sent: a failure
 *   there answers 452 (export file error) as JSON, never a broken file.
 * - A failure after streaming began aborts the connection (the client sees an
 *   incomplete download, not a file that looks whole).
 * - Text cells that a spreadsheet would read as a formula (starting with = + - @, tab or
 *   carriage return) are neutralised with a leading apostrophe.
 * - The client going away stops the cursor.
 */
import { PassThrough } from 'node:stream';
import { ERROR_CODES, STATUS } from '@bo/contract';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { AppError } from '../errors';
import { type SheetColumn, SheetRows, SheetStyles, workbookParts } from './sheet-xml';
import { ZipWriter } from './zip-writer';

export interface XlsxColumn<R> {
  header: string;
  width?: number;
  /** Excel number format, e.g. '#,##0.00' or '0.00%'. */
  numFmt?: string;
  value: (row: R) => string | number | null;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** A text cell as data, never as a formula. */
export const neutralise = (v: string | number | null): string | number | null =>
  typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v;

const dialect = new PgDialect();
const BATCH = 2000;

export const exportFailed = (msg = 'the export could not be produced') =>
  new AppError(STATUS.EXPORT_ERROR, ERROR_CODES.EXPORT_ERROR, msg);

/** RFC 5987 filename for any characters. */
const disposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export interface XlsxExport<R> {
  fileName: string;
  sheetName: string;
  columns: readonly XlsxColumn<R>[];
  query: SQL;
  /** Turns a database row into the row the columns read. */
  map: (raw: Record<string, unknown>) => R;
  /** A last row, written in bold (e.g. the totals of the filtered set). */
  totals?: () => Promise<R | null>;
}

export async function streamXlsx<R>(pool: pg.Pool, reply: FastifyReply, spec: XlsxExport<R>): Promise<void> {
  const { sql: text, params } = dialect.sqlToQuery(spec.query);
  let client: pg.PoolClient;
  let cursor: Cursor<Record<string, unknown>>;
  let first: Record<string, unknown>[];
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
  try {
    cursor = client.query(new Cursor<Record<string, unknown>>(text, params as unknown[]));
    first = await cursor.read(BATCH);
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
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', disposition(spec.fileName))
    .header('cache-control', 'no-store');
  void reply.send(out);

  const columns: SheetColumn[] = spec.columns.map((c) => ({ header: c.header, width: c.width ?? 14, numFmt: c.numFmt }));
  const styles = new SheetStyles(columns);
  const rows = new SheetRows(columns, styles);
  const cells = (row: R) => spec.columns.map((c) => neutralise(c.value(row)));
  async function* sheet() {
    yield rows.start();
    let batch = first;
    while (batch.length > 0 && !aborted) {
      let xml = '';
      for (const raw of batch) xml += rows.row(cells(spec.map(raw)));
      yield xml;
      batch = batch.length < BATCH ? [] : await cursor.read(BATCH);
    }
    await cursor.close();
    release();
    if (aborted) return;
    const totals = spec.totals ? await spec.totals() : null;
    if (totals) yield rows.row(cells(totals), true);
    yield rows.end();
  }

  const zip = new ZipWriter(out);
  try {
    for (const [name, xml] of workbookParts(spec.sheetName)) await zip.add(name, [xml]);
    await zip.add('xl/styles.xml', [styles.xml()]);
    await zip.add('xl/worksheets/sheet1.xml', sheet());
    if (aborted) return;
    await zip.finish();
    out.end();
  } catch (err) {
    if (aborted) return;
    reply.log.error({ err }, 'export failed after streaming began');
    out.destroy(err as Error);
    reply.raw.destroy();
  } finally {
    // Reached with the sheet unfinished (or never begun) when the client went away or a
    // write failed: the cursor's connection is in an unknown state, so it is discarded.
    release(true);
  }
}
