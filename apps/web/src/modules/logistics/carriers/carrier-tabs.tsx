import { useTranslation } from 'react-i18next';
import type { CarrierTab } from './CarrierManagePage';

/** The two tabs both lists of /carrierManage show, the list in the active one. */
export function useCarrierTabs(active: CarrierTab, onTab: (tab: CarrierTab) => void) {
  const { t } = useTranslation();
  const carriers: string = t('logistics.carriers.tabCarriers');
  const cards: string = t('logistics.carriers.tabCards');
  return {
    activeKey: active,
    onChange: (key: string) => onTab(key as CarrierTab),
    listKey: active,
    items: [
      { key: 'carriers', label: <span data-testid="tab-carriers">{carriers}</span> },
      { key: 'cards', label: <span data-testid="tab-cards">{cards}</span> },
    ],
  };
}
