import { describe, expect, it } from 'vitest';
import { reportParsed } from './import-kinds';

const read = { records: [], errors: [{ line: 2, message: 'bad day' }], warnings: [] };

describe('reportParsed', () => {
  it('answers an English report with its variant and fingerprint, never held for its header', () => {
    expect(reportParsed({ variant: 'all-orders/tsv', fingerprint: 'f1' }, read)).toEqual({
      variant: 'all-orders/tsv',
      locale: 'en',
      fingerprint: 'f1',
      currency: null,
      unknownHeader: null,
      ...read,
    });
  });

  it('names the currency only when the money in the file is all of one', () => {
    const one = reportParsed({ variant: 'v', fingerprint: 'f', currencies: new Set(['EUR']) }, read);
    const two = reportParsed({ variant: 'v', fingerprint: 'f', currencies: new Set(['EUR', 'GBP']) }, read);
    const none = reportParsed({ variant: 'v', fingerprint: 'f', currencies: new Set() }, read);
    expect([one.currency, two.currency, none.currency]).toEqual(['EUR', null, null]);
  });

  it('keeps the lists the parser filled, so problems added later still show', () => {
    const result = reportParsed({ variant: 'v', fingerprint: 'f' }, read);
    expect(result.errors).toBe(read.errors);
  });
});
