/**
 * Unit costs (/productCost). Rules:
 * - A SKU's unit cost is USD per unit from a day on; the latest entry on or before a day
 *   applies. One entry per SKU and day: setting a day that has one replaces it.
 * - Every change (set, delete, import, a BOM cost applied) recomputes the COGS of the
 *   SKU's sales facts on the days the entry governs, from its day until the SKU's next
 *   entry, and refreshes those rollups, in the same transaction (sales owns the facts:
 *   `recomputeCostsAndFees`).
 * - Company master data: no shop scoping; the permission decides who reads (product:cost).
 */
import type { EndpointQuery } from '@bo/contract';
import type * as ep from '@bo/contract/costs/unit-costs';
import { sql } from 'drizzle-orm';
import { poolOf, type Tx } from '../../../db/client';
import { pageOfQuery } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { streamXlsx } from '../../../platform/export/xlsx-stream';
import { type RecomputeResult, recomputeCostsAndFees } from '../../sales/facts/facts.service';
import {
  dayBefore,
  dayText,
  type Lang,
  lineFilter,
  num,
  orderBy,
  SKU_COLUMNS,
  SKU_JOINS,
  type SkuColumnsRow,
  skuColumns,
  skuKeyword,
  today,
  tr,
} from '../shared/costs-sql';
import { sendTemplate } from '../shared/xlsx-template';
import { COST_COLUMNS } from './unit-costs.import';

type ListQuery = EndpointQuery<typeof ep.listSkuCosts>;
type Filters = Omit<ListQuery, 'pageNum' | 'pageSize'>;

const SORT = {
  sku: sql`sk.sku`,
  model: sql`pr.model`,
  unitCost: sql`cur.unit_cost`,
  effectiveFrom: sql`cur.effective_from`,
  listings: sql`listings`,
} as const;

function listQuery(f: Filters) {
  const day = today();
  return sql`
    SELECT ${SKU_COLUMNS}, cur.unit_cost, to_char(cur.effective_from, 'YYYY-MM-DD') AS effective_from,
           (SELECT count(*) FROM listings li WHERE li.sku_id = sk.id)::int AS listings,
           (SELECT count(*) FROM sku_costs c WHERE c.sku_id = sk.id)::int AS entries
      FROM skus sk ${SKU_JOINS}
      LEFT JOIN LATERAL (SELECT c.unit_cost, c.effective_from FROM sku_costs c
                          WHERE c.sku_id = sk.id AND c.effective_from <= ${day}::date
                          ORDER BY c.effective_from DESC LIMIT 1) cur ON true
     WHERE true ${skuKeyword(f.keyword)}
       ${lineFilter(f.productLineId)}
       ${f.missing ? sql`AND cur.unit_cost IS NULL` : sql``}
     ORDER BY ${orderBy(SORT[f.sortField], f.sortOrder, sql`sk.id`)}`;
}

type Row = SkuColumnsRow & { unit_cost: string | null; effective_from: string | null; listings: number; entries: number };
const toRow = (r: Row) => ({
  ...skuColumns(r),
  listings: r.listings,
  unitCost: num(r.unit_cost),
  effectiveFrom: dayText(r.effective_from),
  entries: r.entries,
});

