/**
 * Decides what each row of the All Orders flat file means, which rows cannot be used, which are
 * skipped (Non-Amazon) or kept with a warning (cancelled, unknown channel), and the file's
 * marketplace and currency when it holds only one.
 */

import { byLine, RecordReader, readFrame, unknownHeaderResult } from './frame';
import { marketCodeById, marketIdForSalesChannel, NON_AMAZON_CHANNEL } from './markets';
import { isEmptyCell, parseInteger, readMoney } from './numbers';
import type { OrderRow, ParseResult, RowProblem, SkippedRow } from './types';
import type { AllOrdersField } from './variants';

const ASIN = /^[A-Z0-9]{10}$/;
// eslint-disable-next-line security/detect-unsafe-regex -- anchored, no nested repetition over the same characters: linear
const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;

/** A real ISO-8601 date-time with a zone (`Z` or an offset), e.g. `2026-07-15T16:12:05-07:00`. */
export function isIsoTimestamp(text: string): boolean {
  const m = ISO_TIMESTAMP.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second = '0', offH = '0', offM = '0'] = m.slice(1);
  const y = Number(year);
  const mo = Number(month);
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return (
    mo >= 1 &&
    mo <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= daysInMonth &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offH) <= 14 &&
    Number(offM) <= 59 &&
    !Number.isNaN(Date.parse(text))
  );
}

const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, false: false, yes: true, no: false };

function readOrder(r: RecordReader): { row: OrderRow | null; errors: RowProblem[]; warnings: RowProblem[] } {
  const errors: RowProblem[] = [];
  const warnings: RowProblem[] = [];
  const at = (field: AllOrdersField, message: string): RowProblem => ({ line: r.line, column: r.column(field), message });
  const overflow = r.overflow();
  if (overflow) errors.push(overflow);

  const nonEmpty = (field: AllOrdersField): string => {
    const text = r.get(field) ?? '';
    if (text === '') errors.push(at(field, `${r.column(field)} is empty`));
    return text;
  };

  const orderId = nonEmpty('orderId');
  const purchaseDate = nonEmpty('purchaseDate');
  if (purchaseDate && !isIsoTimestamp(purchaseDate)) {
    errors.push(at('purchaseDate', `${r.column('purchaseDate')} "${purchaseDate}" is not an ISO-8601 timestamp with a zone`));
  }
  const orderStatus = nonEmpty('orderStatus');
  const salesChannel = nonEmpty('salesChannel');
  const sku = nonEmpty('sku');
  const asin = (r.get('asin') ?? '').toUpperCase();
  if (!ASIN.test(asin)) {
    errors.push(at('asin', asin ? `${r.column('asin')} "${asin}" is not a 10-character ASIN` : `${r.column('asin')} is empty`));
  }

  const quantityText = r.get('quantity') ?? '';
  const quantity = isEmptyCell(quantityText) ? null : parseInteger(quantityText, 'en');
  if (quantity === null || quantity < 0) {
    errors.push(at('quantity', `${r.column('quantity')} must be a whole number of 0 or more, found "${quantityText}"`));
  }

  const currencyText = (r.get('currency') ?? '').toUpperCase();
  const currency = currencyText === '' ? null : currencyText;
  if (currency !== null && !/^[A-Z]{3}$/.test(currency)) {
    errors.push(at('currency', `${r.column('currency')} "${currencyText}" is not an ISO currency code`));
  }

  /** Plain decimals; an empty cell (or a missing optional column) reads as 0.00. */
  const money = (field: AllOrdersField): string => {
    const text = r.get(field);
    if (text === undefined || isEmptyCell(text)) return '0.00';
    const reading = readMoney(text, 'en');
    if (!reading) {
      errors.push(at(field, `${r.column(field)} is not an amount of money: "${text}"`));
      return '0.00';
    }
    if (reading.currency && currency && reading.currency !== currency) {
      errors.push(at(field, `${r.column(field)} is in ${reading.currency} but the row's currency is ${currency}`));
    }
    return reading.amount;
  };
  const itemPrice = money('itemPrice');
  const itemTax = money('itemTax');
  const shippingPrice = money('shippingPrice');
  const itemPromotionDiscount = money('itemPromotionDiscount');

  let isBusinessOrder: boolean | null = null;
  const businessText = r.get('isBusinessOrder');
  if (businessText !== undefined && !isEmptyCell(businessText)) {
    isBusinessOrder = BOOLEANS[businessText.toLowerCase()] ?? null;
    if (isBusinessOrder === null) {
      warnings.push(at('isBusinessOrder', `${r.column('isBusinessOrder')} "${businessText}" is not true or false; left empty`));
    }
  }

  if (errors.length > 0 || quantity === null) return { row: null, errors, warnings: [] };

  const marketId = marketIdForSalesChannel(salesChannel);
  if (marketId === null) {
    warnings.push(
      at('salesChannel', `Sales channel "${salesChannel}" is not one of the known marketplaces; marketId left empty`),
    );
  }
  const cancelled = orderStatus.toLowerCase() === 'cancelled';
  if (cancelled) warnings.push(at('orderStatus', `Order ${orderId} is cancelled`));
  else if (quantity > 0 && isEmptyCell(r.get('itemPrice'))) {
    warnings.push(at('itemPrice', `${r.column('itemPrice')} is empty (order ${orderStatus}); read as 0.00`));
  }

  const optional = (field: AllOrdersField): string | null => r.get(field) || null;
  return {
    row: {
      line: r.line,
      orderId,
      purchaseDate,
      orderStatus,
      fulfilmentChannel: optional('fulfilmentChannel'),
      salesChannel,
      marketId,
      sku,
      asin,
      itemStatus: optional('itemStatus'),
      quantity,
      currency,
      itemPrice,
      itemTax,
      shippingPrice,
      itemPromotionDiscount,
      isBusinessOrder,
    },
    errors,
    warnings,
  };
}

