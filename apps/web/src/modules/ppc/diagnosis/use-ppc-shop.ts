/** The one shop of a PPC screen: from the link, else the saved choice (spec §3), else the first advertising shop. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/components/use-notify';
import { usePpcShops } from '../board/board.queries';
import { readPpcPreferences, savePpcPreferences } from '../ppc-preferences';

export function usePpcShop(shopId: number | null, setShop: (id: string) => void) {
  const shops = usePpcShops();
  const { t } = useTranslation();
  const notify = useNotify();
  useEffect(() => {
    if (!shops.data?.length) return;
    if (shopId !== null && shops.data.some((s) => s.shopId === shopId)) return;
    const saved = readPpcPreferences();
    const pick = shops.data.find((s) => s.shopId === saved.shopId) ?? shops.data[0];
    if (!pick) return;
    // A shop in the link the user may not see (or that does not exist): say so, then fall back.
    if (shopId !== null) notify.warning(t('common.unknownShopNotice', { shop: pick.name }));
    setShop(String(pick.shopId));
  }, [shops.data, shopId, setShop, notify, t]);
  const shop = shops.data?.find((s) => s.shopId === shopId) ?? null;
  const choose = (id: number) => {
    const s = shops.data?.find((x) => x.shopId === id);
    savePpcPreferences({ shopId: s?.shopId ?? null, marketId: s?.marketId ?? null, sellerId: s?.sellerId ?? null });
    setShop(String(id));
  };
  return { shops, shop, choose };
}
