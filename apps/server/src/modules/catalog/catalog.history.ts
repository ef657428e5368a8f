/** Who may read the history of the catalogue's records (see platform/audit/history.registry.ts). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyData, registerHistoryReader, shopOwned } from '../../platform/audit/history.registry';
import type { AppContext } from '../../platform/context';
import { visibleShopIds } from '../shops/shops/shops.service';

async function shopOfLink(db: DbOrTx, id: number): Promise<number | null> {
  const res = await db.execute<{ shop_id: number }>(sql`SELECT shop_id FROM listings WHERE id = ${id}`);
  return res.rows[0]?.shop_id ?? null;
}

export function registerCatalogHistory(ctx: AppContext): void {
  registerHistoryReader(ctx, 'product', { permission: 'product:manage', canSee: companyData });
  registerHistoryReader(ctx, 'sku', { permission: 'product:manage', canSee: companyData });
  registerHistoryReader(ctx, 'product_model_info', { permission: 'product:model', canSee: companyData });
  // A link belongs to its shop: another shop's link is as missing as one that never was.
  registerHistoryReader(ctx, 'listing', { permission: 'product:link', canSee: shopOwned('listing', shopOfLink, visibleShopIds) });
}
