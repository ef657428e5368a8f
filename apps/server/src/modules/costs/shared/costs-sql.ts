/** SQL pieces the cost screens share: the SKU's columns, today's date, keyword and ordering. */
import { type SQL, sql } from 'drizzle-orm';
import { likeContains } from '../../../db/sql';

/** Today (UTC), the day "in force today" is taken on. */
export const today = () => new Date().toISOString().slice(0, 10);

/** Joins of a SKU (aliased sk) to its product (pr) and product line (pl). */
export const SKU_JOINS = sql`JOIN products pr ON pr.id = sk.product_id JOIN product_lines pl ON pl.id = pr.product_line_id`;

export const SKU_COLUMNS = sql`sk.id AS sku_id, sk.sku, pr.model, pr.name AS product_name, pr.name_en AS product_name_en,
  pr.product_line_id, pl.name AS product_line_name, pl.name_en AS product_line_name_en, pr.lifecycle`;

export interface SkuColumnsRow extends Record<string, unknown> {
  sku_id: number;
  sku: string;
  model: string;
  product_name: string;
  product_name_en: string;
  product_line_id: number;
  product_line_name: string;
  product_line_name_en: string;
  lifecycle: number;
}

export const skuColumns = (r: SkuColumnsRow) => ({
  skuId: r.sku_id,
  sku: r.sku,
  model: r.model,
  productName: r.product_name,
  productNameEn: r.product_name_en,
  productLineId: r.product_line_id,
  productLineName: r.product_line_name,
  productLineNameEn: r.product_line_name_en,
  lifecycle: Number(r.lifecycle),
});

/** A LIKE pattern matching the text anywhere, with % and _ taken literally. */
/** SKU or model containing the keyword. */
export const skuKeyword = (keyword: string | undefined): SQL =>
  keyword ? sql`AND (sk.sku ILIKE ${likeContains(keyword)} OR pr.model ILIKE ${likeContains(keyword)})` : sql``;

/** ORDER BY a whitelisted expression, NULLs last either way, then a unique tie-break. */
export const orderBy = (expr: SQL, order: 'asc' | 'desc', tieBreak: SQL): SQL =>
  sql`${expr} ${order === 'desc' ? sql`DESC` : sql`ASC`} NULLS LAST, ${tieBreak}`;

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const dayText = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

/** The day before an ISO date. */
export const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export { type ExportLang as Lang, exportLang as langOf, tr } from '../../../platform/export/lang';

/** A product line and its child lines (products hang on the leaves; a filter may name a parent). */
export const lineFilter = (productLineId: number | undefined): SQL =>
  productLineId
    ? sql`AND pr.product_line_id IN (SELECT id FROM product_lines WHERE id = ${productLineId} OR parent_id = ${productLineId})`
    : sql``;
