/**
 * The bulk file as the console has it: one workbook, one sheet per campaign type, each with
 * its own columns (bulk-sheet.ts `BULK_SHEETS`). Written with the platform's SpreadsheetML
 * pieces (sheet-xml.ts, zip-writer.ts); the rows of every sheet are read before the reply
 * starts, so a failing query answers 452 and never a broken file. A bulk file holds the
 * entities that changes touched (bounded by the filtered history), so reading them at once
 * is fine.
 */
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { exportFailed } from '../../../platform/export/cursor';
import { type SheetColumn, SheetRows, SheetStyles, xmlText } from '../../../platform/export/sheet-xml';
import { neutralise } from '../../../platform/export/xlsx-stream';
import { ZipWriter } from '../../../platform/export/zip-writer';
import { type FileReply, streamedFile, XLSX_TYPE } from '../../../platform/http/file-reply';

export interface WorkbookSheet<R> {
  name: string;
  columns: readonly { header: string; value: (row: R) => string | number | null }[];
  query: SQL;
  map: (raw: Record<string, unknown>) => R;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The fixed parts of a workbook of `names.length` sheets (sheetN.xml in order). */
function parts(names: readonly string[]): Array<[string, string]> {
  const sheets = names.map((n, i) => ({ name: xmlText(n.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31)), n: i + 1 }));
  return [
    [
      '[Content_Types].xml',
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets
          .map(
            (s) =>
              `<Override PartName="/xl/worksheets/sheet${s.n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets>` +
        sheets.map((s) => `<sheet name="${s.name}" sheetId="${s.n}" r:id="rId${s.n}"/>`).join('') +
        '</sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        sheets.map((s) => `<Relationship Id="rId${s.n}" Type="${REL}/worksheet" Target="worksheets/sheet${s.n}.xml"/>`).join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
  ];
}

/**
 * The workbook of `sheets` (an xlsx attachment named `fileName`), a value the binder
 * streams; `written` runs once the whole file went out.
 */
export function bulkWorkbook<R>(
  db: DbOrTx,
  fileName: string,
  sheets: readonly WorkbookSheet<R>[],
  written?: () => Promise<void>,
): FileReply {
  return streamedFile(fileName, XLSX_TYPE, async () => {
    let data: R[][];
    try {
      data = [];
      for (const s of sheets) data.push((await db.execute(s.query)).rows.map((r) => s.map(r as Record<string, unknown>)));
    } catch (err) {
      throw Object.assign(exportFailed(), { cause: err });
    }
    return async (out) => {
      const columns: SheetColumn[][] = sheets.map((s) => s.columns.map((c) => ({ header: c.header, width: 16 })));
      const styles = new SheetStyles(columns.flat());
      const zip = new ZipWriter(out);
      for (const [name, xml] of parts(sheets.map((s) => s.name))) await zip.add(name, [xml]);
      await zip.add('xl/styles.xml', [styles.xml()]);
      for (const [i, s] of sheets.entries()) {
        const rows = new SheetRows(columns[i] ?? [], styles);
        const chunks = [rows.start()];
        for (const r of data[i] ?? []) chunks.push(rows.row(s.columns.map((c) => neutralise(c.value(r)))));
        chunks.push(rows.end());
        await zip.add(`xl/worksheets/sheet${i + 1}.xml`, chunks);
      }
      await zip.finish();
      await written?.();
    };
  });
}
