import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseReport } from './index';

const fixture = (name: string): Buffer => readFileSync(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url));
const parse = (name: string) => parseReport('business-report', fixture(name));
const text = (name: string): string =>
  fixture(name)
    .toString('utf8')
    .replace(/^\ufeff/, '');

describe('business report: br-en-2023.csv (current columns, B2B, BOM, CRLF)', () => {
  const result = parse('br-en-2023.csv');

  it('matches the current English variant', () => {
    expect(result.kind).toBe('business-report');
    expect(result.variant).toBe('br-en-2023');
    expect(result.locale).toBe('en');
    expect(result.unknownHeader).toBeNull();
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.headers[0]).toBe('(Parent) ASIN');
    expect(result.headers).toHaveLength(22);
  });

  it('hashes the raw bytes and the header list', () => {
    expect(result.fileHash).toBe(createHash('sha256').update(fixture('br-en-2023.csv')).digest('hex'));
    expect(result.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads every value of the first row', () => {
    expect(result.rows).toHaveLength(5);
    expect(result.rows[0]).toEqual({
      line: 2,
      parentAsin: 'B0C1234500',
      asin: 'B0C1234567',
      sku: 'H6199-US',
      title: 'Lumora RGBIC LED Strip Lights, 32.8ft, "Smart" App Control, Music Sync',
      sessions: 1234,
      sessionsB2b: 12,
      pageViews: 1876,
      pageViewsB2b: 15,
      buyBoxPct: 98.5,
      unitSessionPct: 4.62,
      unitsOrdered: 57,
      unitsOrderedB2b: 2,
      orderedProductSales: '1937.41',
      orderedProductSalesB2b: '67.98',
      totalOrderItems: 55,
      totalOrderItemsB2b: 2,
    });
  });

  it('reads thousands separators and zero rows', () => {
    const big = result.rows.find((r) => r.asin === 'B0C3456789')!;
    expect(big.sessions).toBe(12345);
    expect(big.orderedProductSales).toBe('12345.67');
    const zero = result.rows.find((r) => r.asin === 'B0C2345679')!;
    expect(zero.unitsOrdered).toBe(0);
    expect(zero.orderedProductSales).toBe('0.00');
  });

  it('says USD but no marketplace for a bare $', () => {
    expect(result.currency).toBe('USD');
    expect(result.marketId).toBeNull();
  });

  it('gives the same rows when Excel re-saves the file as UTF-16LE', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text('br-en-2023.csv'), 'utf16le')]);
    const again = parseReport('business-report', utf16);
    expect(again.rows).toEqual(result.rows);
    expect(again.fingerprint).toBe(result.fingerprint);
    expect(again.fileHash).not.toBe(result.fileHash);
  });
});

describe('business report: br-en-legacy.csv (old headers, no B2B, no SKU, stray spaces)', () => {
  const result = parse('br-en-legacy.csv');

  it('matches the legacy variant and trims the headers', () => {
    expect(result.variant).toBe('br-en-legacy');
    expect(result.headers).toContain('Sessions');
    expect(result.headers).toContain('Session Percentage');
    expect(result.errors).toEqual([]);
  });

  it('reads Buy Box Percentage and leaves the absent columns null', () => {
    expect(result.rows).toHaveLength(3);
    expect(result.rows[1]).toMatchObject({
      asin: 'B07Q123457',
      sku: null,
      sessions: 739,
      pageViews: 1052,
      buyBoxPct: 97.4,
      unitsOrdered: 31,
      unitsOrderedB2b: null,
      orderedProductSales: '929.69',
      orderedProductSalesB2b: null,
      totalOrderItemsB2b: null,
    });
  });

  it('keeps a row whose parent ASIN is malformed, with a warning', () => {
    expect(result.rows[0]?.parentAsin).toBeNull();
    expect(result.warnings).toEqual([
      { line: 2, column: '(Parent) ASIN', message: '(Parent) ASIN "B07Q1234500" is not a 10-character ASIN; left empty' },
    ]);
  });

  it('has the same fingerprint with a BOM, CRLF and without the stray spaces, and a different file hash', () => {
    const original = text('br-en-legacy.csv');
    const [header, ...rest] = original.split('\n');
    const tidyHeader = header!
      .split(',')
      .map((h) => h.trim())
      .join(',');
    const tidy = Buffer.from(`\ufeff${[tidyHeader, ...rest].join('\r\n')}`, 'utf8');
    const again = parseReport('business-report', tidy);
    expect(again.fingerprint).toBe(result.fingerprint);
    expect(again.fileHash).not.toBe(result.fileHash);
    expect(again.rows.map((r) => r.asin)).toEqual(result.rows.map((r) => r.asin));
  });

  it('has the same fingerprint when the dashes are en dashes', () => {
    const hyphen = parse('br-en-2023.csv');
    const enDash = parseReport('business-report', Buffer.from(text('br-en-2023.csv').replaceAll(' - ', ' – ')));
    expect(enDash.variant).toBe('br-en-2023');
    expect(enDash.fingerprint).toBe(hyphen.fingerprint);
  });
});

