/**
 * Decides what each row of a "Detail Page Sales and Traffic by Child Item" Business Report means,
 * which rows cannot be used, the file's currency (the majority of its money cells) and, when the
 * currency symbol pins it down, its marketplace.
 */

import { byLine, RecordReader, readFrame, unknownHeaderResult } from './frame';
import { marketIdByCode } from './markets';
import { isEmptyCell, type MoneyReading, parseInteger, parsePercent, readMoney } from './numbers';
import type { BusinessReportRow, ParseResult, RowProblem, SkippedRow } from './types';
import type { BusinessReportField } from './variants';

const ASIN = /^[A-Z0-9]{10}$/;

interface Draft {
  row: BusinessReportRow;
  money: { field: BusinessReportField; reading: MoneyReading }[];
}

/** Collects the problems of one row: errors drop the row, warnings keep it. */
class RowCheck {
  readonly errors: RowProblem[] = [];
  readonly warnings: RowProblem[] = [];
  readonly readings: Draft['money'] = [];

  constructor(
    private readonly r: RecordReader,
    private readonly locale: string,
  ) {}

  private error(field: BusinessReportField, message: string): null {
    this.errors.push({ line: this.r.line, column: this.r.column(field), message });
    return null;
  }

  private warn(field: BusinessReportField, message: string): null {
    this.warnings.push({ line: this.r.line, column: this.r.column(field), message });
    return null;
  }

  asin(field: BusinessReportField, required: boolean): string | null {
    const text = (this.r.get(field) ?? '').toUpperCase();
    const col = this.r.column(field);
    if (text === '') return required ? this.error(field, `${col} is empty`) : null;
    if (ASIN.test(text)) return text;
    const message = `${col} "${text}" is not a 10-character ASIN`;
    return required ? this.error(field, message) : this.warn(field, `${message}; left empty`);
  }

  text(field: BusinessReportField): string | null {
    const text = this.r.get(field);
    return text ? text : null;
  }

  /** A count that must be there. */
  count(field: BusinessReportField): number | null {
    const text = this.r.get(field) ?? '';
    const col = this.r.column(field);
    if (isEmptyCell(text)) return this.error(field, `${col} is empty`);
    const n = parseInteger(text, this.locale);
    if (n === null || n < 0) return this.error(field, `${col} must be a whole number of 0 or more, found "${text}"`);
    return n;
  }

  /** A count the row can do without: a bad value is a warning and reads as null. */
  optionalCount(field: BusinessReportField): number | null {
    const text = this.r.get(field);
    if (text === undefined || isEmptyCell(text)) return null;
    const n = parseInteger(text, this.locale);
    if (n === null || n < 0) {
      return this.warn(field, `${this.r.column(field)} is not a whole number of 0 or more ("${text}"); left empty`);
    }
    return n;
  }

  optionalPercent(field: BusinessReportField): number | null {
    const text = this.r.get(field);
    if (text === undefined || isEmptyCell(text)) return null;
    const n = parsePercent(text);
    if (n === null) return this.warn(field, `${this.r.column(field)} is not a percentage ("${text}"); left empty`);
    return n;
  }

  /** An amount of money; a bad or negative one is an error whether or not the column is required. */
  money(field: BusinessReportField, required: boolean): string | null {
    const text = this.r.get(field);
    const col = this.r.column(field);
    if (text === undefined || isEmptyCell(text)) return required ? this.error(field, `${col} is empty`) : null;
    const reading = readMoney(text, this.locale);
    if (!reading) return this.error(field, `${col} is not an amount of money: "${text}"`);
    if (reading.amount.startsWith('-')) return this.error(field, `${col} is negative: "${text}"`);
    this.readings.push({ field, reading });
    return reading.amount;
  }
}

/** What names a listing in a row left out, as written. */
const skippedOf = (r: RecordReader): SkippedRow => ({
  line: r.line,
  sku: r.get('sku')?.trim() || null,
  asin: r.get('asin')?.trim().toUpperCase() || null,
});

