/** Who may read the history of an H5 page: the holders of either H5 screen in the company (a deleted page's type is not known any more). */
import type { HistoryReaderMap } from '../../platform/area';
import { companyData } from '../../platform/audit/history.registry';

export const h5PagesHistory: HistoryReaderMap = {
  h5_page: { permission: ['user:platform:h5Making:config', 'user:platform:h5ActivityMaking:config'], canSee: companyData },
};
