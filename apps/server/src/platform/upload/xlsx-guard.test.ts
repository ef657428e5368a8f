import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SheetRows, SheetStyles, workbookParts } from '../export/sheet-xml';
import { ZipWriter } from '../export/zip-writer';
import { assertSafeXlsx, readsWhole, WHOLE_WORKBOOK_CELLS } from './xlsx-guard';

async function zipOf(entries: Array<[string, Buffer | string]>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const zip = new ZipWriter(out);
  for (const [name, content] of entries) await zip.add(name, [content]);
  await zip.finish();
  out.end();
  return Buffer.concat(chunks);
}

const refusal = (bytes: Buffer) => {
  try {
    assertSafeXlsx(bytes);
    return null;
  } catch (err) {
    return { status: (err as { status: number }).status, message: (err as Error).message };
  }
};

describe('assertSafeXlsx', () => {
  it('passes a real workbook', async () => {
    const columns = [{ header: 'SKU', width: 10 }];
    const styles = new SheetStyles(columns);
    const rows = new SheetRows(columns, styles);
    const bytes = await zipOf([
      ...workbookParts('s'),
      ['xl/styles.xml', styles.xml()],
      ['xl/worksheets/sheet1.xml', rows.start() + rows.row(['A-1']) + rows.end()],
    ]);
    expect(refusal(bytes)).toBeNull();
  });

  // The refusal's text proves the inflation cap; the test's own time limit catches a reader
  // that inflates everything first. How fast it refuses is the benchmark's (npm run bench),
  // not a unit test's on a machine that runs the browser suites beside it.
  it('refuses a zip bomb at the inflation cap, also when its header lies about the size', async () => {
    const bomb = await zipOf([['xl/worksheets/sheet1.xml', Buffer.alloc(150 * 1024 * 1024)]]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(refusal(bomb)).toMatchObject({ status: 400, message: expect.stringContaining('expands beyond 100 MB') });

    // The central directory claims 1 KB: the inflation cap still stops it.
    const liar = Buffer.from(bomb);
    const dir = liar.readUInt32LE(liar.length - 22 + 16);
    liar.writeUInt32LE(1024, dir + 24);
    expect(refusal(liar)).toMatchObject({ status: 400, message: expect.stringContaining('expands beyond 100 MB') });
  });

  it('refuses more than 1,000 entries, more than 10 MB, and what is not a zip', async () => {
    const many = await zipOf(Array.from({ length: 1001 }, (_, i): [string, string] => [`e${i}.xml`, '<a/>']));
    expect(refusal(many)?.message).toContain('more than 1000 entries');
    expect(refusal(Buffer.alloc(10 * 1024 * 1024 + 1))?.message).toContain('larger than 10 MB');
    expect(refusal(Buffer.from('SKU,cost\nA,1\n'))?.message).toContain('not a zip archive');
    const cut = await zipOf([['a.xml', 'x'.repeat(1000)]]);
    expect(refusal(cut.subarray(0, cut.length - 10))).toMatchObject({ status: 400 });
  });
  it('counts the cells of every worksheet: a small file of a million tiny cells is refused, a dense one streamed', async () => {
    const sheet = (cells: number) => {
      const row = '<c><v>1</v></c>'.repeat(100);
      return `<worksheet><sheetData>${`<row>${row}</row>`.repeat(cells / 100)}</sheetData></worksheet>`;
    };
    const big = await zipOf([
      ['xl/workbook.xml', '<workbook/>'],
      ['xl/worksheets/sheet1.xml', sheet(600_000)],
      ['xl/worksheets/sheet2.xml', sheet(500_000)],
    ]);
    expect(big.length).toBeLessThan(200_000);
    // How long the refusal takes is not a unit test's business (it failed at 2.3 s under load):
    // the hostile-uploads browser suite measures the event loop while such files arrive.
    expect(refusal(big)).toEqual({ status: 400, message: 'not a usable .xlsx file: it has more than 1,000,000 cells: split it' });
    const dense = assertSafeXlsx(await zipOf([['xl/worksheets/sheet1.xml', sheet(WHOLE_WORKBOOK_CELLS + 100)]]));
    expect(dense.cells).toBe(WHOLE_WORKBOOK_CELLS + 100);
    expect(readsWhole(dense)).toBe(false);
    expect(readsWhole(assertSafeXlsx(await zipOf([['xl/worksheets/sheet1.xml', sheet(1000)]])))).toBe(true);
  });
});
