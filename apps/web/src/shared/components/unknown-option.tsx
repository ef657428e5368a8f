import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A single Select's `labelRender` for a value that is not among its options (a shop id in
 * the link the user may not see): "Unknown or unavailable shop" instead of the raw id, and
 * nothing while the options still load.
 */
export function useUnknownShopLabel(loading: boolean): (props: { label?: ReactNode }) => ReactNode {
  const { t } = useTranslation();
  return ({ label }) => label ?? (loading ? '' : <span data-testid="shop-unknown">{t('common.unknownShop')}</span>);
}
