/** Queries of product models and their SKUs. */
import type { Product, ProductSku } from '@bo/contract/catalog/products';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet, likeContains, orderBy, type PageRequest, pageOf } from '../../../db/sql';
import { type ShopScope, shopIn } from '../../shops/shops/shop-scope';
import { lineAndChildren, num } from '../shared/catalog-sql';

export interface ProductFilter {
  keyword?: string | undefined;
  productLineId?: number | undefined;
  positionId?: number | undefined;
  categoryCode?: string | undefined;
  lifecycle?: number | undefined;
  sortField: string;
  sortOrder: 'asc' | 'desc';
}

const SORT: Record<string, SQL> = {
  model: sql`lower(p.model)`,
  name: sql`p.name`,
  nameEn: sql`lower(p.name_en)`,
  lifecycle: sql`p.lifecycle`,
  launchDate: sql`p.launch_date`,
  eolDate: sql`p.eol_date`,
  skuCount: sql`sku_count`,
  listingCount: sql`listing_count`,
  createdAt: sql`p.created_at`,
};

function where(f: ProductFilter): SQL {
  const parts: SQL[] = [sql`true`];
  const keyword = f.keyword?.trim();
  if (keyword) {
    const like = likeContains(keyword);
    parts.push(sql`(p.model ILIKE ${like} OR p.name ILIKE ${like} OR p.name_en ILIKE ${like}
      OR EXISTS (SELECT 1 FROM skus ks WHERE ks.product_id = p.id AND ks.sku ILIKE ${like}))`);
  }
  if (f.productLineId) parts.push(lineAndChildren(sql`p.product_line_id`, f.productLineId));
  if (f.positionId) parts.push(sql`p.position_id = ${f.positionId}`);
  if (f.categoryCode) parts.push(sql`p.category_code = ${f.categoryCode}`);
  if (f.lifecycle !== undefined) parts.push(sql`p.lifecycle = ${f.lifecycle}`);
  return sql.join(parts, sql` AND `);
}

/** Products with names of line and position and their counts; listings counted in the scope's shops only. */
function productsParts(f: ProductFilter, scope: ShopScope) {
  const select = sql`
    SELECT p.id, p.model, p.name, p.name_en, p.product_line_id, pl.name AS line_name, pl.name_en AS line_name_en,
           p.position_id, pp.name AS position_name, pp.name_en AS position_name_en, p.category_code, p.lifecycle,
           to_char(p.launch_date, 'YYYY-MM-DD') AS launch_date, to_char(p.eol_date, 'YYYY-MM-DD') AS eol_date,
           p.version, p.created_at,
           (SELECT count(*)::int FROM skus s WHERE s.product_id = p.id) AS sku_count,
           (SELECT count(*)::int FROM listings li JOIN skus s ON s.id = li.sku_id
             WHERE s.product_id = p.id AND ${shopIn(sql`li.shop_id`, scope)}) AS listing_count`;
  const from = sql`
      FROM products p
      LEFT JOIN product_lines pl ON pl.id = p.product_line_id
      LEFT JOIN product_positions pp ON pp.id = p.position_id
     WHERE ${where(f)}`;
  return { select, from, orderBy: orderBy(f.sortField, f.sortOrder, SORT, sql`p.id`) };
}

export function productsQuery(f: ProductFilter, scope: ShopScope): SQL {
  const q = productsParts(f, scope);
  return sql`${q.select} ${q.from} ORDER BY ${q.orderBy}`;
}

export const toProduct = (r: Record<string, unknown>): Product => ({
  id: Number(r.id),
  model: String(r.model),
  name: String(r.name),
  nameEn: String(r.name_en),
  productLineId: Number(r.product_line_id),
  productLineName: (r.line_name as string | null) ?? null,
  productLineNameEn: (r.line_name_en as string | null) ?? null,
  positionId: num(r.position_id),
  positionName: (r.position_name as string | null) ?? null,
  positionNameEn: (r.position_name_en as string | null) ?? null,
  categoryCode: String(r.category_code),
  lifecycle: Number(r.lifecycle),
  launchDate: (r.launch_date as string | null) ?? null,
  eolDate: (r.eol_date as string | null) ?? null,
  skuCount: Number(r.sku_count ?? 0),
  listingCount: Number(r.listing_count ?? 0),
  version: Number(r.version),
  createdAt: new Date(r.created_at as string).toISOString(),
});

