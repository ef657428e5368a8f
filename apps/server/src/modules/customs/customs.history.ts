/** Who may read the history of customs records: the holders of /customBasic in the company. */
import type { HistoryReaderMap } from '../../platform/area';
import { companyData } from '../../platform/audit/history.registry';

export const customsHistory: HistoryReaderMap = {
  customs_basic: { permission: 'scm:customs:basic', canSee: companyData },
};
