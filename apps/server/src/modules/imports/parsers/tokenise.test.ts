import { describe, expect, it } from 'vitest';
import { decodeText, sniffDelimiter, tokenise } from './tokenise';

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
