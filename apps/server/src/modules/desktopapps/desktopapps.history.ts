/** Who may read the history of desktop app products and releases: their screens' holders in the company. */
import type { HistoryReaderMap } from '../../platform/area';
import { companyData } from '../../platform/audit/history.registry';

export const desktopAppsHistory: HistoryReaderMap = {
  desktop_app_product: { permission: 'user:platform:desktopAppProduct:config', canSee: companyData },
  desktop_app_release: { permission: 'user:platform:desktopAppUpdate:config', canSee: companyData },
};
