/** Queries of product links (the listings table). */
import type { ProductLink } from '@bo/contract/catalog/links';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains, orderBy, type PageRequest, pageOf } from '../../../db/sql';
import { type ShopScope, shopIn } from '../../shops/shops/shop-scope';
import { lineAndChildren, num } from '../shared/catalog-sql';

export interface LinkFilter {
  keyword?: string | undefined;
  shopId?: number | undefined;
  marketId?: number | undefined;
  status?: number | undefined;
  productLineId?: number | undefined;
  sortField: string;
  sortOrder: 'asc' | 'desc';
}

const SORT: Record<string, SQL> = {
  sku: sql`lower(s.sku)`,
  asin: sql`li.asin`,
  shopName: sql`sh.name`,
  marketId: sql`li.market_id`,
  price: sql`li.price`,
  status: sql`li.status`,
  createdAt: sql`li.created_at`,
};

const FROM = sql`
    FROM listings li
    JOIN skus s ON s.id = li.sku_id
    JOIN products p ON p.id = s.product_id
    JOIN shops sh ON sh.id = li.shop_id
    LEFT JOIN product_lines pl ON pl.id = p.product_line_id`;

const SELECT = sql`
  SELECT li.id, li.sku_id, s.sku, s.variant, p.id AS product_id, p.model, p.product_line_id, pl.name AS line_name,
         pl.name_en AS line_name_en, li.shop_id, sh.name AS shop_name, li.market_id, li.asin, li.title, li.price, li.currency,
         li.status, li.version, li.created_at`;

function where(f: LinkFilter, scope: ShopScope): SQL {
  const parts: SQL[] = [shopIn(sql`li.shop_id`, scope)];
  const keyword = f.keyword?.trim();
  if (keyword) {
    const like = likeContains(keyword);
    // Every arm on the listing itself, so each is a trigram index (migration 0038) and
    // PostgreSQL ORs their bitmaps: an SKU or ASIN search reads the few rows it finds. The
    // SKU arm asks for the matching SKUs' ids first (skus_sku_trgm).
    parts.push(
      sql`(li.sku_id = ANY(ARRAY(SELECT k.id FROM skus k WHERE k.sku ILIKE ${like})) OR li.asin ILIKE ${like} OR li.title ILIKE ${like})`,
    );
  }
  if (f.shopId) parts.push(sql`li.shop_id = ${f.shopId}`);
  if (f.marketId !== undefined) parts.push(sql`li.market_id = ${f.marketId}`);
  if (f.status !== undefined) parts.push(sql`li.status = ${f.status}`);
  if (f.productLineId) parts.push(lineAndChildren(sql`p.product_line_id`, f.productLineId));
  return sql.join(parts, sql` AND `);
}

export const toLink = (r: Record<string, unknown>): ProductLink => ({
  id: Number(r.id),
  skuId: Number(r.sku_id),
  sku: String(r.sku),
  variant: String(r.variant),
  productId: Number(r.product_id),
  model: String(r.model),
  productLineId: Number(r.product_line_id),
  productLineName: (r.line_name as string | null) ?? null,
  productLineNameEn: (r.line_name_en as string | null) ?? null,
  shopId: Number(r.shop_id),
  shopName: String(r.shop_name),
  marketId: Number(r.market_id),
  asin: String(r.asin),
  title: String(r.title),
  price: num(r.price),
  currency: String(r.currency),
  status: Number(r.status),
  version: Number(r.version),
  createdAt: new Date(r.created_at as string).toISOString(),
});

/**
 * Without a product line, the filter reads only the listing (and its shop; the keyword's SKU
 * arm is a subquery): a listing has exactly one SKU and product (foreign keys), so the
 * listings of the visible shops are counted from one table, beside the page, which walks the
 * sort's index when there is one. A product line needs the product: then one statement with
 * the window count.
 */
const narrowCount = (f: LinkFilter, scope: ShopScope): SQL | undefined =>
  f.productLineId ? undefined : sql`FROM listings li JOIN shops sh ON sh.id = li.shop_id WHERE ${where(f, scope)}`;

export const pageOfLinks = (db: DbOrTx, f: LinkFilter, scope: ShopScope, page: PageRequest) =>
  pageOf(
    db,
    {
      select: SELECT,
      from: sql`${FROM} WHERE ${where(f, scope)}`,
      orderBy: orderBy(f.sortField, f.sortOrder, SORT, sql`li.id`),
      count: narrowCount(f, scope),
    },
    page,
  );