export const pageOfProducts = (db: DbOrTx, f: ProductFilter, scope: ShopScope, page: PageRequest) =>
  pageOf(db, productsParts(f, scope), page);

export async function findProduct(db: DbOrTx, id: number, scope: ShopScope): Promise<Product | null> {
  const res = await db.execute(
    sql`SELECT * FROM (${productsQuery({ sortField: 'model', sortOrder: 'asc' }, scope)}) x WHERE x.id = ${id}`,
  );
  const row = res.rows[0] as Record<string, unknown> | undefined;
  return row ? toProduct(row) : null;
}

export interface ProductRow {
  id: number;
  model: string;
  lifecycle: number;
  launchDate: string | null;
  eolDate: string | null;
  version: number;
}

/** The product row, locked for the transaction. */
export async function lockProduct(tx: DbOrTx, id: number): Promise<(ProductRow & Record<string, unknown>) | null> {
  const res = await tx.execute<ProductRow & Record<string, unknown>>(sql`
    SELECT id, model, name, name_en AS "nameEn", product_line_id AS "productLineId", position_id AS "positionId",
           category_code AS "categoryCode", lifecycle, to_char(launch_date, 'YYYY-MM-DD') AS "launchDate",
           to_char(eol_date, 'YYYY-MM-DD') AS "eolDate", version
      FROM products WHERE id = ${id} FOR UPDATE`);
  return res.rows[0] ?? null;
}

