/**
 * An uploaded .xlsx is a zip: before any spreadsheet library opens it, its container is
 * checked so that a small file cannot expand without bound (a "zip bomb"):
 * at most 10 MB as uploaded, 1,000 entries, and 100 MB once inflated. The declared sizes
 * are not trusted: every entry is inflated with a cap on what it may produce, so a lying
 * header is caught as early as a truthful one (a bomb is refused in well under a second).
 * The cells of every worksheet are counted too: a small sheet of a million tiny cells is
 * cheap to inflate but costs a spreadsheet library hundreds of MB to hold.
 */
import zlib from 'node:zlib';
import { badRequest } from '../errors';

export const XLSX_LIMITS = {
  bytes: 10 * 1024 * 1024,
  entries: 1000,
  inflated: 100 * 1024 * 1024,
  cells: 1_000_000,
} as const;

/**
 * Cells up to which a workbook may be read whole: exceljs holds about 500 bytes a cell, and
 * the parse worker's heap is capped (platform/upload/parse-pool.ts).
 */
export const WHOLE_WORKBOOK_CELLS = 300_000;

/**
 * Inflated size up to which a workbook is read whole rather than streamed: exceljs'
 * streaming reader has been seen, under load, to drop worksheets and to read a worksheet
 * before the workbook's names and styles. Larger files stream (memory).
 */
export const WHOLE_WORKBOOK_BYTES = 25 * 1024 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const refuse = (why: string) => badRequest(`not a usable .xlsx file: ${why}`);

function endOfDirectory(bytes: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65,535.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= from; at--) if (bytes.readUInt32LE(at) === EOCD) return at;
  throw refuse('it is not a zip archive');
}

export interface XlsxEntries {
  /** Every entry's path, in the directory's order. */
  names: string[];
  /** The text of xl/workbook.xml (the sheets' names), when the archive has one. */
  workbookXml: string | null;
  /** Bytes of every entry once inflated. */
  inflatedBytes: number;
  /** Cells (`<c>` elements) of every worksheet. */
  cells: number;
}

/** Whether a workbook this size is read whole (see WHOLE_WORKBOOK_BYTES and WHOLE_WORKBOOK_CELLS) rather than streamed. */
export const readsWhole = (e: XlsxEntries, upToBytes = WHOLE_WORKBOOK_BYTES) =>
  e.inflatedBytes <= upToBytes && e.cells <= WHOLE_WORKBOOK_CELLS;

const isWorksheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(name);

/** Counts the `<c>` elements of a worksheet's XML. */
function countCells(xml: Buffer): number {
  let n = 0;
  for (let at = xml.indexOf('<c'); at !== -1; at = xml.indexOf('<c', at + 2)) {
    const next = xml[at + 2];
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) n++;
  }
  return n;
}

/** Throws a 400 (AppError) when the upload is not a zip within the limits; else answers its entries. */
export function assertSafeXlsx(
  bytes: Buffer,
  limits: { bytes: number; entries: number; inflated: number; cells?: number } = XLSX_LIMITS,
): XlsxEntries {
  if (bytes.length > limits.bytes) throw refuse(`it is larger than ${limits.bytes / 1024 / 1024} MB`);
  if (bytes.length < 22) throw refuse('it is not a zip archive');
  const end = endOfDirectory(bytes);
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff) throw refuse('ZIP64 archives are not accepted');
  if (entries > limits.entries) throw refuse(`it has more than ${limits.entries} entries`);
  let budget = limits.inflated;
  const names: string[] = [];
  let workbookXml: string | null = null;
  let cells = 0;
  const maxCells = limits.cells ?? XLSX_LIMITS.cells;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw refuse('its directory is damaged');
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const declared = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    if (declared > budget) throw refuse(`it expands beyond ${limits.inflated / 1024 / 1024} MB`);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL) throw refuse('its entries are damaged');
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataAt, dataAt + compressed);
    if (dataAt + compressed > bytes.length) throw refuse('its entries are damaged');
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    let produced: number;
    let content: Buffer;
    if (method === 0) {
      content = data;
      produced = data.length;
      if (name === 'xl/workbook.xml') workbookXml = data.toString('utf8');
    } else if (method === 8) {
      try {
        content = zlib.inflateRawSync(data, { maxOutputLength: budget + 1 });
        produced = content.length;
        if (name === 'xl/workbook.xml') workbookXml = content.toString('utf8');
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError)
          throw refuse(`it expands beyond ${limits.inflated / 1024 / 1024} MB`);
        throw refuse('an entry cannot be inflated');
      }
    } else throw refuse(`an entry uses compression method ${method}`);
    if (produced > budget) throw refuse(`it expands beyond ${limits.inflated / 1024 / 1024} MB`);
    budget -= produced;
    if (isWorksheet(name)) {
      cells += countCells(content);
      if (cells > maxCells) throw refuse(`it has more than ${maxCells.toLocaleString('en-US')} cells: split it`);
    }
    names.push(name);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { names, workbookXml, inflatedBytes: limits.inflated - budget, cells };
}
