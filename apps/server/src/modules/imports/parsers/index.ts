/**
 * Amazon report parsers: bytes of a downloaded Business Report (CSV) or All Orders flat file (TSV)
 * in, typed rows plus per-row problems out. Pure functions; nothing here touches a database or a file.
 */

import { parseAllOrders } from './all-orders';
import { parseBusinessReport } from './business-report';
import type { BusinessReportRow, OrderRow, ParseResult, ReportKind } from './types';

export { marketplaceLocalDate } from './markets';
export { parseInteger, parseMoney, parsePercent } from './numbers';
export type { BusinessReportRow, HeaderDiff, OrderRow, ParseResult, ReportKind, RowProblem, SkippedRow } from './types';
export { KNOWN_VARIANTS, type KnownVariant, normaliseHeader } from './variants';

export function parseReport(kind: 'business-report', bytes: Buffer): ParseResult<BusinessReportRow>;
export function parseReport(kind: 'all-orders', bytes: Buffer): ParseResult<OrderRow>;
export function parseReport(kind: ReportKind, bytes: Buffer): ParseResult<BusinessReportRow> | ParseResult<OrderRow> {
  switch (kind) {
    case 'business-report':
      return parseBusinessReport(bytes);
    case 'all-orders':
      return parseAllOrders(bytes);
    default:
      throw new Error(`Unknown report kind: ${String(kind)}`);
  }
}
