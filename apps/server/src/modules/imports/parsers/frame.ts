/**
 * Decides, for either report kind, how a file is laid out: its text, delimiter, which record is the
 * header (skipping a title line above it), which known variant that header is, and which records are
 * data. Also builds the result for a file whose column set is unknown.
 */

import { createHash } from 'node:crypto';
import { decodeText, isBlankRecord, type Quoting, sniffDelimiter, type TextRecord, tokenise } from './tokenise';
import type { HeaderDiff, ParseResult, ReportKind, RowProblem } from './types';
import { type HeaderMatch, headerFingerprint, matchHeaders, recognisedHeaderCount } from './variants';

/** How each kind is usually delimited (first = preferred on a tie) and quoted. */
const LAYOUT: Readonly<Record<ReportKind, { delimiters: readonly string[]; quoting: Quoting }>> = {
  'business-report': { delimiters: [',', ';', '\t'], quoting: 'csv' },
  'all-orders': { delimiters: ['\t', ',', ';'], quoting: 'lenient' },
};

/** How many non-blank records at the top of a file may precede the header. */
const MAX_TITLE_LINES = 5;

export interface Frame {
  kind: ReportKind;
  fileHash: string;
  /** Line of the header record (1-based). */
  headerLine: number;
  /** Raw headers, trimmed, trailing blank ones dropped. */
  headers: string[];
  fingerprint: string;
  match: HeaderMatch | null;
  diff: HeaderDiff | null;
  /** Non-blank records after the header. */
  dataRecords: TextRecord[];
  errors: RowProblem[];
  warnings: RowProblem[];
}

/** The header is the first record (of the first few) that some variant recognises; failing that, the first with 2+ cells. */
function findHeader(kind: ReportKind, records: readonly TextRecord[]): number {
  const top = records.slice(0, MAX_TITLE_LINES);
  const recognised = top.findIndex((r) => recognisedHeaderCount(kind, r.cells) >= 2);
  if (recognised !== -1) return recognised;
  const wide = top.findIndex((r) => r.cells.filter((c) => c.trim() !== '').length >= 2);
  return wide === -1 ? 0 : wide;
}

export function readFrame(kind: ReportKind, bytes: Uint8Array): Frame {
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  const text = decodeText(bytes);
  const { delimiters, quoting } = LAYOUT[kind];
  const { records, problems } = tokenise(text, sniffDelimiter(text, delimiters), quoting);
  const nonBlank = records.filter((r) => !isBlankRecord(r));
  const warnings: RowProblem[] = [];
  const errors: RowProblem[] = [...problems];

  const headerAt = findHeader(kind, nonBlank);
  for (const skipped of nonBlank.slice(0, headerAt)) {
    warnings.push({ line: skipped.line, message: 'Skipped a title line above the header' });
  }
  const headerRecord = nonBlank[headerAt];
  const headers = (headerRecord?.cells ?? []).map((c) => c.trim());
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  const { match, diff } = matchHeaders(kind, headers);
  return {
    kind,
    fileHash,
    headerLine: headerRecord?.line ?? 1,
    headers,
    fingerprint: headerFingerprint(headers),
    match,
    diff,
    dataRecords: nonBlank.slice(headerAt + 1),
    errors,
    warnings,
  };
}

/** The result for a file whose header no known variant matches: no rows, one error, the diff. */
export function unknownHeaderResult<R>(frame: Frame): ParseResult<R> {
  const diff = frame.diff!;
  const parts = [`closest known variant is ${diff.closestVariant}`];
  if (diff.missing.length > 0) parts.push(`missing: ${diff.missing.join(', ')}`);
  if (diff.unexpected.length > 0) parts.push(`not recognised: ${diff.unexpected.join(', ')}`);
  const message =
    frame.headers.length === 0
      ? 'The file has no header row'
      : `The column set is unknown (${parts.join('; ')}); the file is held for review`;
  return {
    kind: frame.kind,
    variant: null,
    fingerprint: frame.fingerprint,
    fileHash: frame.fileHash,
    headers: frame.headers,
    locale: null,
    currency: null,
    marketId: null,
    unknownHeader: diff,
    rows: [],
    errors: [...frame.errors, { line: frame.headerLine, message }],
    warnings: frame.warnings,
  };
}

/** Reads the cells of one data record by canonical field. */
export class RecordReader {
  constructor(
    private readonly frame: Frame,
    readonly record: TextRecord,
  ) {}

  get line(): number {
    return this.record.line;
  }

  has(field: string): boolean {
    return this.frame.match!.fieldIndex.has(field);
  }

  /** The trimmed cell of `field`; undefined when the file has no such column, '' when the row is short. */
  get(field: string): string | undefined {
    const i = this.frame.match!.fieldIndex.get(field);
    if (i === undefined) return undefined;
    return (this.record.cells[i] ?? '').trim();
  }

  /** The file's own header for `field`, for messages. */
  column(field: string): string {
    const i = this.frame.match!.fieldIndex.get(field);
    return i === undefined ? field : (this.frame.headers[i] ?? field);
  }

  /** A problem when the record has non-empty cells beyond the header's columns. */
  overflow(): RowProblem | null {
    const extra = this.record.cells.slice(this.frame.headers.length).filter((c) => c.trim() !== '');
    if (extra.length === 0) return null;
    return {
      line: this.record.line,
      message: `The row has ${this.record.cells.length} cells but the header has ${this.frame.headers.length} columns`,
    };
  }
}

/** Sorts problems by line, keeping the order within a line (Array.prototype.sort is stable). */
export function byLine(problems: readonly RowProblem[]): RowProblem[] {
  return [...problems].sort((a, b) => a.line - b.line);
}