/** Another product with the same model, case-insensitively. */
export async function modelTaken(db: DbOrTx, model: string, exceptId: number | null): Promise<boolean> {
  const res = await db.execute(
    sql`SELECT 1 FROM products WHERE lower(model) = lower(${model}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  );
  return res.rows.length > 0;
}

export async function lineExists(db: DbOrTx, id: number) {
  return (await db.execute(sql`SELECT 1 FROM product_lines WHERE id = ${id}`)).rows.length > 0;
}
export async function positionExists(db: DbOrTx, id: number) {
  return (await db.execute(sql`SELECT 1 FROM product_positions WHERE id = ${id}`)).rows.length > 0;
}

export interface ProductValues {
  model: string;
  name: string;
  nameEn: string;
  productLineId: number;
  positionId: number | null;
  categoryCode: string;
  lifecycle: number;
  launchDate: string | null;
  eolDate: string | null;
}

export async function insertProduct(tx: DbOrTx, v: ProductValues): Promise<number> {
  const res = await tx.execute<{ id: number }>(sql`
    INSERT INTO products (model, name, name_en, product_line_id, position_id, category_code, lifecycle, launch_date, eol_date)
    VALUES (${v.model}, ${v.name}, ${v.nameEn}, ${v.productLineId}, ${v.positionId}, ${v.categoryCode}, ${v.lifecycle},
            ${v.launchDate}, ${v.eolDate})
    RETURNING id`);
  return Number(res.rows[0]?.id);
}

export async function updateProductRow(tx: DbOrTx, id: number, v: ProductValues): Promise<void> {
  await tx.execute(sql`
    UPDATE products SET model = ${v.model}, name = ${v.name}, name_en = ${v.nameEn}, product_line_id = ${v.productLineId},
           position_id = ${v.positionId}, category_code = ${v.categoryCode}, lifecycle = ${v.lifecycle},
           launch_date = ${v.launchDate}, eol_date = ${v.eolDate}, version = version + 1
     WHERE id = ${id}`);
}

// ---- SKUs --------------------------------------------------------------------------------------

/** The SKUs of a product with today's unit cost and every listing count; listings of the scope's shops with today's fees. */
export async function skusOf(db: DbOrTx, productId: number, scope: ShopScope, today: string, skuId?: number) {
  const skus = await db.execute(sql`
    SELECT s.id, s.sku, s.variant, s.version,
           c.unit_cost, to_char(c.effective_from, 'YYYY-MM-DD') AS cost_from,
           (SELECT count(*)::int FROM listings li WHERE li.sku_id = s.id) AS listing_count
      FROM skus s
      LEFT JOIN LATERAL (SELECT unit_cost, effective_from FROM sku_costs sc
                          WHERE sc.sku_id = s.id AND sc.effective_from <= ${today}::date
                          ORDER BY sc.effective_from DESC LIMIT 1) c ON true
     WHERE s.product_id = ${productId} ${skuId ? sql`AND s.id = ${skuId}` : sql``}
     ORDER BY lower(s.sku), s.id`);
  const listings = await db.execute(sql`
    SELECT li.id, li.sku_id, li.shop_id, sh.name AS shop_name, li.market_id, li.asin, li.title, li.status, li.price,
           li.currency, f.referral_rate, f.fba_fee
      FROM listings li
      JOIN skus s ON s.id = li.sku_id
      JOIN shops sh ON sh.id = li.shop_id
      LEFT JOIN LATERAL (SELECT referral_rate, fba_fee FROM sku_fees sf
                          WHERE sf.sku_id = li.sku_id AND sf.market_id = li.market_id AND sf.effective_from <= ${today}::date
                          ORDER BY sf.effective_from DESC LIMIT 1) f ON true
     WHERE s.product_id = ${productId} AND ${shopIn(sql`li.shop_id`, scope)} ${skuId ? sql`AND s.id = ${skuId}` : sql``}
     ORDER BY li.market_id, sh.name, li.id`);
  const bySku = new Map<number, ProductSku['listings']>();
  for (const r of listings.rows as Record<string, unknown>[]) {
    const key = Number(r.sku_id);
    bySku.set(key, [
      ...(bySku.get(key) ?? []),
      {
        id: Number(r.id),
        shopId: Number(r.shop_id),
        shopName: String(r.shop_name),
        marketId: Number(r.market_id),
        asin: String(r.asin),
        title: String(r.title),
        status: Number(r.status),
        price: num(r.price),
        currency: String(r.currency),
        referralRate: num(r.referral_rate),
        fbaFee: num(r.fba_fee),
      },
    ]);
  }
  return (skus.rows as Record<string, unknown>[]).map(
    (r): ProductSku => ({
      id: Number(r.id),
      sku: String(r.sku),
      variant: String(r.variant),
      version: Number(r.version),
      unitCost: num(r.unit_cost),
      costFrom: (r.cost_from as string | null) ?? null,
      listingCount: Number(r.listing_count),
      listings: bySku.get(Number(r.id)) ?? [],
    }),
  );
}

export async function skuTaken(db: DbOrTx, sku: string): Promise<boolean> {
  return (await db.execute(sql`SELECT 1 FROM skus WHERE lower(sku) = lower(${sku})`)).rows.length > 0;
}

export async function insertSku(tx: DbOrTx, productId: number, sku: string, variant: string): Promise<number> {
  const res = await tx.execute<{ id: number }>(
    sql`INSERT INTO skus (sku, product_id, variant) VALUES (${sku}, ${productId}, ${variant}) RETURNING id`,
  );
  return Number(res.rows[0]?.id);
}

export async function lockSku(tx: DbOrTx, skuId: number) {
  const res = await tx.execute<{ id: number; sku: string; productId: number; variant: string; version: number }>(
    sql`SELECT id, sku, product_id AS "productId", variant, version FROM skus WHERE id = ${skuId} FOR UPDATE`,
  );
  return res.rows[0] ?? null;
}

export async function setSkuVariant(tx: DbOrTx, skuId: number, variant: string) {
  await tx.execute(sql`UPDATE skus SET variant = ${variant}, version = version + 1 WHERE id = ${skuId}`);
}

/** How many listings (in any shop) the given SKUs have. */
export async function listingsOfSkus(db: DbOrTx, skuIds: readonly number[]): Promise<number> {
  if (skuIds.length === 0) return 0;
  const res = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings WHERE sku_id IN ${intSet(skuIds)}`);
  return Number(res.rows[0]?.n ?? 0);
}

export async function skuIdsOf(db: DbOrTx, productId: number): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`SELECT id FROM skus WHERE product_id = ${productId} FOR UPDATE`);
  return res.rows.map((r) => Number(r.id));
}

/** Deletes SKUs with their cost and fee records (none of them may be listed). */
export async function deleteSkus(tx: DbOrTx, skuIds: readonly number[]): Promise<void> {
  if (skuIds.length === 0) return;
  await tx.execute(sql`DELETE FROM sku_costs WHERE sku_id IN ${intSet(skuIds)}`);
  await tx.execute(sql`DELETE FROM sku_fees WHERE sku_id IN ${intSet(skuIds)}`);
  await tx.execute(sql`DELETE FROM skus WHERE id IN ${intSet(skuIds)}`);
}

export async function deleteProductRow(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`DELETE FROM products WHERE id = ${id}`);
}
