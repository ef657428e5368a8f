/** Who may read the history of exchange rates and sales teams (see platform/audit/history.registry.ts): the company's own staff. */

import type { HistoryReaderMap } from '../../../platform/area';
import { companyData } from '../../../platform/audit/history.registry';

export const salesBasisHistory: HistoryReaderMap = {
  // A rate is kept per currency and start date: `${currency}/${effectiveFrom}`.
  exchange_rate: { permission: 'sales:basisInfo', canSee: companyData },
  sales_team: { permission: 'sales:basisInfo', canSee: companyData },
};
