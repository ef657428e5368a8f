/**
 * Decides how bytes become text (UTF-8 with or without BOM, UTF-16 with BOM) and how text becomes
 * records of cells: delimiter-separated, double-quoted fields with doubled inner quotes, CRLF/LF/CR
 * line ends, and the 1-based file line on which each record starts.
 */

import { type FieldCode, type FieldParams, fieldText } from '@bo/contract';
import type { RowProblem } from './types';

export interface TextRecord {
  /** 1-based line of the file on which the record starts. */
  line: number;
  cells: string[];
}

export interface TokeniseResult {
  records: TextRecord[];
  problems: RowProblem[];
}

/**
 * How quotes are read. `csv`: a field that starts with a quote runs to its closing quote, across line
 * ends if need be (RFC 4180). `lenient`: the same, but only when the closing quote is on the same line
 * and ends the field; otherwise the quote is an ordinary character (flat files such as All Orders
 * quote nothing, and a product name may start with `"`).
 */
export type Quoting = 'csv' | 'lenient';

/**
 * What one text upload may hold, blank lines included: beyond it a file is not a report of
 * one shop but an attack or a mistake, and reading on would only cost memory and time. The
 * largest real reports seen (a month of All Orders for a large shop, a bulk sheet) are well
 * under a tenth of each.
 */
export const TEXT_LIMITS = { records: 500_000, columns: 1_000, cells: 5_000_000, cellLength: 32_767 } as const;

/** Line breaks in raw bytes (LF, and CR not followed by LF): an upper bound of the records, counted before anything is decoded. */
function lineBreaks(bytes: Uint8Array): number {
  let n = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) n++;
  for (let at = bytes.indexOf(0x0d); at !== -1; at = bytes.indexOf(0x0d, at + 1)) if (bytes[at + 1] !== 0x0a) n++;
  return n;
}

/** A file beyond TEXT_LIMITS, or not text at all: the upload is refused with this field code (400 on `file`). */
export class RefusedFileError extends Error {
  override readonly name = 'RefusedFileError';
  constructor(
    readonly code: FieldCode,
    readonly params: FieldParams = {},
  ) {
    super(fieldText(code, 'en-US', params));
  }
}

const count = (n: number) => n.toLocaleString('en-US');

/** Bytes to text: BOM-led UTF-16 (LE or BE), BOM-less UTF-16LE (`x\0`), else UTF-8; the BOM is dropped. */
export function decodeText(bytes: Uint8Array): string {
  let encoding = 'utf-8';
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) encoding = 'utf-16le';
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new RefusedFileError('file.archive');
  }
  // A file of millions of blank lines is refused before it costs a decoded copy and a record per line.
  if (lineBreaks(bytes) > TEXT_LIMITS.records) {
    throw new RefusedFileError('file.tooManyLines', { max: count(TEXT_LIMITS.records) });
  }
  const text = new TextDecoder(encoding).decode(bytes);
  // Text has no NUL characters; a file with them in its first lines is binary (an image, a PDF, a renamed .xls).
  if (text.slice(0, 8192).includes('\u0000')) {
    throw new RefusedFileError('file.binary');
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Length of the line break starting at `i` (2 for CRLF, 1 for LF or CR), 0 when there is none. */
function lineBreakAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 10) return 1;
  if (c === 13) return text.charCodeAt(i + 1) === 10 ? 2 : 1;
  return 0;
}

/** For `lenient` quoting: does the quoted field opened just before `i` close on this line, at a field end? */
function closesOnLine(text: string, i: number, delimiter: string): boolean {
  for (let p = i; p < text.length; p++) {
    if (lineBreakAt(text, p)) return false;
    if (text[p] !== '"') continue;
    if (text[p + 1] === '"') {
      p++;
      continue;
    }
    return p + 1 >= text.length || text[p + 1] === delimiter || lineBreakAt(text, p + 1) > 0;
  }
  return false;
}