describe('business report: br-mx.csv (MX$)', () => {
  const result = parse('br-mx.csv');

  it('reads MX$ amounts as MXN and names no marketplace', () => {
    expect(result.variant).toBe('br-en-2023');
    expect(result.rows.map((r) => r.orderedProductSales)).toEqual(['2000.00', '1249.50', '799.00']);
    expect(result.currency).toBe('MXN');
    expect(result.marketId).toBeNull();
    expect(result.errors).toEqual([]);
  });
});

describe('business report: br-de.csv (German headers and numbers)', () => {
  const result = parse('br-de.csv');

  it('matches the German variant', () => {
    expect(result.variant).toBe('br-de');
    expect(result.locale).toBe('de');
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(4);
  });

  it('reads 1.234,56 € as 1234.56 EUR, 18,53 % as 18.53 and 1.234 as 1234', () => {
    const first = result.rows[0]!;
    expect(first.orderedProductSales).toBe('1234.56');
    expect(first.orderedProductSalesB2b).toBe('29.99');
    expect(first.sessions).toBe(1234);
    expect(first.buyBoxPct).toBe(98.5);
    expect(first.unitSessionPct).toBe(3);
    expect(first.title).toBe('Lumora LED Streifen 10m, RGBIC, App-Steuerung');
    expect(result.rows[2]?.orderedProductSales).toBe('12.34');
    expect(result.currency).toBe('EUR');
    expect(result.marketId).toBeNull();
  });

  it('reads a semicolon-separated re-save of the same file', () => {
    const lines = text('br-de.csv')
      .split('\r\n')
      .filter((l) => l !== '');
    const semicolon = lines.map((l) => l.replaceAll('","', '";"')).join('\n');
    const again = parseReport('business-report', Buffer.from(semicolon));
    expect(again.rows).toEqual(result.rows);
  });
});

describe('business report: br-ja.csv (Japanese headers, ￥)', () => {
  const result = parse('br-ja.csv');

  it('reads ￥ amounts without decimals as JPY, which names Japan', () => {
    expect(result.variant).toBe('br-ja');
    expect(result.locale).toBe('ja');
    expect(result.rows.map((r) => r.orderedProductSales)).toEqual(['1980.00', '123690.00', '47760.00']);
    expect(result.rows[2]?.orderedProductSalesB2b).toBe('3980.00');
    expect(result.rows[0]?.title).toBe('Lumora LEDテープライト 5m RGBIC アプリ制御, 音楽同期');
    expect(result.currency).toBe('JPY');
    expect(result.marketId).toBe(3);
    expect(result.errors).toEqual([]);
  });
});

describe('business report: br-zh.csv (Chinese headers, US$)', () => {
  const result = parse('br-zh.csv');

  it('matches the Chinese variant and reads US$ as USD on amazon.com', () => {
    expect(result.variant).toBe('br-zh');
    expect(result.locale).toBe('zh');
    expect(result.rows).toHaveLength(3);
    expect(result.rows[0]).toMatchObject({ asin: 'B0C1234567', sessions: 1234, buyBoxPct: 98.5, orderedProductSales: '1937.41' });
    expect(result.currency).toBe('USD');
    expect(result.marketId).toBe(0);
  });
});

describe('business report: br-title-row.csv (a title line above the header)', () => {
  const result = parse('br-title-row.csv');

  it('skips the title line and still counts lines from the top of the file', () => {
    expect(result.variant).toBe('br-en-2023');
    expect(result.headers[0]).toBe('(Parent) ASIN');
    expect(result.rows.map((r) => r.line)).toEqual([3, 4, 5]);
    expect(result.warnings).toEqual([{ line: 1, message: 'Skipped a title line above the header' }]);
  });

  it('reads £ as GBP, which names the UK', () => {
    expect(result.rows[2]?.orderedProductSales).toBe('9.99');
    expect(result.currency).toBe('GBP');
    expect(result.marketId).toBe(2);
  });
});

