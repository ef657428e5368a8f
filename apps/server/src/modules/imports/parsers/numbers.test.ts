import { describe, expect, it } from 'vitest';
import { parseInteger, parseMoney, parsePercent } from './index';
import { isEmptyCell, readMoney } from './numbers';

describe('parseMoney', () => {
  it.each([
    ['$1,937.41', null, '1937.41', 'USD'],
    ['"$1,937.41"'.slice(1, -1), null, '1937.41', 'USD'],
    ['MX$2,000.00', null, '2000.00', 'MXN'],
    ['CA$12.00', null, '12.00', 'CAD'],
    ['A$5', null, '5.00', 'AUD'],
    ['S$7.10', null, '7.10', 'SGD'],
    ['£9.99', null, '9.99', 'GBP'],
    ['¥1,980', null, '1980.00', 'JPY'],
    ['￥1,980', null, '1980.00', 'JPY'],
    ['1.234,56 €', 'de', '1234.56', 'EUR'],
    ['€1.234,56', null, '1234.56', 'EUR'],
    ['12,34 €', 'de', '12.34', 'EUR'],
    ['1 234,56 €', 'fr', '1234.56', 'EUR'],
    ['SEK 199,00', null, '199.00', 'SEK'],
    ['199,00 kr', 'sv', '199.00', 'SEK'],
    ['zł 49,99', null, '49.99', 'PLN'],
    ['49,99 zł', 'pl', '49.99', 'PLN'],
    ['US$1,049.79', null, '1049.79', 'USD'],
    ['EUR 3', null, '3.00', 'EUR'],
    ['19.99', null, '19.99', null],
    ['0', null, '0.00', null],
    ['-2.00', null, '-2.00', null],
    ['-$3.00', null, '-3.00', 'USD'],
    ['$-3.00', null, '-3.00', 'USD'],
    ['(£4.50)', null, '-4.50', 'GBP'],
    ['-0.00', null, '0.00', null],
  ])('%s (locale %s) → %s %s', (text, locale, amount, currency) => {
    expect(parseMoney(text, locale)).toEqual({ amount, currency });
  });

  it('decides the decimal separator by the last separator followed by exactly two digits', () => {
    expect(parseMoney('1,234.56', 'de')).toEqual({ amount: '1234.56', currency: null });
    expect(parseMoney('1.234,56', 'en')).toEqual({ amount: '1234.56', currency: null });
    expect(parseMoney('12,34', 'en')).toEqual({ amount: '12.34', currency: null });
  });

  it('reads a lone separator before three digits as thousands (1.234 in de = 1234)', () => {
    expect(parseMoney('1.234', 'de')).toEqual({ amount: '1234.00', currency: null });
    expect(parseMoney('€1.234', 'de')).toEqual({ amount: '1234.00', currency: 'EUR' });
    expect(parseMoney('$12,345', 'en')).toEqual({ amount: '12345.00', currency: 'USD' });
  });

  it('lets the locale decide the other ambiguous cases', () => {
    expect(parseMoney('12,5 €', 'de')).toEqual({ amount: '12.50', currency: 'EUR' });
    expect(parseMoney('$12.5', 'en')).toEqual({ amount: '12.50', currency: 'USD' });
    expect(parseMoney('12,5', 'en')).toBeNull();
  });

  it('returns null for what is not money', () => {
    for (const text of [
      '',
      '  ',
      '-',
      'N/A',
      'abc',
      '$1,2O3.00',
      '$12.3.4',
      '1,23,456',
      '$1.2345',
      '£ 5 €',
      'B0C1234567',
      '¥19.80',
    ]) {
      expect(parseMoney(text), text).toBeNull();
    }
  });

  it('tells which marketplace a symbol pins down', () => {
    expect(readMoney('£9.99')?.market).toBe('UK');
    expect(readMoney('￥1,980')?.market).toBe('JP');
    expect(readMoney('CA$12.00')?.market).toBe('CA');
    expect(readMoney('$12.00')?.market).toBeNull();
    expect(readMoney('12,00 €', 'de')?.market).toBeNull();
  });
});

describe('parsePercent', () => {
  it.each([
    ['18.53%', 18.53],
    ['18,53 %', 18.53],
    ['100.00%', 100],
    ['0%', 0],
    ['18.53', 18.53],
    ['５０％', 50],
    ['1,234.5%', 1234.5],
  ])('%s → %s', (text, value) => {
    expect(parsePercent(text)).toBe(value);
  });

  it('returns null for empty or non-numeric text', () => {
    for (const text of ['', '-', '--', 'abc%', '18.5.3%']) expect(parsePercent(text), text).toBeNull();
  });
});

describe('parseInteger', () => {
  it.each([
    ['1,234', 'en', 1234],
    ['1.234', 'de', 1234],
    ['1,234', 'de', 1234],
    ['12,345,678', 'en', 12345678],
    ['1 234', 'fr', 1234],
    ['57', null, 57],
    ['-2', null, -2],
    ['0', 'ja', 0],
  ])('%s (%s) → %s', (text, locale, value) => {
    expect(parseInteger(text, locale)).toBe(value);
  });

  it('returns null for fractions, garbage and empty cells', () => {
    for (const text of ['1.5', '1,5', '12a', '', '--', '1,23']) expect(parseInteger(text, 'en'), text).toBeNull();
    expect(parseInteger('12,5', 'de')).toBeNull();
  });
});

describe('isEmptyCell', () => {
  it('treats blanks, dashes and N/A as empty', () => {
    for (const text of ['', ' ', '-', '--', 'N/A', 'n/a']) expect(isEmptyCell(text), text).toBe(true);
    expect(isEmptyCell('0')).toBe(false);
  });
});
