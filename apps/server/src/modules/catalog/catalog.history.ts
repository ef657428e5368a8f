/** Who may read the history of the catalogue's records (see platform/audit/history.registry.ts). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { companyData, shopScoped } from '../../platform/audit/history.registry';

async function shopOfLink(db: DbOrTx, id: number): Promise<number | null> {
  const res = await db.execute<{ shop_id: number }>(sql`SELECT shop_id FROM listings WHERE id = ${id}`);
  return res.rows[0]?.shop_id ?? null;
}

export const catalogHistory: HistoryReaderMap = {
  product: { permission: 'product:manage', canSee: companyData },
  sku: { permission: 'product:manage', canSee: companyData },
  product_model_info: { permission: 'product:model', canSee: companyData },
  // A link belongs to its shop: another shop's link is as missing as one that never was.
  listing: { permission: 'product:link', canSee: shopScoped('listing', shopOfLink) },
};
