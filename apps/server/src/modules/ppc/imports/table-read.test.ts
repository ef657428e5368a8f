/**
 * Reading a workbook's sheets: the streaming reader and the whole-workbook reader it falls
 * back to (when the stream gives fewer worksheets than the zip's directory lists) answer
 * the same sheets, names, lines and cells.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { loadSheets, readSheets } from './table-read';

/** A workbook as our exports write it: the streaming writer, three sheets, one of them empty. */
async function workbook(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sp = book.addWorksheet('Sponsored Products Campaigns');
  sp.addRow(['Product', 'Entity', 'Campaign ID', 'Bid']).commit();
  sp.addRow(['Sponsored Products', 'Keyword', '101', 0.75]).commit();
  sp.addRow([]).commit();
  sp.addRow(['Sponsored Products', 'Campaign', '101', null]).commit();
  sp.commit();
  book.addWorksheet('Empty').commit();
  const sd = book.addWorksheet('Sponsored Display Campaigns');
  sd.addRow(['Product', 'Entity', 'Start Date']).commit();
  sd.addRow(['Sponsored Display', 'Campaign', new Date(Date.UTC(2026, 10, 2))]).commit();
  sd.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

describe('readSheets / loadSheets', () => {
  it('answer the same non-empty sheets with their names, line numbers and cell texts', async () => {
    const bytes = await workbook();
    const streamed = await readSheets(bytes);
    expect(streamed.format).toBe('xlsx');
    expect(streamed.sheets).toEqual([
      {
        name: 'Sponsored Products Campaigns',
        lines: [
          { line: 1, cells: ['Product', 'Entity', 'Campaign ID', 'Bid'] },
          { line: 2, cells: ['Sponsored Products', 'Keyword', '101', '0.75'] },
          { line: 4, cells: ['Sponsored Products', 'Campaign', '101'] },
        ],
      },
      {
        name: 'Sponsored Display Campaigns',
        lines: [
          { line: 1, cells: ['Product', 'Entity', 'Start Date'] },
          { line: 2, cells: ['Sponsored Display', 'Campaign', '2026-11-02'] },
        ],
      },
    ]);
    expect(await loadSheets(bytes)).toEqual(streamed.sheets);
  });
});
