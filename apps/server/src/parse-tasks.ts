/**
 * The parsers an upload goes through, run in the parse worker (src/parse-worker.ts) by name
 * through platform/upload/parse-pool.ts. Each is a pure function of the file's bytes (and
 * plain options): no database, no request.
 */
import { parseReport } from './modules/imports/parsers';
import { readTextRecords } from './modules/imports/parsers/tokenise';
import { readSheet } from './modules/imports/xlsx-read';
import { readSheets, readTable } from './modules/ppc/imports/table-read';
import { readImage } from './platform/files/image';

export const PARSE_TASKS = {
  /** A Business Report or All Orders file (sales imports). */
  salesReport: (kind: 'business-report' | 'all-orders', bytes: Buffer) =>
    kind === 'business-report' ? parseReport('business-report', bytes) : parseReport('all-orders', bytes),
  /** The first worksheet of a cost, fee, material or BOM workbook, by column aliases. */
  sheet: readSheet,
  /** An ad report: csv/tsv text or the chosen sheet of a workbook. */
  table: readTable,
  /** Every sheet of a workbook (the ad console's bulk file). */
  sheets: readSheets,
  /** A tab- or comma-separated order report's non-blank records. */
  /** An image for the file store: its dimensions and thumbnail; refused when it does not decode. */
  image: readImage,
  textRecords: (bytes: Buffer, candidates: readonly string[]) => readTextRecords(bytes, candidates),
};

export type ParseTasks = typeof PARSE_TASKS;
