/** Who may read the history of the actions and the joint QR codes: their screens' holders in the company. */
import type { HistoryReaderMap } from '../../platform/area';
import { companyData } from '../../platform/audit/history.registry';

export const appDataHistory: HistoryReaderMap = {
  app_data_action: { permission: 'user:platform:actionList:config', canSee: companyData },
  app_data_qr_code: { permission: 'user:platform:jointQrCode:config', canSee: companyData },
};
