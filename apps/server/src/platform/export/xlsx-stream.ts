/**
 * Every spreadsheet export: rows are read from PostgreSQL through a cursor, turned into
 * SpreadsheetML text (sheet-xml.ts) and deflated into the reply as they come
 * (zip-writer.ts), so memory stays flat whatever the row count. Rules:
 * - The query runs and yields its first batch before any header is sent: a failure
 *   there answers 452 (export file error) as JSON, never a broken file.
 * - A failure after streaming began aborts the connection (the client sees an
 *   incomplete download, not a file that looks whole): the binder sends the returned value
 *   (platform/http/file-reply.ts), the service never touches the reply.
 * - Text cells that a spreadsheet would read as a formula (starting with = + - @, tab or
 *   carriage return) are neutralised with a leading apostrophe.
 * - The client going away stops the cursor.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type FileReply, type FileWriter, streamedFile, XLSX_TYPE } from '../http/file-reply';
import { CURSOR_BATCH, openCursor } from './cursor';
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

/**
 * The export as a value the binder streams (platform/http/file-reply.ts): opening it
 * connects and reads the first batch, so a failing query answers 452 before any header.
 */
export function streamXlsx<R>(pool: pg.Pool, spec: XlsxExport<R>): FileReply {
  const counted = { rows: 0 };
  return streamedFile(
    spec.fileName,
    XLSX_TYPE,
    async () => {
      const cursor = await openCursor(pool, spec.query);
      return async (out, signal) => {
        async function* batches() {
          for await (const batch of cursor.batches(signal)) yield batch.map(spec.map);
          await cursor.close();
        }
        try {
          await writeWorkbook(out, signal, spec, batches(), counted);
        } finally {
          // Reached with the sheet unfinished (or never begun) when the client went away or a
          // write failed: the cursor's connection is in an unknown state, so it is discarded.
          cursor.discard();
        }
      };
    },
    counted,
    // The same query counted: what a background export shows its progress against.
    async () => {
      const res = await pool.query<{ n: string }>(countQueryOf(spec.query));
      return Number(res.rows[0]?.n ?? 0);
    },
  );
}

type SheetSpec<R> = Pick<XlsxExport<R>, 'sheetName' | 'columns' | 'totals'>;

/** The workbook of the rows as they come, the totals row last, deflated into `out`. */
async function writeWorkbook<R>(
  out: Parameters<FileWriter>[0],
  signal: AbortSignal,
  spec: SheetSpec<R>,
  batches: AsyncIterable<R[]>,
  counted: { rows: number },
): Promise<void> {
  const columns: SheetColumn[] = spec.columns.map((c) => ({ header: c.header, width: c.width ?? 14, numFmt: c.numFmt }));
  const styles = new SheetStyles(columns);
  const rows = new SheetRows(columns, styles);
  const cells = (row: R) => spec.columns.map((c) => neutralise(c.value(row)));
  async function* sheet() {
    yield rows.start();
    for await (const batch of batches) {
      let xml = '';
      for (const r of batch) xml += rows.row(cells(r));
      counted.rows += batch.length;
      yield xml;
    }
    if (signal.aborted) return;
    const totals = spec.totals ? await spec.totals() : null;
    if (totals) yield rows.row(cells(totals), true);
    yield rows.end();
  }
  const zip = new ZipWriter(out);
  for (const [name, xml] of workbookParts(spec.sheetName)) await zip.add(name, [xml]);
  await zip.add('xl/styles.xml', [styles.xml()]);
  await zip.add('xl/worksheets/sheet1.xml', sheet());
  if (signal.aborted) return;
  await zip.finish();
}

/**
 * An export of rows the server computes rather than reads (the replenishment advice): `rows`
 * runs before any header is sent, so its failure answers 452 as JSON; then the rows are
 * written in batches like a cursor's.
 */
export function xlsxOfRows<R>(spec: SheetSpec<R> & { fileName: string; rows: () => Promise<R[]> }): FileReply {
  const counted = { rows: 0 };
  let total = 0;
  return streamedFile(
    spec.fileName,
    XLSX_TYPE,
    async () => {
      const all = await spec.rows();
      total = all.length;
      return async (out, signal) => {
        async function* batches() {
          for (let i = 0; i < all.length; i += CURSOR_BATCH) yield all.slice(i, i + CURSOR_BATCH);
        }
        await writeWorkbook(out, signal, spec, batches(), counted);
      };
    },
    counted,
    async () => total,
  );
}

/** `SELECT count(*)` over the export's query, as node-postgres text and values. */
function countQueryOf(query: SQL): { text: string; values: unknown[] } {
  const built = new PgDialect().sqlToQuery(query);
  return { text: `SELECT count(*) AS n FROM (${built.sql}) q`, values: built.params };
}
