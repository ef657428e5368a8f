/** Import templates: a small workbook with the kind's headers in the caller's language and one example row. */
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { SheetColumn } from '../../imports/xlsx-read';
import type { Lang } from './costs-sql';

/** RFC 5987 file name for any characters (the templates have Chinese names). */
const disposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export async function sendTemplate<F extends string>(
  reply: FastifyReply,
  lang: Lang,
  fileName: string,
  columns: readonly SheetColumn<F>[],
  example: Record<F, string | number | Date>,
): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(fileName);
  ws.columns = columns.map((c) => ({ header: lang === 'zh' ? c.zh : c.en, key: c.field, width: 20 }));
  ws.getRow(1).font = { bold: true };
  const row = ws.addRow(columns.map((c) => example[c.field]));
  columns.forEach((c, i) => {
    if (example[c.field] instanceof Date) row.getCell(i + 1).numFmt = 'yyyy-mm-dd';
  });
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  await reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', disposition(`${fileName}.xlsx`))
    .header('cache-control', 'no-store')
    .send(bytes);
}
