/**
 * A small spreadsheet from rows already in memory (the monitor's watchlist: at most
 * MAX_WATCHES rows, computed in the service), with the same conventions as the streamed
 * exports: bold frozen header, number formats, formula-like text neutralised, the file
 * name in the content disposition.
 */
import { neutralise, type XlsxColumn } from '../../../platform/export/xlsx-stream';
import { type FileReply, fileOfBytes, XLSX_TYPE } from '../../../platform/http/file-reply';
import { loadExcel } from '../../../platform/runtime/lazy-deps';

export async function xlsxOfRows<R>(spec: {
  fileName: string;
  sheetName: string;
  rows: readonly R[];
  columns: readonly XlsxColumn<R>[];
}): Promise<FileReply> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? 14,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of spec.rows) sheet.addRow(spec.columns.map((c) => neutralise(c.value(row))));
  return fileOfBytes(spec.fileName, XLSX_TYPE, Buffer.from(await workbook.xlsx.writeBuffer()));
}