export async function list(ctx: AppContext, q: ListQuery) {
  const { rows, total } = await pageOfQuery<Row>(ctx.db, listQuery(q), q);
  return { list: rows.map(toRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function exportExcel(ctx: AppContext, q: Filters, lang: Lang) {
  const [sku, from, cost] = COST_COLUMNS;
  return streamXlsx<ReturnType<typeof toRow>>(poolOf(ctx.db), {
    fileName: `${tr(lang, '产品成本', 'unit-costs')}_${today()}.xlsx`,
    sheetName: tr(lang, '产品成本', 'Unit costs'),
    columns: [
      { header: tr(lang, sku.zh, sku.en), width: 22, value: (r) => r.sku },
      { header: tr(lang, from.zh, from.en), width: 14, value: (r) => r.effectiveFrom },
      { header: tr(lang, cost.zh, cost.en), width: 16, numFmt: '#,##0.0000', value: (r) => r.unitCost },
      { header: tr(lang, '型号', 'Model'), width: 14, value: (r) => r.model },
      {
        header: tr(lang, '产品线', 'Product line'),
        width: 18,
        value: (r) => (lang === 'zh' ? r.productLineName : r.productLineNameEn),
      },
      { header: tr(lang, 'Listing 数', 'Listings'), width: 10, value: (r) => r.listings },
    ],
    query: listQuery(q),
    map: (raw) => toRow(raw as Row),
  });
}

export const template = (lang: Lang) =>
  sendTemplate(lang, tr(lang, '产品成本导入模板', 'unit-cost-template'), COST_COLUMNS, {
    sku: 'H6199-US-5M',
    effectiveFrom: new Date(`${today()}T00:00:00Z`),
    unitCost: 7.25,
  });

async function skuHeader(ctx: AppContext | { db: Tx }, skuId: number) {
  const [row] = (await ctx.db.execute<SkuColumnsRow>(sql`SELECT ${SKU_COLUMNS} FROM skus sk ${SKU_JOINS} WHERE sk.id = ${skuId}`))
    .rows;
  if (!row) throw notFound('SKU not found');
  return skuColumns(row);
}

export async function history(ctx: AppContext, skuId: number) {
  const head = await skuHeader(ctx, skuId);
  const rows = (
    await ctx.db.execute<{ effective_from: string; unit_cost: string; next_from: string | null }>(sql`
      SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, unit_cost,
             to_char(lead(effective_from) OVER (ORDER BY effective_from), 'YYYY-MM-DD') AS next_from
        FROM sku_costs WHERE sku_id = ${skuId} ORDER BY effective_from DESC`)
  ).rows;
  return {
    ...head,
    entries: rows.map((r) => ({
      effectiveFrom: r.effective_from,
      effectiveTo: r.next_from ? dayBefore(r.next_from) : null,
      unitCost: Number(r.unit_cost),
    })),
  };
}

/** The first entry after a day (the end of the range an entry of that day governs). */
async function nextEntry(tx: Tx, skuId: number, day: string): Promise<string | null> {
  const [r] = (
    await tx.execute<{ d: string }>(sql`
      SELECT to_char(min(effective_from), 'YYYY-MM-DD') AS d FROM sku_costs WHERE sku_id = ${skuId} AND effective_from > ${day}::date`)
  ).rows;
  return r?.d ?? null;
}

/**
 * Write one unit-cost entry and recompute what it governs, in the caller's transaction.
 * The one write path of unit costs: the screen, the import and the BOM "apply" use it.
 */
export async function writeUnitCost(
  tx: Tx,
  actor: RequestActor,
  skuId: number,
  effectiveFrom: string,
  unitCost: string,
  source: string,
): Promise<{ created: boolean; changed: boolean; recomputed: RecomputeResult }> {
  const [sku] = (await tx.execute<{ id: number }>(sql`SELECT id FROM skus WHERE id = ${skuId} FOR SHARE`)).rows;
  if (!sku) throw notFound('SKU not found');
  const [before] = (
    await tx.execute<{ unit_cost: string }>(sql`
      SELECT unit_cost FROM sku_costs WHERE sku_id = ${skuId} AND effective_from = ${effectiveFrom}::date FOR UPDATE`)
  ).rows;
  const none = { facts: 0, shops: 0, firstDay: null, lastDay: null };
  if (before && Number(before.unit_cost) === Number(unitCost)) return { created: false, changed: false, recomputed: none };
  await tx.execute(sql`
    INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES (${skuId}, ${effectiveFrom}::date, ${unitCost})
    ON CONFLICT (sku_id, effective_from) DO UPDATE SET unit_cost = EXCLUDED.unit_cost`);
  const to = await nextEntry(tx, skuId, effectiveFrom);
  const recomputed = await recomputeCostsAndFees(tx, skuId, { from: effectiveFrom, to });
  await audit(tx, actor, {
    action: before ? 'update' : 'create',
    entity: 'sku_cost',
    entityId: `${skuId}/${effectiveFrom}`,
    before: before ? { unitCost: before.unit_cost } : undefined,
    after: { unitCost, source, recomputedFacts: recomputed.facts },
  });
  return { created: !before, changed: true, recomputed };
}

export async function set(
  ctx: AppContext,
  actor: RequestActor,
  body: { skuId: number; effectiveFrom: string; unitCost: number },
) {
  return ctx.db.transaction(async (tx) => {
    const r = await writeUnitCost(tx, actor, body.skuId, body.effectiveFrom, body.unitCost.toFixed(4), 'screen');
    return { created: r.created, recomputed: r.recomputed };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, skuId: number, effectiveFrom: string) {
  return ctx.db.transaction(async (tx) => {
    const [gone] = (
      await tx.execute<{ unit_cost: string }>(sql`
        DELETE FROM sku_costs WHERE sku_id = ${skuId} AND effective_from = ${effectiveFrom}::date RETURNING unit_cost`)
    ).rows;
    if (!gone) throw notFound('no unit cost of this SKU from that day');
    const to = await nextEntry(tx, skuId, effectiveFrom);
    const recomputed = await recomputeCostsAndFees(tx, skuId, { from: effectiveFrom, to });
    await audit(tx, actor, {
      action: 'delete',
      entity: 'sku_cost',
      entityId: `${skuId}/${effectiveFrom}`,
      before: { unitCost: gone.unit_cost },
      after: { recomputedFacts: recomputed.facts },
    });
    return { recomputed };
  });
}
