/** The shapes the parsers return. Shared by every report kind; holds no logic. */

export type ReportKind = 'business-report' | 'all-orders';

/** One problem with one row (or with the file, then `line` is the header line). */
export interface RowProblem {
  /** 1-based line in the file where the record starts (a title row above the header counts). */
  line: number;
  /** The column's header as written in the file, when the problem is about one cell. */
  column?: string;
  message: string;
}

export interface HeaderDiff {
  /** Id of the known variant sharing the most headers with the file. */
  closestVariant: string;
  /** Required canonical field names that the file lacks (by that variant's dictionary). */
  missing: string[];
  /** Raw headers that the closest variant does not know. */
  unexpected: string[];
}

export interface ParseResult<R> {
  kind: ReportKind;
  /** Id of the known variant matched, e.g. 'br-en-2023' or 'ao-2019'; null when unknown. */
  variant: string | null;
  /** sha256 hex of the normalised header list (order-sensitive). */
  fingerprint: string;
  /** sha256 hex of the raw bytes. */
  fileHash: string;
  /** Raw headers as found (trimmed). */
  headers: string[];
  locale: string | null;
  currency: string | null;
  marketId: number | null;
  /** Set when no known variant matches; then `rows` is empty. */
  unknownHeader: HeaderDiff | null;
  rows: R[];
  /** Rows that cannot be used; each such row is left out of `rows`. */
  errors: RowProblem[];
  /** Usable but odd. */
  warnings: RowProblem[];
  /**
   * The rows left out for errors, with whatever names a listing (and a day) in them, read
   * as written: a commit of the good rows leaves those listings' stored figures alone.
   */
  skipped?: SkippedRow[];
}

export interface SkippedRow {
  line: number;
  sku: string | null;
  asin: string | null;
  /** All Orders: the purchase date as written (null when absent). */
  purchaseDate?: string | null;
}

export interface BusinessReportRow {
  line: number;
  parentAsin: string | null;
  asin: string;
  sku: string | null;
  title: string | null;
  sessions: number | null;
  sessionsB2b: number | null;
  pageViews: number | null;
  pageViewsB2b: number | null;
  /** 18.53 for "18.53%". */
  buyBoxPct: number | null;
  unitSessionPct: number | null;
  unitsOrdered: number;
  unitsOrderedB2b: number | null;
  /** Decimal string with 2 places, e.g. "1937.41" (JPY "1980.00"). */
  orderedProductSales: string;
  orderedProductSalesB2b: string | null;
  totalOrderItems: number;
  totalOrderItemsB2b: number | null;
}

export interface OrderRow {
  line: number;
  orderId: string;
  /** ISO-8601 timestamp as written in the file. */
  purchaseDate: string;
  orderStatus: string;
  fulfilmentChannel: string | null;
  salesChannel: string;
  marketId: number | null;
  sku: string;
  asin: string;
  itemStatus: string | null;
  quantity: number;
  currency: string | null;
  /** Decimal strings with 2 places; an empty cell reads as "0.00". */
  itemPrice: string;
  itemTax: string;
  shippingPrice: string;
  itemPromotionDiscount: string;
  isBusinessOrder: boolean | null;
}
