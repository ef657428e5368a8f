import { ERROR_CODES, ppcChanges as ep, STATUS } from '@bo/contract';
import { BULK_PERCENT_RANGE } from '@bo/contract/ppc/changes';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { anyInt } from '../../../db/sql';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { bind, demoDone } from '../../../platform/http/binder';
import { visibleShopIds } from '../../shops/shops/shops.service';
import { BULK_SHEETS, type BulkRow, bulkSheetQuery } from './bulk-sheet';
import { bulkWorkbook } from './bulk-workbook';
import { type ApplyResult, applyChanges, presentChanges, undoChanges } from './changes.service';

type Filter = Omit<z.infer<typeof ep.changesQuery>, 'pageNum' | 'pageSize'>;

/** The history filter on `ch` (changes) for the shops the caller sees. */
function filterSql(shops: readonly number[], q: Filter): SQL {
  const parts: SQL[] = [sql`ch.shop_id = ${anyInt(shops)}`];
  if (q.shopId !== undefined) parts.push(sql`ch.shop_id = ${q.shopId}`);
  if (q.campaignType) parts.push(sql`ch.campaign_type = ${q.campaignType}`);
  if (q.entityType) parts.push(sql`ch.entity_type = ${q.entityType}`);
  if (q.entityId !== undefined) parts.push(sql`ch.entity_id = ${q.entityId}`);
  if (q.campaignId !== undefined) parts.push(sql`ch.campaign_id = ${q.campaignId}`);
  if (q.source) parts.push(sql`ch.source = ${q.source}`);
  if (q.ruleId !== undefined) parts.push(sql`ch.rule_id = ${q.ruleId}`);
  if (q.batchId !== undefined) parts.push(sql`ch.batch_id = ${q.batchId}`);
  if (q.startDate) parts.push(sql`ch.created_at >= ${q.startDate}::date`);
  if (q.endDate) parts.push(sql`ch.created_at < ${q.endDate}::date + 1`);
  return sql.join(parts, sql` AND `);
}

/** Changes of the marketplace: applied here, and in demo mode answered with 252. */
export function changeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const answer = async (r: ApplyResult) => {
    const applied = r.changeIds.length ? await presentChanges(ctx.db, sql`ch.id = ${anyInt(r.changeIds)}`, 1000, 0) : [];
    const data = { batchId: r.batchId, applied, unchanged: r.unchanged };
    return ctx.config.DEMO_MODE && applied.length ? demoDone(data) : data;
  };

  bind(app, ep.applyChanges, async ({ body, actor }) => {
    if (body.percent !== undefined && (body.percent < BULK_PERCENT_RANGE.min || body.percent > BULK_PERCENT_RANGE.max)) {
      const message = `The percent change must be between ${BULK_PERCENT_RANGE.min} % and +${BULK_PERCENT_RANGE.max.toLocaleString('en-US')} % (got ${body.percent} %)`;
      throw new AppError(STATUS.BAD_REQUEST, ERROR_CODES.VALIDATION, message, { fields: [{ path: 'percent', message }] });
    }
    const shops = await visibleShopIds(ctx, actor);
    const r = await ctx.db.transaction((tx) =>
      applyChanges(
        tx,
        shops,
        { source: 'manual', actor, note: body.note ?? null, confirmed: body.confirmed === true },
        body.changes,
      ),
    );
    return answer(r);
  });

  bind(app, ep.undoChanges, async ({ body, actor }) => {
    const shops = await visibleShopIds(ctx, actor);
    const r = await ctx.db.transaction((tx) => undoChanges(tx, shops, actor, body));
    return answer(r);
  });

  bind(app, ep.listChanges, async ({ query, actor }) => {
    const shops = await visibleShopIds(ctx, actor);
    const { pageNum, pageSize } = query;
    if (!shops.length) return { list: [], total: 0, pageNum, pageSize };
    const where = filterSql(shops, query);
    const [list, total] = await Promise.all([
      presentChanges(ctx.db, where, pageSize, (pageNum - 1) * pageSize),
      ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ppc_changes ch WHERE ${where}`),
    ]);
    return { list, total: total.rows[0]?.n ?? 0, pageNum, pageSize };
  });

  bind(app, ep.changesBulkSheet, async ({ query, actor }) => {
    const shops = (await visibleShopIds(ctx, actor)).filter((id) => id === query.shopId);
    // An invisible shop gives an empty sheet, like a filter that matches nothing.
    const where = filterSql(shops.length ? shops : [0], query);
    // One sheet per campaign type, each in its own layout, as the console's bulk file.
    return bulkWorkbook<BulkRow>(
      ctx.db,
      `bulk-changes_${query.shopId}_${new Date().toISOString().slice(0, 10)}.xlsx`,
      BULK_SHEETS.map((s) => ({
        name: s.name,
        query: bulkSheetQuery(where, s.type),
        map: (raw) => raw as unknown as BulkRow,
        columns: s.headers.map((header: string) => ({
          header,
          value: (s.cells as Partial<Record<string, (r: BulkRow) => string | number | null>>)[header] ?? (() => null),
        })),
      })),
      async () => {
        await ctx.db.execute(sql`UPDATE ppc_changes ch SET exported_at = now() WHERE ${where}`);
      },
    );
  });
}
