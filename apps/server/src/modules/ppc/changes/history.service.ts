/**
 * The change history: its page and the bulk sheet of one shop's changes (the console's
 * upload format), both limited to the caller's shop scope.
 */
import type { AppContext } from '../../../platform/context';
import { narrowScope, type ShopScope } from '../../shops/shops/shop-scope';
import { BULK_SHEETS, type BulkRow, bulkSheetQuery } from './bulk-sheet';
import { bulkWorkbook } from './bulk-workbook';
import { type ChangeFilter, changeFilter, countChanges, markExported } from './changes.repository';
import { presentChanges } from './changes.service';

export async function listChanges(ctx: AppContext, scope: ShopScope, q: ChangeFilter & { pageNum: number; pageSize: number }) {
  const { pageNum, pageSize } = q;
  if (!scope.shopIds.length) return { list: [], total: 0, pageNum, pageSize };
  const where = changeFilter(scope, q);
  const [list, total] = await Promise.all([
    presentChanges(ctx.db, where, pageSize, (pageNum - 1) * pageSize),
    countChanges(ctx.db, where),
  ]);
  return { list, total, pageNum, pageSize };
}

/** One sheet per campaign type, each in its own layout; once the file has gone out, its rows are marked exported. */
export function bulkSheet(ctx: AppContext, scope: ShopScope, q: ChangeFilter & { shopId: number }) {
  // A shop outside the scope gives an empty sheet, like a filter that matches nothing.
  const where = changeFilter(narrowScope(scope, q.shopId), q);
  return bulkWorkbook<BulkRow>(
    ctx.db,
    `bulk-changes_${q.shopId}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    BULK_SHEETS.map((s) => ({
      name: s.name,
      query: bulkSheetQuery(where, s.type),
      map: (raw) => raw as unknown as BulkRow,
      columns: s.headers.map((header: string) => ({
        header,
        value: (s.cells as Partial<Record<string, (r: BulkRow) => string | number | null>>)[header] ?? (() => null),
      })),
    })),
    () => markExported(ctx.db, where),
  );
}
