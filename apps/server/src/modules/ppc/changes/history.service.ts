/**
 * The change history: its page and the bulk sheet of one shop's changes (the console's
 * upload format), both limited to the caller's shop scope.
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { narrowScope, type ShopScope } from '../../shops/shops/shop-scope';
import { BULK_SHEETS, type BulkRow, bulkSheetQuery } from './bulk-sheet';
import { sendWorkbook } from './bulk-workbook';
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

/** One sheet per campaign type, each in its own layout; the rows written are marked exported. */
export async function sendBulkSheet(
  ctx: AppContext,
  scope: ShopScope,
  q: ChangeFilter & { shopId: number },
  reply: FastifyReply,
): Promise<void> {
  // A shop outside the scope gives an empty sheet, like a filter that matches nothing.
  const where = changeFilter(narrowScope(scope, q.shopId), q);
  await sendWorkbook<BulkRow>(
    ctx.db,
    reply,
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
  );
  await markExported(ctx.db, where);
}
