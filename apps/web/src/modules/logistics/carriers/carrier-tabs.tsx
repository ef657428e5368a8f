import { useTranslation } from 'react-i18next';
import type { CarrierTab } from './CarrierManagePage';

/** The two tabs both lists of /carrierManage show, the list in the active one. */
export function carrierTabs(active: CarrierTab, onTab: (tab: CarrierTab) => void, t: ReturnType<typeof useTranslation>['t']) {
  return {
    activeKey: active,
    onChange: (key: string) => onTab(key as CarrierTab),
    listKey: active,
    items: [
      { key: 'carriers', label: <span data-testid="tab-carriers">{t('logistics.carriers.tabCarriers')}</span> },
      { key: 'cards', label: <span data-testid="tab-cards">{t('logistics.carriers.tabCards')}</span> },
    ],
  };
}
