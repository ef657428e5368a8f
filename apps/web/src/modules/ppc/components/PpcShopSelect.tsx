import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnknownShopLabel } from '../../../shared/components/unknown-option';
import { shopLabel } from '../../../shared/markets/markets';
import type { usePpcShop } from '../use-ppc-shop';

/**
 * The shop of a one-shop PPC screen (`usePpcShop`): the advertising shops with their
 * marketplace; a shop in the link the user cannot see reads as unknown until it is replaced.
 * Choosing one keeps it in the link and saves it as the last used; `onChosen` then lets the
 * screen drop what belonged to the previous shop (a selection).
 */
export function PpcShopSelect({
  of: { shops, shopId, choose },
  placeholder,
  onChosen,
  testId,
}: {
  of: ReturnType<typeof usePpcShop>;
  placeholder?: string;
  onChosen?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const unknownShopLabel = useUnknownShopLabel(shops.isPending);
  return (
    <Select
      style={{ minWidth: 220 }}
      placeholder={placeholder ?? t('ppc.diag.shop')}
      loading={shops.isPending}
      value={shopId ?? undefined}
      labelRender={unknownShopLabel}
      onChange={(id: number) => {
        choose(id);
        onChosen?.();
      }}
      options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: shopLabel(s.name, s.marketId) }))}
      data-testid={testId}
    />
  );
}