export function parseAllOrders(bytes: Uint8Array): ParseResult<OrderRow> {
  const frame = readFrame('all-orders', bytes);
  if (!frame.match) return unknownHeaderResult(frame);
  const errors = [...frame.errors];
  const warnings = [...frame.warnings];
  const rows: OrderRow[] = [];
  const skipped: SkippedRow[] = [];

  for (const record of frame.dataRecords) {
    const r = new RecordReader(frame, record);
    const channel = r.get('salesChannel') ?? '';
    if (channel.toLowerCase() === NON_AMAZON_CHANNEL) {
      warnings.push({
        line: r.line,
        column: r.column('salesChannel'),
        message: `Order ${r.get('orderId') || '(no id)'} is a Non-Amazon order; skipped`,
      });
      continue;
    }
    const read = readOrder(r);
    errors.push(...read.errors);
    warnings.push(...read.warnings);
    if (read.row) rows.push(read.row);
    else
      skipped.push({
        line: r.line,
        sku: r.get('sku')?.trim() || null,
        asin: r.get('asin')?.trim().toUpperCase() || null,
        purchaseDate: r.get('purchaseDate')?.trim() || null,
      });
  }

  // One marketplace (an unknown channel counts as its own) gives the file's marketId; several give null.
  const byMarket = new Map<number | null, OrderRow[]>();
  for (const row of rows) {
    const list = byMarket.get(row.marketId);
    if (list) list.push(row);
    else byMarket.set(row.marketId, [row]);
  }
  let marketId: number | null = null;
  if (byMarket.size === 1) {
    marketId = [...byMarket.keys()][0] ?? null;
  } else if (byMarket.size > 1) {
    const counts = [...byMarket].map(
      ([id, list]) => `${id === null ? 'unknown' : marketCodeById(id)} ${list.length} row${list.length === 1 ? '' : 's'}`,
    );
    const firstOther = Math.min(...[...byMarket.values()].slice(1).map((list) => list[0]!.line));
    warnings.push({
      line: firstOther,
      message: `The file mixes marketplaces (${counts.join(', ')}); its marketId is left empty and each row keeps its own`,
    });
  }

  const currencies = new Set(rows.map((row) => row.currency).filter((c): c is string => c !== null));
  const currency = currencies.size === 1 ? [...currencies][0]! : null;
  if (currencies.size > 1 && byMarket.size <= 1) {
    warnings.push({ line: frame.headerLine, message: `The file mixes currencies (${[...currencies].join(', ')})` });
  }

  return {
    kind: 'all-orders',
    variant: frame.match.variant.id,
    fingerprint: frame.fingerprint,
    fileHash: frame.fileHash,
    headers: frame.headers,
    locale: frame.match.variant.locale,
    currency,
    marketId,
    unknownHeader: null,
    rows,
    errors: byLine(errors),
    warnings: byLine(warnings),
    skipped,
  };
}
