import { Select } from 'antd';
import { useUnknownShopLabel } from '../../../shared/components/unknown-option';
import { shopLabel } from '../../../shared/markets/markets';
import type { usePpcShop } from '../use-ppc-shop';

/**
 * The shop of a one-shop PPC screen (`usePpcShop`): the advertising shops with their
 * marketplace; a shop in the link the user cannot see reads as unknown until it is replaced.
 */
export function PpcShopSelect({
  shops,
  value,
  onChange,
  placeholder,
  testId,
}: {
  shops: ReturnType<typeof usePpcShop>['shops'];
  value: number | null;
  onChange: (id: number) => void;
  placeholder: string;
  testId: string;
}) {
  const unknownShopLabel = useUnknownShopLabel(shops.isPending);
  return (
    <Select
      style={{ minWidth: 220 }}
      placeholder={placeholder}
      loading={shops.isPending}
      value={value ?? undefined}
      labelRender={unknownShopLabel}
      onChange={onChange}
      options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: shopLabel(s.name, s.marketId) }))}
      data-testid={testId}
    />
  );
}
