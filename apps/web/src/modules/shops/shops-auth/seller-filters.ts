/** The sellers list's filters (query string) and their application to the list the API answers. */
import type { ShopAuth } from '@bo/contract/shops/shops';
import { z } from 'zod';

export const sellerFilterSchema = z.object({
  keyword: z.string().trim().max(64).catch(''),
  state: z.enum(['all', 'authorised', 'pending']).catch('all'),
  pageNum: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20),
});
export type SellerStateFilter = z.output<typeof sellerFilterSchema>['state'];

/** Sellers whose id, name or shop names contain the keyword, in the chosen state. */
export function selectSellers(sellers: readonly ShopAuth[], keyword: string, state: SellerStateFilter): ShopAuth[] {
  const needle = keyword.trim().toLowerCase();
  return sellers.filter((s) => {
    if (state === 'authorised' && s.state !== 1) return false;
    if (state === 'pending' && s.state === 1) return false;
    if (!needle) return true;
    return (
      s.sellerId.toLowerCase().includes(needle) ||
      s.name.toLowerCase().includes(needle) ||
      s.shops.some((shop) => shop.name.toLowerCase().includes(needle))
    );
  });
}
