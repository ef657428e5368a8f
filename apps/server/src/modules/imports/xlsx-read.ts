/**
 * Reads the first worksheet of an .xlsx upload (whole when small, else with exceljs'
 * streaming workbook reader; see WHOLE_WORKBOOK_BYTES) and maps its header row to canonical
 * fields by aliases (English or Chinese, any case, spaces, brackets and punctuation
 * ignored). Cells come back as text, number or Date.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type * as ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/runtime/lazy-deps';
import { parseOffThread } from '../../platform/upload/parse-pool';
import { assertSafeXlsx, readsWhole, WHOLE_WORKBOOK_BYTES } from '../../platform/upload/xlsx-guard';
import type { HeaderDiff, RowProblem } from './parsers/types';

export type Cell = string | number | Date | null;

export interface SheetColumn<F extends string> {
  field: F;
  /** The header written in templates, per language. */
  en: string;
  zh: string;
  /** Further accepted spellings. */
  aliases?: readonly string[];
  required: boolean;
}

export interface SheetRow<F extends string> {
  /** 1-based row number in the sheet. */
  line: number;
  cells: Partial<Record<F, Cell>>;
}

export interface SheetResult<F extends string> {
  variant: string | null;
  locale: string | null;
  fingerprint: string;
  /** Field → header as written in the file. */
  headerOf: Partial<Record<F, string>>;
  unknownHeader: HeaderDiff | null;
  rows: SheetRow<F>[];
  errors: RowProblem[];
  warnings: RowProblem[];
}

/** More rows than this is not a cost sheet; refuse rather than hold it all in memory. */
export const MAX_SHEET_ROWS = 50_000;

export const normaliseHeader = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-()（）[\]【】:：.。/、%]/g, '');

function cellOf(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (o.richText) return cellOf(o.richText.map((r) => r.text).join(''));
    if ('result' in o) return cellOf(o.result);
    if (typeof o.text === 'string') return cellOf(o.text);
    if (o.error) return null;
  }
  return String(v);
}

/** exceljs' streaming reader over an upload, as every large-file reader opens it: worksheets emitted, strings and styles cached. */
export const streamWorkbook = async (bytes: Buffer) =>
  new (await loadExcel()).stream.xlsx.WorkbookReader(Readable.from(bytes), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });

export async function readSheet<F extends string>(
  bytes: Buffer,
  columns: readonly SheetColumn<F>[],
  variantPrefix: string,
  /** Inflated size up to which the workbook is read whole (tests pass 0 to stream). */
  wholeUpTo = WHOLE_WORKBOOK_BYTES,
): Promise<SheetResult<F>> {
  // Before exceljs inflates anything: at most 10 MB, 1,000 entries, 100 MB inflated.
  const entries = assertSafeXlsx(bytes);
  const errors: RowProblem[] = [];
  const warnings: RowProblem[] = [];
  const rows: SheetRow<F>[] = [];
  const byAlias = new Map<string, F>();
  for (const c of columns) for (const a of [c.en, c.zh, ...(c.aliases ?? [])]) byAlias.set(normaliseHeader(a), c.field);
  let header: string[] | null = null;
  let indexOf = new Map<F, number>();
  const headerOf: Partial<Record<F, string>> = {};
  let locale: string | null = null;
  let headerLine = 1;
  /** Takes one row of the first worksheet; answers false to stop reading. */
  const take = (row: ExcelJS.Row): boolean => {
    const values = (row.values as unknown[]).slice(1).map(cellOf);
    if (values.every((v) => v === null)) return true;
    if (!header) {
      header = values.map((v) => (v === null ? '' : v instanceof Date ? v.toISOString() : String(v)));
      headerLine = row.number;
      indexOf = new Map();
      header.forEach((h, i) => {
        const f = byAlias.get(normaliseHeader(h));
        if (f && !indexOf.has(f)) {
          indexOf.set(f, i);
          headerOf[f] = h;
        }
      });
      const zh = header.some((h) => /[\u4e00-\u9fff]/.test(h));
      locale = zh ? 'zh-CN' : 'en-US';
      return true;
    }
    if (rows.length >= MAX_SHEET_ROWS) {
      errors.push({ line: row.number, message: `more than ${MAX_SHEET_ROWS} rows: split the file` });
      return false;
    }
    const cells: Partial<Record<F, Cell>> = {};
    for (const [f, i] of indexOf) cells[f] = values[i] ?? null;
    rows.push({ line: row.number, cells });
    return true;
  };
  try {
    const whole = async () => {
      const book = new (await loadExcel()).Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const first = book.worksheets[0];
      if (!first) return;
      const all: ExcelJS.Row[] = [];
      first.eachRow({ includeEmpty: false }, (row) => {
        all.push(row);
      });
      for (const row of all) if (!take(row)) break;
    };
    if (readsWhole(entries, wholeUpTo)) await whole();
    else {
      sheets: for await (const sheet of await streamWorkbook(bytes)) {
        for await (const row of sheet as AsyncIterable<ExcelJS.Row>) if (!take(row)) break sheets;
        break; // the first worksheet only
      }
      // A worksheet the streaming reader dropped: read the workbook whole after all.
      if (!header && entries.names.some((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))) await whole();
    }
  } catch (err) {
    errors.push({ line: 1, message: `not a readable .xlsx file (${(err as Error).message.slice(0, 120)})` });
    return { variant: null, locale: null, fingerprint: '', headerOf, unknownHeader: null, rows: [], errors, warnings };
  }
  const raw = header ?? [];
  const fingerprint = createHash('sha256').update(raw.map(normaliseHeader).join('\u0001')).digest('hex');
  const missing = columns.filter((c) => c.required && !indexOf.has(c.field));
  if (!header || missing.length > 0) {
    const unexpected = raw.filter((h) => h !== '' && !byAlias.has(normaliseHeader(h)));
    return {
      variant: null,
      locale,
      fingerprint,
      headerOf,
      unknownHeader: {
        closestVariant: `${variantPrefix}-${locale === 'zh-CN' ? 'zh' : 'en'}`,
        missing: (header ? missing : columns.filter((c) => c.required)).map((c) => (locale === 'zh-CN' ? c.zh : c.en)),
        unexpected,
      },
      rows: [],
      errors,
      warnings,
    };
  }
  const unknown = raw.filter((h) => h !== '' && !byAlias.has(normaliseHeader(h)));
  if (unknown.length > 0) warnings.push({ line: headerLine, message: `columns left out: ${unknown.join(', ')}` });
  return {
    variant: `${variantPrefix}-${locale === 'zh-CN' ? 'zh' : 'en'}`,
    locale,
    fingerprint,
    headerOf,
    unknownHeader: null,
    rows,
    errors,
    warnings,
  };
}

