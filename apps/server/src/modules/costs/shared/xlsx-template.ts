/** Import templates: a small workbook with the kind's headers in the caller's language and one example row. */
import { type FileReply, fileOfBytes, XLSX_TYPE } from '../../../platform/http/file-reply';
import { loadExcel } from '../../../platform/runtime/lazy-deps';
import type { SheetColumn } from '../../imports/xlsx-read';
import type { Lang } from './costs-sql';

export async function sendTemplate<F extends string>(
  lang: Lang,
  fileName: string,
  columns: readonly SheetColumn<F>[],
  example: Record<F, string | number | Date>,
): Promise<FileReply> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(fileName);
  ws.columns = columns.map((c) => ({ header: lang === 'zh' ? c.zh : c.en, key: c.field, width: 20 }));
  ws.getRow(1).font = { bold: true };
  const row = ws.addRow(columns.map((c) => example[c.field]));
  columns.forEach((c, i) => {
    if (example[c.field] instanceof Date) row.getCell(i + 1).numFmt = 'yyyy-mm-dd';
  });
  // Any characters in the name (the templates have Chinese names): the binder sends it as RFC 5987.
  return fileOfBytes(`${fileName}.xlsx`, XLSX_TYPE, Buffer.from(await wb.xlsx.writeBuffer()));
}