/** Splits text into records of raw (untrimmed) cells. Blank lines come out as records with one empty cell. */
export function tokenise(
  text: string,
  delimiter: string,
  quoting: Quoting = 'csv',
  limits: { records: number; columns: number; cells: number; cellLength: number } = TEXT_LIMITS,
): TokeniseResult {
  const records: TextRecord[] = [];
  const problems: RowProblem[] = [];
  const n = text.length;
  let pos = 0;
  let line = 1;
  let cellCount = 0;
  while (pos < n) {
    if (records.length >= limits.records) {
      throw new RefusedFileError('file.tooManyLines', { max: count(limits.records) });
    }
    const recordLine = line;
    const cells: string[] = [];
    let recordDone = false;
    while (!recordDone) {
      let value = '';
      // Spaces before an opening quote are layout, not data (CSV only; a TSV cell may start with spaces).
      let start = pos;
      if (quoting === 'csv') while (text[start] === ' ') start++;
      if (text[start] === '"' && (quoting === 'csv' || closesOnLine(text, start + 1, delimiter))) {
        pos = start + 1;
        let closed = false;
        while (pos < n) {
          const quote = text.indexOf('"', pos);
          const chunk = text.slice(pos, quote === -1 ? n : quote);
          if (/[\r\n]/.test(chunk)) {
            const lines = chunk.replace(/\r\n?/g, '\n');
            line += lines.split('\n').length - 1;
            value += lines;
          } else {
            value += chunk;
          }
          if (quote === -1) {
            pos = n;
          } else if (text[quote + 1] === '"') {
            value += '"';
            pos = quote + 2;
          } else {
            pos = quote + 1;
            closed = true;
            break;
          }
        }
        if (!closed) problems.push({ line: recordLine, message: 'A quoted field is not closed before the end of the file' });
      }
      // The unquoted field, or whatever follows a closing quote up to the field end.
      let end = pos;
      while (end < n && text[end] !== delimiter && !lineBreakAt(text, end)) end++;
      value += text.slice(pos, end);
      pos = end;
      cells.push(value);
      // Excel's own limit: a longer cell is not a report's.
      if (value.length > limits.cellLength) {
        throw new RefusedFileError('file.cellTooLong', { line: recordLine, max: count(limits.cellLength) });
      }
      if (cells.length > limits.columns) {
        throw new RefusedFileError('file.tooManyColumns', { line: recordLine, max: count(limits.columns) });
      }
      if (++cellCount > limits.cells) {
        throw new RefusedFileError('file.tooManyCells', { max: count(limits.cells) });
      }
      if (pos >= n) {
        recordDone = true;
      } else if (text[pos] === delimiter) {
        pos++;
      } else {
        pos += lineBreakAt(text, pos);
        line++;
        recordDone = true;
      }
    }
    records.push({ line: recordLine, cells });
  }
  return { records, problems };
}

/**
 * Picks the delimiter among `candidates` that occurs most often (outside quotes) on any of the first
 * few non-blank lines; ties go to the earlier candidate. A semicolon CSV saved by a European Excel
 * therefore reads as well as the comma CSV Amazon writes.
 */
export function sniffDelimiter(text: string, candidates: readonly string[]): string {
  // The first lines are enough; a file that is one endless line is not read to its end here.
  const lines = text
    .slice(0, 64 * 1024)
    .split(/\r\n|\n|\r/, 12)
    .filter((l) => l.trim() !== '')
    .slice(0, 5);
  let best = candidates[0] ?? ',';
  let bestScore = -1;
  for (const d of candidates) {
    let score = 0;
    for (const l of lines) {
      let count = 0;
      let quoted = false;
      for (const c of l) {
        if (c === '"') quoted = !quoted;
        else if (c === d && !quoted) count++;
      }
      score = Math.max(score, count);
    }
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** True when every cell of the record is empty or whitespace. */
export function isBlankRecord(record: TextRecord): boolean {
  return record.cells.every((c) => c.trim() === '');
}

/**
 * A delimited text upload as its non-blank records: decoded, delimiter sniffed among
 * `candidates`, tab files quoted leniently; within TEXT_LIMITS (else RefusedFileError).
 */
export function readTextRecords(bytes: Uint8Array, candidates: readonly string[]): TokeniseResult & { delimiter: string } {
  const text = decodeText(bytes);
  const delimiter = sniffDelimiter(text, candidates);
  const { records, problems } = tokenise(text, delimiter, delimiter === '\t' ? 'lenient' : 'csv');
  return { records: records.filter((r) => !isBlankRecord(r)), problems, delimiter };
}
