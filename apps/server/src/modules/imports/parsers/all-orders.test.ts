import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isIsoTimestamp } from './all-orders';
import { marketplaceLocalDate, parseReport } from './index';

const fixture = (name: string): Buffer => readFileSync(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url));
const parse = (name: string) => parseReport('all-orders', fixture(name));

describe('all orders: ao-2019.txt (no order-channel / url)', () => {
  const result = parse('ao-2019.txt');

  it('matches the 2019 variant on amazon.com', () => {
    expect(result.kind).toBe('all-orders');
    expect(result.variant).toBe('ao-2019');
    expect(result.locale).toBe('en');
    expect(result.marketId).toBe(0);
    expect(result.currency).toBe('USD');
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(4);
  });

  it('reads every field of an order line', () => {
    expect(result.rows[0]).toEqual({
      line: 2,
      orderId: '111-1234567-1234567',
      purchaseDate: '2026-07-15T23:12:05+00:00',
      orderStatus: 'Shipped',
      fulfilmentChannel: 'Amazon',
      salesChannel: 'Amazon.com',
      marketId: 0,
      sku: 'H6199-US',
      asin: 'B0C1234567',
      itemStatus: 'Shipped',
      quantity: 1,
      currency: 'USD',
      itemPrice: '19.99',
      itemTax: '1.40',
      shippingPrice: '0.00',
      itemPromotionDiscount: '-2.00',
      isBusinessOrder: null,
    });
  });

  it('keeps the purchase date as written, offset included', () => {
    expect(result.rows[1]?.purchaseDate).toBe('2026-07-15T16:12:05-07:00');
  });

  it('reads the empty money cells of a pending order as 0.00, with a warning', () => {
    expect(result.rows[2]).toMatchObject({ orderStatus: 'Pending', currency: null, itemPrice: '0.00', itemTax: '0.00' });
    expect(result.warnings).toEqual([
      { line: 4, column: 'item-price', message: 'item-price is empty (order Pending); read as 0.00' },
    ]);
  });
});

describe('all orders: ao-2023.txt (business-order columns)', () => {
  const result = parse('ao-2023.txt');

  it('matches the 2023 variant', () => {
    expect(result.variant).toBe('ao-2023');
    expect(result.headers).toContain('is-business-order');
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.marketId).toBe(0);
  });

  it('reads is-business-order and a quoted product name', () => {
    expect(result.rows.map((r) => r.isBusinessOrder)).toEqual([false, true, false, null]);
    expect(result.rows[1]).toMatchObject({
      sku: 'H6022-US-2PK',
      quantity: 2,
      itemPrice: '159.98',
      itemPromotionDiscount: '-16.00',
    });
  });

  it('puts 2026-07-16T05:30:00+00:00 on amazon.com on local date 2026-07-15', () => {
    const order = result.rows[0]!;
    expect(order.purchaseDate).toBe('2026-07-16T05:30:00+00:00');
    expect(marketplaceLocalDate(order.purchaseDate, order.marketId!)).toBe('2026-07-15');
  });
});

describe('all orders: ao-multi-market.txt (US + CA, Non-Amazon, Cancelled, CRLF)', () => {
  const result = parse('ao-multi-market.txt');

  it('skips the Non-Amazon order and keeps the cancelled one', () => {
    expect(result.rows.map((r) => r.orderId)).toEqual([
      '113-1111111-1111111',
      '113-2222222-2222222',
      '702-3333333-3333333',
      '113-5555555-5555555',
      '113-6666666-6666666',
    ]);
    expect(result.rows.find((r) => r.orderStatus === 'Cancelled')).toMatchObject({ quantity: 0, itemPrice: '0.00' });
    expect(result.errors).toEqual([]);
  });

  it('gives the file no marketplace or currency, each row its own marketplace', () => {
    expect(result.marketId).toBeNull();
    expect(result.currency).toBeNull();
    expect(result.rows.map((r) => r.marketId)).toEqual([0, 0, 4, 0, 0]);
    expect(result.rows[2]?.currency).toBe('CAD');
  });

  it('warns about the mix, the Non-Amazon row and the cancelled order', () => {
    expect(result.warnings).toEqual([
      {
        line: 4,
        message: 'The file mixes marketplaces (US 4 rows, CA 1 row); its marketId is left empty and each row keeps its own',
      },
      { line: 5, column: 'sales-channel', message: 'Order S01-4444444-4444444 is a Non-Amazon order; skipped' },
      { line: 6, column: 'order-status', message: 'Order 113-5555555-5555555 is cancelled' },
    ]);
  });
});

