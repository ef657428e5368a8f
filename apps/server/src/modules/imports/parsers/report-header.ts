/**
 * The header of a seller report that is text (tab- or comma-separated), as the shop report
 * kinds read it: the first of the top five lines that names at least three known columns,
 * compared by the kind's own normalisation. Also what such a file answers when its header
 * lacks required columns (held), and the warnings for title lines above the header.
 */
import { createHash } from 'node:crypto';
import type { ShopParseResult } from '../import-kinds';
import type { RowProblem } from './types';

export interface ReportHeader {
  /** Index of the header among the lines, -1 when none of the top five names three known columns. */
  at: number;
  /** The header's cells, trimmed. */
  headers: string[];
  /** The same, normalised. */
  names: string[];
  /** sha256 of the normalised names. */
  fingerprint: string;
}

export function findReportHeader(
  lines: readonly { cells: readonly string[] }[],
  normalise: (h: string) => string,
  known: ReadonlySet<string>,
): ReportHeader {
  const at = lines.slice(0, 5).findIndex((l) => l.cells.filter((c) => known.has(normalise(c))).length >= 3);
  const headers = (lines[Math.max(0, at)]?.cells ?? []).map((c) => c.trim());
  const names = headers.map(normalise);
  return { at, headers, names, fingerprint: createHash('sha256').update(names.join('\u0001')).digest('hex') };
}

/** A file whose header lacks `missing`: held for review, nothing to commit. */
export function heldReport(
  closestVariant: string,
  h: ReportHeader,
  missing: string[],
  isKnown: (normalised: string) => boolean,
): ShopParseResult {
  return {
    variant: null,
    locale: null,
    fingerprint: h.fingerprint,
    currency: null,
    unknownHeader: { closestVariant, missing, unexpected: h.headers.filter((x, i) => x && !isKnown(h.names[i] ?? '')) },
    records: [],
    errors: [],
    warnings: [],
  };
}

/** One warning per title line skipped above the header. */
export const titleLineWarnings = (lines: readonly { line: number }[], h: ReportHeader): RowProblem[] =>
  lines.slice(0, Math.max(0, h.at)).map((l) => ({ line: l.line, message: 'Skipped a title line above the header' }));

/**
 * Reading a report's records by field (`columns`: field → normalised header name): where each
 * field stands, and per record its trimmed cells and a problem placed at a field's column.
 */
export function fieldReader(h: ReportHeader, columns: Readonly<Record<string, string>>, errors: RowProblem[]) {
  const index = new Map<string, number>();
  for (const [field, name] of Object.entries(columns)) {
    const i = h.names.indexOf(name);
    if (i >= 0) index.set(field, i);
  }
  const at = (rec: { line: number; cells: readonly string[] }) => ({
    cell: (field: string) => {
      const i = index.get(field);
      return i === undefined ? '' : (rec.cells[i] ?? '').trim();
    },
    problem: (field: string, message: string) =>
      errors.push({ line: rec.line, column: h.headers[index.get(field) ?? -1] ?? field, message }),
  });
  return { index, at };
}