export async function findLink(db: DbOrTx, id: number, scope: ShopScope): Promise<ProductLink | null> {
  const res = await db.execute(sql`${SELECT} ${FROM} WHERE li.id = ${id} AND ${shopIn(sql`li.shop_id`, scope)}`);
  const row = res.rows[0] as Record<string, unknown> | undefined;
  return row ? toLink(row) : null;
}

export async function skuOptions(db: DbOrTx, keyword: string) {
  const like = likeContains(keyword) ?? '%';
  const res = await db.execute<{ id: number; sku: string; variant: string; model: string }>(sql`
    SELECT s.id, s.sku, s.variant, p.model FROM skus s JOIN products p ON p.id = s.product_id
     WHERE s.sku ILIKE ${like} OR p.model ILIKE ${like}
     ORDER BY lower(s.sku), s.id LIMIT 50`);
  return res.rows.map((r) => ({ id: Number(r.id), sku: r.sku, variant: r.variant, model: r.model }));
}

/** The SKU, locked against deletion for the transaction. */
export async function skuForLink(tx: DbOrTx, skuId: number) {
  const res = await tx.execute<{ id: number; sku: string }>(sql`SELECT id, sku FROM skus WHERE id = ${skuId} FOR KEY SHARE`);
  return res.rows[0] ?? null;
}

export async function shopOf(db: DbOrTx, shopId: number) {
  const res = await db.execute<{ id: number; name: string; marketId: number }>(
    sql`SELECT id, name, market_id AS "marketId" FROM shops WHERE id = ${shopId}`,
  );
  return res.rows[0] ?? null;
}

export async function shopListsSku(db: DbOrTx, shopId: number, skuId: number, exceptId: number | null = null) {
  const res = await db.execute(
    sql`SELECT 1 FROM listings WHERE shop_id = ${shopId} AND sku_id = ${skuId} ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  );
  return res.rows.length > 0;
}

export interface LinkValues {
  asin: string;
  title: string;
  price: number | null;
  status: number;
}

export async function insertLink(
  tx: DbOrTx,
  v: LinkValues & { shopId: number; skuId: number; marketId: number; currency: string },
): Promise<number | null> {
  const res = await tx.execute<{ id: number }>(sql`
    INSERT INTO listings (shop_id, sku_id, asin, market_id, title, price, currency, status)
    VALUES (${v.shopId}, ${v.skuId}, ${v.asin}, ${v.marketId}, ${v.title}, ${v.price}, ${v.currency}, ${v.status})
    ON CONFLICT (shop_id, sku_id) DO NOTHING RETURNING id`);
  return res.rows[0] ? Number(res.rows[0].id) : null;
}

export async function lockLink(tx: DbOrTx, id: number, scope: ShopScope) {
  const res = await tx.execute<{
    id: number;
    shopId: number;
    skuId: number;
    asin: string;
    title: string;
    price: string | null;
    status: number;
    version: number;
  }>(sql`
    SELECT id, shop_id AS "shopId", sku_id AS "skuId", asin, title, price, status, version
      FROM listings WHERE id = ${id} AND ${shopIn(sql`shop_id`, scope)} FOR UPDATE`);
  return res.rows[0] ?? null;
}

export async function updateLinkRow(tx: DbOrTx, id: number, v: LinkValues) {
  await tx.execute(sql`
    UPDATE listings SET asin = ${v.asin}, title = ${v.title}, price = ${v.price}, status = ${v.status}, version = version + 1
     WHERE id = ${id}`);
}

/**
 * Whether any sales record points at the listing: facts (found through their primary key
 * (listing_id, day), not a scan), cost inductions, or multi-day report totals.
 */
export async function hasSales(db: DbOrTx, id: number): Promise<boolean> {
  const res = await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM sales_facts WHERE listing_id = ${id})
        OR EXISTS (SELECT 1 FROM cost_inductions WHERE listing_id = ${id})
        OR EXISTS (SELECT 1 FROM sales_period_totals WHERE listing_id = ${id}) AS yes`);
  return Boolean((res.rows[0] as { yes?: boolean } | undefined)?.yes);
}

export async function deleteLinkRow(tx: DbOrTx, id: number) {
  await tx.execute(sql`DELETE FROM listings WHERE id = ${id}`);
}