describe('all orders: bad rows', () => {
  /** The required All Orders columns only: a valid (ao-2019) header. */
  const header = [
    'amazon-order-id',
    'purchase-date',
    'order-status',
    'sales-channel',
    'sku',
    'asin',
    'quantity',
    'currency',
    'item-price',
  ].join('\t');
  const row = (cells: string[]) => cells.join('\t');

  it('rejects bad dates, quantities, ASINs and money, naming the column', () => {
    const tsv = [
      header,
      row(['1', '2026-02-30T10:00:00+00:00', 'Shipped', 'Amazon.com', 'A', 'B0C1234567', '1', 'USD', '1.00']),
      row(['2', '2026-07-15 10:00:00', 'Shipped', 'Amazon.com', 'A', 'B0C1234567', '1', 'USD', '1.00']),
      row(['3', '2026-07-15T10:00:00Z', 'Shipped', 'Amazon.com', 'A', 'B0C1234567', '-1', 'USD', '1.00']),
      row(['4', '2026-07-15T10:00:00Z', 'Shipped', 'Amazon.com', 'A', 'B0C12', '1', 'USD', '1.00']),
      row(['5', '2026-07-15T10:00:00Z', 'Shipped', 'Amazon.com', 'A', 'B0C1234567', '1', 'USD', 'twelve']),
      row(['6', '2026-07-15T10:00:00Z', 'Shipped', 'Amazon.com', 'A', 'B0C1234567', '1', 'USD', '€1.00']),
      row(['7', '2026-07-15T10:00:00Z', 'Shipped', 'Amazon.com', '', 'B0C1234567', '1', 'USD', '1.00']),
      row(['8', '2026-07-15T10:00:00.123Z', 'Shipped', 'Amazon.com', 'A', 'B0C1234567', '1', 'USD', '1.00']),
    ].join('\n');
    const result = parseReport('all-orders', Buffer.from(tsv));
    expect(result.variant).toBe('ao-2019');
    expect(result.rows.map((r) => r.orderId)).toEqual(['8']);
    expect(result.errors).toEqual([
      {
        line: 2,
        column: 'purchase-date',
        message: 'purchase-date "2026-02-30T10:00:00+00:00" is not an ISO-8601 timestamp with a zone',
      },
      {
        line: 3,
        column: 'purchase-date',
        message: 'purchase-date "2026-07-15 10:00:00" is not an ISO-8601 timestamp with a zone',
      },
      { line: 4, column: 'quantity', message: 'quantity must be a whole number of 0 or more, found "-1"' },
      { line: 5, column: 'asin', message: 'asin "B0C12" is not a 10-character ASIN' },
      { line: 6, column: 'item-price', message: 'item-price is not an amount of money: "twelve"' },
      { line: 7, column: 'item-price', message: "item-price is in EUR but the row's currency is USD" },
      { line: 8, column: 'sku', message: 'sku is empty' },
    ]);
  });

  it('keeps an order from a marketplace outside the list, with a warning', () => {
    const tsv = [
      header,
      row(['9', '2026-07-15T10:00:00Z', 'Shipped', 'Amazon.com.mx', 'A', 'B0C1234567', '1', 'MXN', '10.00']),
    ].join('\n');
    const result = parseReport('all-orders', Buffer.from(tsv));
    expect(result.rows[0]?.marketId).toBeNull();
    expect(result.marketId).toBeNull();
    expect(result.currency).toBe('MXN');
    expect(result.warnings[0]?.message).toMatch(/Amazon\.com\.mx" is not one of the known marketplaces/);
  });

  it('does not take a business report for an All Orders file', () => {
    const result = parseReport('all-orders', fixture('br-en-2023.csv'));
    expect(result.variant).toBeNull();
    expect(result.unknownHeader?.closestVariant).toMatch(/^ao-/);
    expect(result.rows).toEqual([]);
  });
});

describe('isIsoTimestamp', () => {
  it('accepts real ISO timestamps with a zone and nothing else', () => {
    for (const ok of [
      '2026-07-15T23:12:05+00:00',
      '2026-07-15T16:12:05-07:00',
      '2026-07-15T16:12:05Z',
      '2024-02-29T00:00:00+09:00',
    ]) {
      expect(isIsoTimestamp(ok), ok).toBe(true);
    }
    for (const bad of [
      '2026-07-15',
      '2026-07-15T16:12:05',
      '2025-02-29T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-07-15T24:00:00Z',
      'yesterday',
    ]) {
      expect(isIsoTimestamp(bad), bad).toBe(false);
    }
  });
});
