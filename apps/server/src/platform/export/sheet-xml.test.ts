import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CellValue, type SheetColumn, SheetRows, SheetStyles, workbookParts, xmlText } from './sheet-xml';
import { neutralise } from './xlsx-stream';
import { ZipWriter } from './zip-writer';

async function workbook(columns: SheetColumn[], body: CellValue[][], totals?: CellValue[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const styles = new SheetStyles(columns);
  const rows = new SheetRows(columns, styles);
  const zip = new ZipWriter(out);
  for (const [name, xml] of workbookParts('Daily report: 2026/11')) await zip.add(name, [xml]);
  await zip.add('xl/styles.xml', [styles.xml()]);
  await zip.add(
    'xl/worksheets/sheet1.xml',
    (async function* () {
      yield rows.start();
      for (const r of body) yield rows.row(r);
      if (totals) yield rows.row(totals, true);
      yield rows.end();
    })(),
  );
  await zip.finish();
  out.end();
  return Buffer.concat(chunks);
}

async function read(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return ws;
}

describe('xlsx without exceljs', () => {
  const columns: SheetColumn[] = [
    { header: 'SKU', width: 20 },
    { header: 'Revenue', width: 12, numFmt: '#,##0.00' },
    { header: 'Margin', width: 10, numFmt: '0.00%' },
  ];

  it('is read back by exceljs with values, formats, bold header and totals', async () => {
    const bytes = await workbook(
      columns,
      [
        ['H6199-US', 1937.41, 0.1853],
        ['灯带 <"&"> 5m', -12.5, null],
        ['  padded  ', 0, Number.NaN],
      ],
      ['Total', 1924.91, 0.2],
    );
    const ws = await read(bytes);
    expect(ws.name).toBe('Daily report  2026 11');
    expect(ws.getRow(1).values).toEqual([undefined, 'SKU', 'Revenue', 'Margin']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getCell('A2').value).toBe('H6199-US');
    expect(ws.getCell('B2').value).toBe(1937.41);
    expect(ws.getCell('B2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('C2').numFmt).toBe('0.00%');
    expect(ws.getCell('A3').value).toBe('灯带 <"&"> 5m');
    expect(ws.getCell('B3').value).toBe(-12.5);
    expect(ws.getCell('C3').value).toBeNull();
    expect(ws.getCell('A4').value).toBe('  padded  ');
    expect(ws.getCell('C4').value).toBeNull();
    expect(ws.getCell('A5').font?.bold).toBe(true);
    expect(ws.getCell('B5').value).toBe(1924.91);
    expect(ws.getCell('B5').numFmt).toBe('#,##0.00');
    expect(ws.getColumn(1).width).toBe(20);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('drops characters XML cannot carry and escapes markup', () => {
    expect(xmlText('a\u0000b\u001fc\td\ne')).toBe('abc\td\ne');
    expect(xmlText('<x a="1">&</x>')).toBe('&lt;x a=&quot;1&quot;&gt;&amp;&lt;/x&gt;');
  });

  it('names columns past Z as Excel does', async () => {
    const wide: SheetColumn[] = Array.from({ length: 30 }, (_, i) => ({ header: `c${i}`, width: 5 }));
    const ws = await read(await workbook(wide, [Array.from({ length: 30 }, (_, i) => i)]));
    expect(ws.getCell('Z2').value).toBe(25);
    expect(ws.getCell('AD2').value).toBe(29);
  });

  it('writes a zip whose entries inflate to what was written, CRC included', async () => {
    const big = Array.from({ length: 5000 }, (_, i) => [`row ${i}`, i * 1.5, i / 5000]);
    const bytes = await workbook(columns, big);
    // Walk the central directory and check every entry against its local data.
    const endAt = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const count = bytes.readUInt16LE(endAt + 10);
    let at = bytes.readUInt32LE(endAt + 16);
    expect(count).toBe(6);
    for (let i = 0; i < count; i++) {
      const crc = bytes.readUInt32LE(at + 16);
      const compressed = bytes.readUInt32LE(at + 20);
      const size = bytes.readUInt32LE(at + 24);
      const nameLength = bytes.readUInt16LE(at + 28);
      const local = bytes.readUInt32LE(at + 42);
      const dataAt = local + 30 + bytes.readUInt16LE(local + 26);
      const data = zlib.inflateRawSync(bytes.subarray(dataAt, dataAt + compressed));
      expect(data.length).toBe(size);
      expect(zlib.crc32(data) >>> 0).toBe(crc);
      at += 46 + nameLength;
    }
    const ws = await read(bytes);
    expect(ws.rowCount).toBe(5001);
    expect(ws.getCell('B5001').value).toBe(4999 * 1.5);
  });

  it('neutralises every text that a spreadsheet would read as a formula, and keeps numbers numbers (property)', async () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom('=', '+', '-', '@', '\t', '\r').chain((lead) => fc.string({ maxLength: 8 }).map((rest) => lead + rest)),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
    );
    const one = [{ header: 'v', width: 10 }];
    await fc.assert(
      fc.asyncProperty(fc.array(cell, { minLength: 1, maxLength: 40 }), async (values) => {
        const ws = await read(
          await workbook(
            one,
            values.map((v) => [neutralise(v)]),
          ),
        );
        values.forEach((v, i) => {
          const got = ws.getCell(`A${i + 2}`).value;
          if (typeof v === 'number') expect(got).toBe(Object.is(v, -0) ? 0 : v);
          else {
            // biome-ignore lint/suspicious/noControlCharactersInRegex: what XML cannot carry
            const kept = v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
            if (kept === '') expect(got).toBeNull();
            else if (/^[=+\-@\t\r]/.test(v)) expect(got).toBe(`'${kept}`);
            else expect(got).toBe(kept);
          }
        });
      }),
      { numRuns: 60, seed: 20261124 },
    );
  });
});