function readRow(
  r: RecordReader,
  locale: string,
): { draft: Draft | null; errors: RowProblem[]; warnings: RowProblem[]; skipped?: SkippedRow } {
  const c = new RowCheck(r, locale);
  const overflow = r.overflow();
  if (overflow) c.errors.push(overflow);
  const asin = c.asin('asin', true);
  const unitsOrdered = c.count('unitsOrdered');
  const totalOrderItems = c.count('totalOrderItems');
  const orderedProductSales = c.money('orderedProductSales', true);
  const orderedProductSalesB2b = c.money('orderedProductSalesB2b', false);
  const row = {
    line: r.line,
    parentAsin: c.asin('parentAsin', false),
    asin,
    sku: c.text('sku'),
    title: c.text('title'),
    sessions: c.optionalCount('sessions'),
    sessionsB2b: c.optionalCount('sessionsB2b'),
    pageViews: c.optionalCount('pageViews'),
    pageViewsB2b: c.optionalCount('pageViewsB2b'),
    buyBoxPct: c.optionalPercent('buyBoxPct'),
    unitSessionPct: c.optionalPercent('unitSessionPct'),
    unitsOrdered,
    unitsOrderedB2b: c.optionalCount('unitsOrderedB2b'),
    orderedProductSales,
    orderedProductSalesB2b,
    totalOrderItems,
    totalOrderItemsB2b: c.optionalCount('totalOrderItemsB2b'),
  };
  if (c.errors.length > 0 || asin === null || unitsOrdered === null || totalOrderItems === null || orderedProductSales === null) {
    return { draft: null, errors: c.errors, warnings: [], skipped: skippedOf(r) };
  }
  return {
    draft: { row: { ...row, asin, unitsOrdered, totalOrderItems, orderedProductSales }, money: c.readings },
    errors: [],
    warnings: c.warnings,
  };
}

/** The currency most money cells are written in (first seen wins a tie); null when no cell names one. */
function majorityCurrency(drafts: readonly Draft[]): string | null {
  const tally = new Map<string, number>();
  for (const d of drafts) {
    for (const { reading } of d.money) {
      if (reading.currency) tally.set(reading.currency, (tally.get(reading.currency) ?? 0) + 1);
    }
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [currency, count] of tally) {
    if (count > bestCount) {
      best = currency;
      bestCount = count;
    }
  }
  return best;
}

export function parseBusinessReport(bytes: Uint8Array): ParseResult<BusinessReportRow> {
  const frame = readFrame('business-report', bytes);
  if (!frame.match) return unknownHeaderResult(frame);
  const locale = frame.match.variant.locale;
  const errors = [...frame.errors];
  const warnings = [...frame.warnings];

  const drafts: Draft[] = [];
  const skipped: SkippedRow[] = [];
  for (const record of frame.dataRecords) {
    const r = new RecordReader(frame, record);
    const read = readRow(r, locale);
    errors.push(...read.errors);
    warnings.push(...read.warnings);
    if (read.draft) drafts.push(read.draft);
    if (read.skipped) skipped.push(read.skipped);
  }

  const currency = majorityCurrency(drafts);
  const kept: Draft[] = [];
  for (const d of drafts) {
    const conflicts = d.money.filter((m) => m.reading.currency !== null && m.reading.currency !== currency);
    for (const m of conflicts) {
      const column = frame.headers[frame.match.fieldIndex.get(m.field)!]!;
      errors.push({ line: d.row.line, column, message: `${column} is in ${m.reading.currency} but the file is in ${currency}` });
    }
    if (conflicts.length === 0) kept.push(d);
    else skipped.push({ line: d.row.line, sku: d.row.sku, asin: d.row.asin });
  }

  // The marketplace, when every money cell in the file's currency uses a symbol that names one.
  const markets = new Set(
    kept.flatMap((d) => d.money.filter((m) => m.reading.currency === currency).map((m) => m.reading.market)),
  );
  const [onlyMarket] = markets;
  const marketId = markets.size === 1 ? marketIdByCode(onlyMarket) : null;

  return {
    kind: 'business-report',
    variant: frame.match.variant.id,
    fingerprint: frame.fingerprint,
    fileHash: frame.fileHash,
    headers: frame.headers,
    locale,
    currency,
    marketId,
    unknownHeader: null,
    rows: kept.map((d) => d.row),
    errors: byLine(errors),
    warnings: byLine(warnings),
    skipped,
  };
}
