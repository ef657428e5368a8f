/**
 * Bills of materials (/bomcost). Rules:
 * - BOM cost of a SKU on a day = Σ quantity × the material's price on that day × the USD
 *   rate of the material's currency on that day (each the latest on or before the day,
 *   the rate from `exchange_rates`) + labour + overhead (USD per unit), rounded to 4
 *   decimals like a unit cost. A material without a price or rate makes it incomplete (null).
 * - Applying a BOM cost writes it as the SKU's unit cost from a day through the unit-cost
 *   path, so the COGS of the sales facts are recomputed.
 * - BOMs are written by the import only (one SKU's BOM replaced as a whole).
 */
import type { EndpointQuery } from '@bo/contract';
import type * as ep from '@bo/contract/costs/boms';
import { type SQL, sql } from 'drizzle-orm';
import { poolOf } from '../../../db/client';
import { pageOfQuery } from '../../../db/sql';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { badRequest, notFound } from '../../../platform/errors';
import { named } from '../../../platform/export/lang';
import { streamXlsx } from '../../../platform/export/xlsx-stream';
import { rateAsOf } from '../../sales/facts/facts.service';
import {
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
import { writeUnitCost } from '../unit-costs/unit-costs.service';
import { BOM_COLUMNS } from './bom.import';

type ListQuery = EndpointQuery<typeof ep.listBoms>;
type Filters = Omit<ListQuery, 'pageNum' | 'pageSize'>;

/** Every BOM line with its price and rate on the day (aliases: bi, m). */
const linesOn = (day: string, where: SQL = sql`true`) => sql`
  SELECT bi.sku_id, m.id AS material_id, m.code, m.name, m.name_en, m.unit, m.currency, bi.quantity,
         pr.unit_price, to_char(pr.effective_from, 'YYYY-MM-DD') AS price_from,
         ${rateAsOf(sql`m.currency`, sql`${day}::date`)} AS rate
    FROM bom_items bi JOIN materials m ON m.id = bi.material_id
    LEFT JOIN LATERAL (SELECT p.unit_price, p.effective_from FROM material_prices p
                        WHERE p.material_id = m.id AND p.effective_from <= ${day}::date
                        ORDER BY p.effective_from DESC LIMIT 1) pr ON true
   WHERE ${where}`;

function bomQuery(day: string, where: SQL) {
  return sql`
    SELECT ${SKU_COLUMNS}, b.labour, b.overhead, b.version, b.updated_at,
           coalesce(agg.items, 0)::int AS items, coalesce(agg.missing, '{}') AS missing,
           CASE WHEN coalesce(agg.complete, true)
                THEN round(coalesce(agg.material_cost, 0) + b.labour + b.overhead, 4) END AS bom_cost,
           uc.unit_cost
      FROM boms b JOIN skus sk ON sk.id = b.sku_id ${SKU_JOINS}
      LEFT JOIN (SELECT l.sku_id, count(*) AS items, sum(l.quantity * l.unit_price * l.rate) AS material_cost,
                        bool_and(l.unit_price IS NOT NULL AND l.rate IS NOT NULL) AS complete,
                        array_agg(l.code ORDER BY l.code) FILTER (WHERE l.unit_price IS NULL OR l.rate IS NULL) AS missing
                   FROM (${linesOn(day)}) l GROUP BY l.sku_id) agg ON agg.sku_id = b.sku_id
      LEFT JOIN LATERAL (SELECT c.unit_cost FROM sku_costs c WHERE c.sku_id = b.sku_id AND c.effective_from <= ${day}::date
                          ORDER BY c.effective_from DESC LIMIT 1) uc ON true
     WHERE ${where}`;
}

const SORT = {
  sku: sql`x.sku`,
  model: sql`x.model`,
  items: sql`x.items`,
  bomCost: sql`x.bom_cost`,
  unitCost: sql`x.unit_cost`,
  difference: sql`(x.bom_cost - x.unit_cost)`,
} as const;

function listQuery(f: Filters) {
  const day = f.day ?? today();
  const where = sql`true ${skuKeyword(f.keyword)} ${lineFilter(f.productLineId)}`;
  return sql`
    SELECT x.* FROM (${bomQuery(day, where)}) x
     WHERE true ${f.differs ? sql`AND x.bom_cost IS DISTINCT FROM x.unit_cost` : sql``}
     ORDER BY ${orderBy(SORT[f.sortField], f.sortOrder, sql`x.sku_id`)}`;
}

type Row = SkuColumnsRow & {
  labour: string;
  overhead: string;
  version: number;
  updated_at: string | Date;
  items: number;
  missing: string[];
  bom_cost: string | null;
  unit_cost: string | null;
};
const toRow = (r: Row) => {
  const bomCost = num(r.bom_cost);
  const unitCost = num(r.unit_cost);
  return {
    ...skuColumns(r),
    items: r.items,
    labour: Number(r.labour),
    overhead: Number(r.overhead),
    bomCost,
    missing: r.missing ?? [],
    unitCost,
    difference: bomCost !== null && unitCost !== null ? Math.round((bomCost - unitCost) * 10_000) / 10_000 : null,
    version: r.version,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
};

export async function list(ctx: AppContext, q: ListQuery) {
  const { rows, total } = await pageOfQuery<Row>(ctx.db, listQuery(q), q);
  return { list: rows.map(toRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

interface LineRow extends Record<string, unknown> {
  sku_id: number;
  material_id: number;
  code: string;
  name: string;
  name_en: string;
  unit: string;
  currency: string;
  quantity: string;
  unit_price: string | null;
  price_from: string | null;
  rate: string | null;
}
const toLine = (l: LineRow) => {
  const price = num(l.unit_price);
  const rate = num(l.rate);
  const quantity = Number(l.quantity);
  return {
    materialId: l.material_id,
    code: l.code,
    name: l.name,
    nameEn: l.name_en,
    unit: l.unit,
    currency: l.currency,
    quantity,
    unitPrice: price,
    priceFrom: l.price_from,
    rate,
    lineCost: price !== null && rate !== null ? Math.round(quantity * price * rate * 10_000) / 10_000 : null,
  };
};

export async function get(ctx: AppContext, skuId: number, day = today()) {
  const [row] = (await ctx.db.execute<Row>(bomQuery(day, sql`b.sku_id = ${skuId}`))).rows;
  if (!row) throw notFound('this SKU has no bill of materials');
  const lines = (await ctx.db.execute<LineRow>(sql`${linesOn(day, sql`bi.sku_id = ${skuId}`)} ORDER BY m.code`)).rows;
  return { ...toRow(row), day, lines: lines.map(toLine) };
}

export async function apply(ctx: AppContext, actor: RequestActor, skuId: number, effectiveFrom: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = (await tx.execute<Row>(bomQuery(effectiveFrom, sql`b.sku_id = ${skuId}`))).rows;
    if (!row) throw notFound('this SKU has no bill of materials');
    if (row.bom_cost === null) {
      throw badRequest(
        `the BOM cost on ${effectiveFrom} is incomplete: no price or exchange rate for ${(row.missing ?? []).join(', ')}`,
      );
    }
    const r = await writeUnitCost(tx, actor, skuId, effectiveFrom, Number(row.bom_cost).toFixed(4), 'bom');
    return { unitCost: Number(row.bom_cost), created: r.created, recomputed: r.recomputed };
  });
}

export async function exportExcel(ctx: AppContext, q: Filters, lang: Lang) {
  const day = q.day ?? today();
  const [sku, code, qty, labour, overhead] = BOM_COLUMNS;
  const h = (c: { zh: string; en: string }) => tr(lang, c.zh, c.en);
  type L = ReturnType<typeof toLine> & { sku: string; labour: number; overhead: number; bomCost: number | null };
  return streamXlsx<L>(poolOf(ctx.db), {
    fileName: `${tr(lang, 'BOM成本', 'bom-costs')}_${day}.xlsx`,
    sheetName: 'BOM',
    columns: [
      { header: h(sku), width: 22, value: (r) => r.sku },
      { header: h(code), width: 16, value: (r) => r.code },
      { header: h(qty), width: 10, numFmt: '#,##0.####', value: (r) => r.quantity },
      { header: h(labour), width: 12, numFmt: '#,##0.0000', value: (r) => r.labour },
      { header: h(overhead), width: 12, numFmt: '#,##0.0000', value: (r) => r.overhead },
      { header: tr(lang, '物料名称', 'Material name'), width: 24, value: (r) => named(lang, r.name, r.nameEn) },
      { header: tr(lang, '币种', 'Currency'), width: 8, value: (r) => r.currency },
      { header: tr(lang, `单价(${day})`, `Unit price (${day})`), width: 14, numFmt: '#,##0.0000', value: (r) => r.unitPrice },
      { header: tr(lang, '行成本(USD)', 'Line cost (USD)'), width: 14, numFmt: '#,##0.0000', value: (r) => r.lineCost },
      { header: tr(lang, 'BOM成本(USD)', 'BOM cost (USD)'), width: 14, numFmt: '#,##0.0000', value: (r) => r.bomCost },
    ],
    query: sql`
      SELECT l.*, x.sku, x.labour, x.overhead, x.bom_cost
        FROM (${listQuery(q)}) x JOIN (${linesOn(day)}) l ON l.sku_id = x.sku_id
       ORDER BY ${orderBy(SORT[q.sortField], q.sortOrder, sql`x.sku_id`)}, l.code`,
    map: (raw) => {
      const r = raw as LineRow & { sku: string; labour: string; overhead: string; bom_cost: string | null };
      return { ...toLine(r), sku: r.sku, labour: Number(r.labour), overhead: Number(r.overhead), bomCost: num(r.bom_cost) };
    },
  });
}

export const template = (lang: Lang) =>
  sendTemplate(lang, tr(lang, 'BOM导入模板', 'bom-template'), BOM_COLUMNS, {
    sku: 'H6199-US-5M',
    materialCode: 'LED-5050-RGB',
    quantity: 60,
    labour: 0.8,
    overhead: 0.35,
  });
