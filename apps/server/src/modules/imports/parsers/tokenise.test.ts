import { describe, expect, it } from 'vitest';
import { decodeText, RefusedFileError, readTextRecords, sniffDelimiter, TEXT_LIMITS, tokenise } from './tokenise';

describe('decodeText', () => {
  it('drops a UTF-8 BOM', () => {
    expect(decodeText(Buffer.from('\ufeffa,b', 'utf8'))).toBe('a,b');
    expect(decodeText(Buffer.from('a,b', 'utf8'))).toBe('a,b');
  });

  it('reads UTF-16LE and UTF-16BE with a BOM, and UTF-16LE without one', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('(子)ASIN,é', 'utf16le')]);
    expect(decodeText(le)).toBe('(子)ASIN,é');
    const be = Buffer.from('\ufeffab', 'utf16le').swap16();
    expect(decodeText(be)).toBe('ab');
    expect(decodeText(Buffer.from('ASIN,x', 'utf16le'))).toBe('ASIN,x');
  });
});

describe('tokenise', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and counts lines', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""",3\r\n"two\nlines",z,4\n\nlast,,\n';
    const { records, problems } = tokenise(text, ',');
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', '3'] },
      { line: 3, cells: ['two\nlines', 'z', '4'] },
      { line: 5, cells: [''] },
      { line: 6, cells: ['last', '', ''] },
    ]);
  });

  it('handles a lone CR as a line end and no final line end', () => {
    expect(tokenise('a,b\rc,d', ',').records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
    ]);
  });

  it('reports a quote that never closes', () => {
    const { records, problems } = tokenise('a,b\n"open,c\nd,e\n', ',');
    expect(records[1]?.cells[0]).toBe('open,c\nd,e\n');
    expect(problems).toEqual([{ line: 2, message: 'A quoted field is not closed before the end of the file' }]);
  });

  it('in lenient mode unquotes whole quoted fields but keeps stray quotes as text', () => {
    const text = 'id\tname\tn\n1\t"Lamp, 2-Pack"\t2\n2\t"Smart" bulb\t1\n3\t12" bar\t1\n';
    expect(tokenise(text, '\t', 'lenient').records.map((r) => r.cells)).toEqual([
      ['id', 'name', 'n'],
      ['1', 'Lamp, 2-Pack', '2'],
      ['2', '"Smart" bulb', '1'],
      ['3', '12" bar', '1'],
    ]);
  });
});

describe('sniffDelimiter', () => {
  it('picks the delimiter that splits the header most, ignoring quoted text', () => {
    expect(sniffDelimiter('"a, b",c,d\n1,2,3', [',', ';', '\t'])).toBe(',');
    expect(sniffDelimiter('Titel;Umsatz;Einheiten\n"Lampe, weiß";"1.234,56 €";3', [',', ';', '\t'])).toBe(';');
    expect(sniffDelimiter('a\tb\tc, d', ['\t', ',', ';'])).toBe('\t');
    expect(sniffDelimiter('', [',', ';'])).toBe(',');
  });
});

describe('limits of a text upload', () => {
  const limits = { records: 5, columns: 3, cells: 8, cellLength: 10 };
  const refusal = (f: () => unknown) => {
    try {
      f();
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(RefusedFileError);
      return (err as Error).message;
    }
  };

  it('refuses more records, columns, cells or a longer cell than allowed, and reads a file at the limits', () => {
    expect(refusal(() => tokenise('a\nb\nc\nd\ne\nf', ',', 'csv', limits))).toMatch(/more than 5 lines/);
    expect(refusal(() => tokenise('a,b,c,d', ',', 'csv', limits))).toMatch(/Line 1 has more than 3 columns/);
    expect(refusal(() => tokenise('a,b,c\nd,e,f\ng,h,i', ',', 'csv', limits))).toMatch(/more than 8 cells/);
    expect(refusal(() => tokenise('a,"0123456789x"', ',', 'csv', limits))).toMatch(/longer than 10 characters/);
    expect(tokenise('a,b\nc,d\n\n\ne,"0123456789"', ',', 'csv', limits).records).toHaveLength(5);
  });

  it('refuses a file of more blank lines than the limit before decoding it', () => {
    const bytes = Buffer.alloc(TEXT_LIMITS.records + 2, 0x0a);
    expect(refusal(() => decodeText(bytes))).toMatch(/more than 500,000 lines/);
    expect(refusal(() => readTextRecords(Buffer.alloc(TEXT_LIMITS.records + 2, 0x0d), [',']))).toMatch(/lines/);
  });

  it('refuses a workbook or binary data sent as a text report', () => {
    expect(refusal(() => decodeText(Buffer.from('PK\x03\x04rest of a zip', 'latin1')))).toMatch(/workbook or another zip/);
    expect(refusal(() => decodeText(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02, 0x41])))).toMatch(/binary data/);
  });

  // A reader that went quadratic on the line would take hours: the test's time limit catches it.
  it('refuses one endless line of empty columns (the probe: 10 MB of commas) without reading it quadratically', () => {
    expect(refusal(() => readTextRecords(Buffer.alloc(10 * 1024 * 1024, 0x2c), [',', ';', '\t']))).toMatch(/1,000 columns/);
    expect(refusal(() => readTextRecords(Buffer.alloc(10 * 1024 * 1024, 0x09), [',', ';', '\t']))).toMatch(/columns|characters/);
  });
});
