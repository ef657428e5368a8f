/**
 * The shop of a PPC screen, decided once for every advertising screen (spec §3): the one in
 * the link when it is an advertising shop, else the last used, else the first. The shop a
 * screen shows — chosen, or opened from a link — is saved as the last used, so the next PPC
 * screen opened from the menu starts from it rather than from the alphabetically first shop.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../shared/components/use-notify';
import { usePpcShops } from './board/board.queries';
import { readPpcPreferences, savePpcPreferences } from './ppc-preferences';

interface ShopRef {
  shopId: number;
  marketId: number;
  sellerId: string | null;
}

/** The shop a one-shop screen shows: the link's when it is one of `shops`, else the saved one, else the first. */
export function pickPpcShop<S extends { shopId: number }>(
  shops: readonly S[],
  fromLink: number | null,
  saved: number | null,
): S | null {
  return shops.find((s) => s.shopId === fromLink) ?? shops.find((s) => s.shopId === saved) ?? shops[0] ?? null;
}

/** The shop a multi-shop filter's change makes the last used: the one just added; null (a removal, a clear) keeps the saved one. */
export function lastUsedOf(previous: readonly number[], next: readonly number[]): number | null {
  return next.find((id) => !previous.includes(id)) ?? null;
}

/** Saves `shop` as the last used (with its market and seller). */
export function rememberPpcShop(shop: ShopRef | null | undefined): void {
  if (!shop) return;
  savePpcPreferences({ shopId: shop.shopId, marketId: shop.marketId, sellerId: shop.sellerId ?? null });
}

/** A one-shop screen's shop, kept in its link by `setShop`; the shop shown is saved as the last used. */
export function usePpcShop(shopId: number | null, setShop: (id: string) => void) {
  const shops = usePpcShops();
  const { t } = useTranslation();
  const notify = useNotify();
  useEffect(() => {
    if (!shops.data?.length) return;
    const pick = pickPpcShop(shops.data, shopId, readPpcPreferences().shopId);
    if (!pick) return;
    if (pick.shopId === shopId) {
      rememberPpcShop(pick);
      return;
    }
    // A shop in the link the user may not see (or that does not exist): say so, then fall back.
    if (shopId !== null) notify.warning(t('common.unknownShopNotice', { shop: pick.name }));
    setShop(String(pick.shopId));
  }, [shops.data, shopId, setShop, notify, t]);
  const shop = shops.data?.find((s) => s.shopId === shopId) ?? null;
  const choose = (id: number) => {
    rememberPpcShop(shops.data?.find((x) => x.shopId === id));
    setShop(String(id));
  };
  return { shops, shopId, shop, choose };
}
