/**
 * The first worksheet of an upload, read whole (files within 25 MB inflated: the streaming
 * reader has dropped worksheets and read them before the workbook's styles under load) and
 * streamed (larger files): both answer the same header mapping, rows, dates and texts.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet, type SheetColumn } from './xlsx-read';

const COLUMNS: readonly SheetColumn<'sku' | 'from' | 'cost' | 'note'>[] = [
  { field: 'sku', en: 'SKU', zh: 'SKU', required: true },
  { field: 'from', en: 'Effective from', zh: '生效日期', required: true },
  { field: 'cost', en: 'Unit cost (USD)', zh: '单位成本(USD)', required: true },
  { field: 'note', en: 'Note', zh: '备注', required: false },
];

/** A workbook as Excel writes one: shared strings, a styled date, a formula, an empty row, a second sheet. */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Costs');
  for (const r of rows) sheet.addRow(r);
  sheet.getColumn(2).numFmt = 'yyyy-mm-dd';
  book.addWorksheet('Other').addRow(['SKU', 'ignored']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('readSheet', () => {
  it('reads the first worksheet the same whole and streamed', async () => {
    const bytes = await workbook([
      ['SKU', 'Effective from', 'Unit cost (USD)', 'Note', 'Extra'],
      ['H6191-BK', new Date(Date.UTC(2026, 10, 2)), 12.5, { richText: [{ text: 'first ' }, { text: 'lot' }] }, 'x'],
      [],
      ['H6192-WH', new Date(Date.UTC(2026, 0, 31)), { formula: '2*3', result: 6 }, null, null],
    ]);
    const whole = await readSheet(bytes, COLUMNS, 'sku-costs');
    expect(whole).toMatchObject({
      variant: 'sku-costs-en',
      locale: 'en-US',
      unknownHeader: null,
      errors: [],
      warnings: [{ line: 1, message: 'columns left out: Extra' }],
      rows: [
        {
          line: 2,
          cells: { sku: 'H6191-BK', from: new Date(Date.UTC(2026, 10, 2)), cost: 12.5, note: 'first lot' },
        },
        { line: 4, cells: { sku: 'H6192-WH', from: new Date(Date.UTC(2026, 0, 31)), cost: 6, note: null } },
      ],
    });
    expect(await readSheet(bytes, COLUMNS, 'sku-costs', 0)).toEqual(whole);
  });

  it('holds a sheet without the required columns, whole and streamed', async () => {
    const bytes = await workbook([
      ['Model', 'Price'],
      ['X', 1],
    ]);
    const whole = await readSheet(bytes, COLUMNS, 'sku-costs');
    expect(whole).toMatchObject({
      variant: null,
      rows: [],
      errors: [],
      unknownHeader: { missing: ['SKU', 'Effective from', 'Unit cost (USD)'], unexpected: ['Model', 'Price'] },
    });
    expect(await readSheet(bytes, COLUMNS, 'sku-costs', 0)).toEqual(whole);
  });

  it('names the missing columns of a Chinese sheet by their Chinese headers', async () => {
    const bytes = await workbook([
      ['SKU', '生效日期', '型号'],
      ['H6191-BK', '2026-11-02', 'X'],
    ]);
    expect(await readSheet(bytes, COLUMNS, 'sku-costs')).toMatchObject({
      variant: null,
      locale: 'zh-CN',
      unknownHeader: { closestVariant: 'sku-costs-zh', missing: ['单位成本(USD)'], unexpected: ['型号'] },
    });
  });
});
