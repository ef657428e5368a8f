/**
 * `sales/rest/v1/skuBoard/skuNameList` (spec §7 "Projects", other reads): the seller SKUs of
 * the caller's shops with their product model and names, for a picker (the project form's SKUs).
 * Names only; an external shop account finds only its own shops' SKUs.
 */
import type { SkuName } from '@bo/contract/projects/project-other-reads';
import { sql } from 'drizzle-orm';
import { anyInt, escapeLike, likeContains } from '../../db/sql';
import type { AppContext } from '../../platform/context';
import { listingProducts } from '../catalog/catalog.reads';
import type { ShopScope } from '../shops/shops/shop-scope';

export async function skuNames(ctx: AppContext, scope: ShopScope, q: { keyword?: string; limit: number }): Promise<SkuName[]> {
  if (scope.shopIds.length === 0) return [];
  const kw = q.keyword?.trim();
  const match = kw
    ? sql`AND (li.sku ILIKE ${likeContains(kw)} OR li.model ILIKE ${likeContains(kw)}
               OR li.product_name ILIKE ${likeContains(kw)} OR li.product_name_en ILIKE ${likeContains(kw)})`
    : sql``;
  // A SKU that starts with the keyword comes before one that only contains it.
  const first = kw ? sql`(li.sku ILIKE ${`${escapeLike(kw)}%`}) DESC,` : sql``;
  const r = await ctx.db.execute<{ sku: string; model: string; name: string | null; name_en: string | null; shops: number }>(sql`
    SELECT li.sku, min(li.model) AS model, min(li.product_name) AS name, min(li.product_name_en) AS name_en,
           count(DISTINCT li.shop_id)::int AS shops
      FROM ${listingProducts} li
     WHERE li.shop_id = ${anyInt(scope.shopIds)} ${match}
     GROUP BY li.sku
     ORDER BY ${first} li.sku
     LIMIT ${q.limit}`);
  return r.rows.map((x) => ({
    sku: x.sku,
    model: x.model,
    productName: x.name,
    productNameEn: x.name_en,
    shops: Number(x.shops),
  }));
}