describe('business report: br-bad-rows.csv', () => {
  const result = parse('br-bad-rows.csv');

  it('keeps the two good rows (an ASIN in lower case is upper-cased)', () => {
    expect(result.rows.map((r) => [r.line, r.asin])).toEqual([
      [2, 'B0C1234567'],
      [7, 'B0C3456789'],
    ]);
  });

  it('reports exactly the bad rows, with line numbers and columns; the blank line is skipped silently', () => {
    expect(result.errors).toEqual([
      { line: 3, column: '(Child) ASIN', message: '(Child) ASIN "B0C12345" is not a 10-character ASIN' },
      { line: 5, column: 'Units Ordered', message: 'Units Ordered must be a whole number of 0 or more, found "-2"' },
      { line: 6, column: 'Ordered Product Sales', message: 'Ordered Product Sales is not an amount of money: "$1,2O3.00"' },
      { line: 8, column: 'Ordered Product Sales', message: 'Ordered Product Sales is in GBP but the file is in USD' },
    ]);
    expect(result.warnings).toEqual([]);
    expect(result.currency).toBe('USD');
  });
});

describe('business report: br-unknown.csv', () => {
  const result = parse('br-unknown.csv');

  it('holds the file: no rows, the closest variant and what differs', () => {
    expect(result.variant).toBeNull();
    expect(result.locale).toBeNull();
    expect(result.rows).toEqual([]);
    expect(result.unknownHeader).toEqual({
      closestVariant: 'br-en-2023',
      missing: ['Ordered Product Sales', 'Total Order Items'],
      unexpected: ['Revenue', 'Order Count'],
    });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.line).toBe(1);
    expect(result.errors[0]?.message).toMatch(/column set is unknown/);
    expect(result.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('business report: edge cases', () => {
  const header = '(Child) ASIN,Title,Units Ordered,Ordered Product Sales,Total Order Items';

  it('keeps line numbers right after a title spanning two lines', () => {
    const csv = `${header}\nB0C1234567,"Lamp\nwith two lines",1,$5.00,1\nB0C1234568,Lamp,2,$10.00,2\n`;
    const result = parseReport('business-report', Buffer.from(csv));
    expect(result.rows.map((r) => [r.line, r.title])).toEqual([
      [2, 'Lamp\nwith two lines'],
      [4, 'Lamp'],
    ]);
  });

  it('rejects a row with more cells than the header, and an empty required cell', () => {
    const csv = `${header}\nB0C1234567,Lamp,1,$5.00,1,surplus\nB0C1234568,Lamp,,$10.00,2\n`;
    const result = parseReport('business-report', Buffer.from(csv));
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([
      { line: 2, message: 'The row has 6 cells but the header has 5 columns' },
      { line: 3, column: 'Units Ordered', message: 'Units Ordered is empty' },
    ]);
  });

  it('keeps a row whose optional metric is garbled, with a warning', () => {
    const csv =
      '(Child) ASIN,Sessions - Total,Units Ordered,Ordered Product Sales,Total Order Items\nB0C1234567,lots,1,$5.00,1\n';
    const result = parseReport('business-report', Buffer.from(csv));
    expect(result.rows[0]?.sessions).toBeNull();
    expect(result.warnings).toEqual([
      {
        line: 2,
        column: 'Sessions - Total',
        message: 'Sessions - Total is not a whole number of 0 or more ("lots"); left empty',
      },
    ]);
  });

  it('returns an unknown header for an empty file', () => {
    const result = parseReport('business-report', Buffer.alloc(0));
    expect(result.rows).toEqual([]);
    expect(result.unknownHeader?.missing).toEqual([
      '(Child) ASIN',
      'Units Ordered',
      'Ordered Product Sales',
      'Total Order Items',
    ]);
    expect(result.errors).toEqual([{ line: 1, message: 'The file has no header row' }]);
  });

  it('does not take an All Orders file for a business report', () => {
    const result = parseReport('business-report', fixture('ao-2023.txt'));
    expect(result.variant).toBeNull();
    expect(result.unknownHeader).not.toBeNull();
  });
});
