/** Who may read the history of app messages: the message centre's holders in the company. */
import type { HistoryReaderMap } from '../../platform/area';
import { companyData } from '../../platform/audit/history.registry';

export const appMessagesHistory: HistoryReaderMap = {
  app_message: { permission: 'user:platform:messageCenter:config', canSee: companyData },
};
