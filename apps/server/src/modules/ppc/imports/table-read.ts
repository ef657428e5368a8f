/**
 * A report file as lines of text cells, whatever it came as: an xlsx workbook (zip) or a
 * csv/tsv text (UTF-8 or UTF-16, comma, semicolon or tab). Dates in xlsx cells become
 * yyyy-MM-dd, numbers their plain decimal text.
 */
import type * as ExcelJS from 'exceljs';
import { loadExcel } from '../../../platform/runtime/lazy-deps';
import { assertSafeXlsx, readsWhole } from '../../../platform/upload/xlsx-guard';
import { decodeText, sniffDelimiter, tokenise } from '../../imports/parsers/tokenise';
import { streamWorkbook } from '../../imports/xlsx-read';

export interface TableLine {
  line: number;
  cells: string[];
}

/** More lines than this is not an ad report of one marketplace; refused rather than held in memory. */
export const MAX_LINES = 200_000;

const isZip = (b: Uint8Array) => b.length > 3 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return cellText(o.result);
    if (typeof o.text === 'string') return o.text;
  }
  return String(v);
}

export async function readTable(bytes: Buffer, preferSheet?: RegExp): Promise<{ format: 'xlsx' | 'csv'; lines: TableLine[] }> {
  if (!isZip(bytes)) {
    const text = decodeText(bytes);
    const delimiter = sniffDelimiter(text, [',', '\t', ';']);
    const { records } = tokenise(text, delimiter, 'csv');
    if (records.length > MAX_LINES) throw new Error(`more than ${MAX_LINES} lines`);
    return { format: 'csv', lines: records.map((r) => ({ line: r.line, cells: r.cells.map((c) => c.trim()) })) };
  }
  // A workbook: the first sheet whose name matches, else the first with any rows.
  const { sheets } = await readSheets(bytes);
  const chosen = (preferSheet && sheets.find((s) => preferSheet.test(s.name))) ?? sheets[0];
  return { format: 'xlsx', lines: chosen?.lines ?? [] };
}

export interface TableSheet {
  name: string;
  lines: TableLine[];
}

/**
 * Every non-empty sheet of a workbook in order, each with its name (a csv/tsv text is one
 * sheet named ''). The line limit holds for the whole file.
 */
export async function readSheets(bytes: Buffer): Promise<{ format: 'xlsx' | 'csv'; sheets: TableSheet[] }> {
  if (!isZip(bytes)) {
    const { lines } = await readTable(bytes);
    return { format: 'csv', sheets: [{ name: '', lines }] };
  }
  const entries = assertSafeXlsx(bytes);
  // Small enough: read whole (see readsWhole). Larger files stream, checked against the zip's directory.
  if (readsWhole(entries)) return { format: 'xlsx', sheets: await loadSheets(bytes) };
  const worksheets = entries.names.filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).length;
  const declared = sheetNames(entries.workbookXml);
  const streamed = await streamSheets(bytes);
  if (streamed.names.length >= worksheets && streamed.names.every((n) => declared.includes(n))) {
    return { format: 'xlsx', sheets: streamed.sheets };
  }
  // Sheets missing or named otherwise than the workbook declares: read it whole after all.
  return { format: 'xlsx', sheets: await loadSheets(bytes) };
}

/** Every non-empty sheet of a workbook read whole (not streamed), as readSheets answers them. */
export async function loadSheets(bytes: Buffer): Promise<TableSheet[]> {
  const book = new (await loadExcel()).Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets: TableSheet[] = [];
  let total = 0;
  for (const sheet of book.worksheets) {
    const lines: TableLine[] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      total += addLine(lines, row, total);
    });
    if (lines.length) sheets.push({ name: sheet.name, lines });
  }
  return sheets;
}

/** Adds a row's cell texts unless all are empty; answers 1 when added. `total`: lines so far in the file (the limit holds for the file). */
function addLine(lines: TableLine[], row: ExcelJS.Row, total: number): number {
  const values = (row.values as unknown[]).slice(1).map((v) => cellText(v).trim());
  if (values.every((v) => v === '')) return 0;
  if (total + 1 > MAX_LINES) throw new Error(`more than ${MAX_LINES} lines`);
  lines.push({ line: row.number, cells: values });
  return 1;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The sheet names xl/workbook.xml declares. */
function sheetNames(workbookXml: string | null): string[] {
  if (!workbookXml) return [];
  return [...workbookXml.matchAll(/<sheet\b[^>]*?\bname="([^"]*)"/g)].map((m) =>
    (m[1] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => XML_ENTITIES[e] ?? ''),
  );
}

/** The sheets as the streaming reader gives them, with the name of every worksheet it emitted (empty ones too). */
async function streamSheets(bytes: Buffer): Promise<{ sheets: TableSheet[]; names: string[] }> {
  const reader = await streamWorkbook(bytes);
  const sheets: TableSheet[] = [];
  let total = 0;
  const names: string[] = [];
  for await (const sheet of reader) {
    const name = String((sheet as unknown as { name?: string }).name ?? '');
    names.push(name);
    const lines: TableLine[] = [];
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) total += addLine(lines, row, total);
    if (lines.length) sheets.push({ name, lines });
  }
  return { sheets, names };
}
