/** The lookups of the create pages: a shop's advertisable listings and its portfolios. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains } from '../../../db/sql';
import { listingSkus } from '../../catalog/catalog.reads';
import { type ShopScope, scopeHas } from '../../shops/shops/shop-scope';

/** Up to 50 listings of the shop with an ASIN, matching the keyword; none outside the scope. */
export async function advertisableListings(db: DbOrTx, scope: ShopScope, shopId: number, keyword: string | undefined) {
  if (!scopeHas(scope, shopId)) return [];
  const like = likeContains(keyword?.trim());
  const r = await db.execute<{ id: number; sku: string; asin: string; title: string | null }>(sql`
    SELECT li.id, li.sku, li.asin, li.title FROM ${listingSkus} li
     WHERE li.shop_id = ${shopId} AND li.asin IS NOT NULL
       ${like ? sql`AND (li.sku ILIKE ${like} OR li.asin ILIKE ${like} OR li.title ILIKE ${like})` : sql``}
     ORDER BY li.sku LIMIT 50`);
  return r.rows.map((x) => ({ listingId: x.id, sku: x.sku, asin: x.asin, title: x.title }));
}

export async function portfolios(db: DbOrTx, scope: ShopScope, shopId: number) {
  if (!scopeHas(scope, shopId)) return [];
  const r = await db.execute<{ id: number; name: string; shop_id: number }>(
    sql`SELECT id, name, shop_id FROM ppc_portfolios WHERE shop_id = ${shopId} ORDER BY name`,
  );
  return r.rows.map((x) => ({ id: x.id, name: x.name, shopId: x.shop_id }));
}
