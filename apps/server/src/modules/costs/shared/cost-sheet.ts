/**
 * What the four cost imports (unit costs, fees, materials, BOMs) share when they read a
 * sheet: the sheet itself, a field's header as the file wrote it (so a problem names the
 * column the user sees), the SKUs its rows name, and the parse answer built from the
 * records they made of it.
 */
import type { RecordRow } from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { AppContext } from '../../../platform/context';
import { catalogSkus } from '../../catalog/catalog.reads';
import type { CompanyParseResult } from '../../imports/import-kinds';
import type { RowProblem } from '../../imports/parsers/types';
import { type Cell, readSheetOffThread, type SheetColumn } from '../../imports/xlsx-read';

/** SKU code (upper case) → id, for the codes given. */
export async function skuIds(db: AppContext['db'] | Tx, codes: readonly string[]) {
  const res = await db.execute<{ id: number; sku: string }>(sql`
    SELECT id, sku FROM ${catalogSkus} sk WHERE upper(sku) IN (SELECT upper(x) FROM jsonb_array_elements_text(${JSON.stringify([...new Set(codes)])}::jsonb) x)`);
  return new Map(res.rows.map((r) => [r.sku.toUpperCase(), { id: r.id, sku: r.sku }]));
}

/** The SKUs named in the rows' SKU column, as `skuIds` answers them. */
export const skusOfRows = (db: AppContext['db'] | Tx, rows: readonly { cells: Partial<Record<'sku', Cell>> }[]) =>
  skuIds(
    db,
    rows.map((r) => String(r.cells.sku ?? '').trim()),
  );

export function problemAt(errors: RowProblem[], line: number, column: string | undefined, message: string) {
  errors.push({ line, ...(column ? { column } : {}), message });
}

/**
 * Reads a cost sheet off the main thread. `errors` and `warnings` are the sheet's own lists,
 * so the problems a parser adds to them are the ones `result` answers.
 */
export async function readCostSheet<F extends string>(bytes: Buffer, columns: readonly SheetColumn<F>[], kind: string) {
  const sheet = await readSheetOffThread(bytes, columns, kind);
  return {
    sheet,
    errors: sheet.errors,
    warnings: sheet.warnings,
    col: (f: F) => sheet.headerOf[f] ?? f,
    result: (records: RecordRow[]): CompanyParseResult => ({
      variant: sheet.variant,
      locale: sheet.locale,
      fingerprint: sheet.fingerprint,
      unknownHeader: sheet.unknownHeader,
      records,
      errors: sheet.errors,
      warnings: sheet.warnings,
    }),
  };
}