/** readSheet in the parse worker, off the event loop: what every upload of a company kind calls. */
export const readSheetOffThread = <F extends string>(bytes: Buffer, columns: readonly SheetColumn<F>[], variantPrefix: string) =>
  parseOffThread('sheet', bytes, columns, variantPrefix) as Promise<SheetResult<F>>;

// ---- cell readers: a value, or an error message -------------------------------------------------

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const isoOk = (s: string) => {
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
};

/** A calendar date: a date cell, an Excel serial, `yyyy-mm-dd` or `yyyy/m/d`. */
export function readDate(c: Cell): Read<string> {
  if (c === null) return { ok: false, message: 'required' };
  if (c instanceof Date) return { ok: true, value: c.toISOString().slice(0, 10) };
  if (typeof c === 'number') {
    if (!Number.isInteger(c) || c < 1 || c > 2_958_465) return { ok: false, message: `${c} is not a date` };
    return { ok: true, value: new Date(EXCEL_EPOCH + c * 86_400_000).toISOString().slice(0, 10) };
  }
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(c);
  if (!m) return { ok: false, message: `"${c}" is not a date (yyyy-mm-dd)` };
  const iso = `${m[1]}-${m[2]?.padStart(2, '0')}-${m[3]?.padStart(2, '0')}`;
  return isoOk(iso) ? { ok: true, value: iso } : { ok: false, message: `"${c}" is not a calendar date` };
}

/**
 * A decimal with at most `scale` decimals in [min, max]; `percent` also accepts "15%"
 * (and reads 15 as 15 % when above 1). Thousands separators are ignored.
 */
export function readDecimal(
  c: Cell,
  opts: { scale: number; min: number; max: number; percent?: boolean; required?: boolean },
): Read<string | null> {
  if (c === null) return opts.required === false ? { ok: true, value: null } : { ok: false, message: 'required' };
  if (c instanceof Date) return { ok: false, message: 'a date where a number is expected' };
  let n: number;
  if (typeof c === 'number') n = c;
  else {
    const s = c.replace(/[,\s]/g, '');
    const pct = opts.percent && s.endsWith('%');
    const body = pct ? s.slice(0, -1) : s;
    // eslint-disable-next-line security/detect-unsafe-regex -- anchored, the repetitions cannot overlap: linear
    if (!/^-?\d+(\.\d+)?$/.test(body)) return { ok: false, message: `"${c}" is not a number` };
    n = Number(body) / (pct ? 100 : 1);
  }
  if (opts.percent && n > 1 && n <= 100) n /= 100;
  // Spreadsheets store binary floats: round to the scale, then refuse what needed more digits.
  const scaled = Math.round(n * 10 ** opts.scale);
  if (Math.abs(n * 10 ** opts.scale - scaled) > 1e-6) return { ok: false, message: `${c}: at most ${opts.scale} decimals` };
  const v = scaled / 10 ** opts.scale;
  if (v < opts.min || v > opts.max) return { ok: false, message: `${c}: must be between ${opts.min} and ${opts.max}` };
  return { ok: true, value: v.toFixed(opts.scale) };
}

export function readText(c: Cell, opts: { max: number; required?: boolean }): Read<string> {
  if (c === null) return opts.required === false ? { ok: true, value: '' } : { ok: false, message: 'required' };
  const s = c instanceof Date ? c.toISOString().slice(0, 10) : String(c).trim();
  if (s.length > opts.max) return { ok: false, message: `longer than ${opts.max} characters` };
  return { ok: true, value: s };
}
