/**
 * Reading a workbook's sheets (a file within 25 MB inflated is read whole: the streaming
 * reader lost sheet names, styles and sheets under load): the sheets with their names, line
 * numbers and cell texts, dates as yyyy-MM-dd.
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

describe('readSheets', () => {
  it('answers the non-empty sheets with their names, line numbers and cell texts', async () => {
    const bytes = await workbook();
    const read = await readSheets(bytes);
    expect(read.format).toBe('xlsx');
    expect(read.sheets).toEqual([
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
    expect(await loadSheets(bytes)).toEqual(read.sheets);
  });
});
