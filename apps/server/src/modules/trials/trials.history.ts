/** Who may read the history of trials, questionnaires and selections: the H5 activity page's holders in the company. */
import type { HistoryReaderMap } from '../../platform/area';
import { companyData } from '../../platform/audit/history.registry';

const reader = { permission: 'user:platform:h5ActivityMaking:config', canSee: companyData } as const;
export const trialsHistory: HistoryReaderMap = {
  trial: reader,
  trial_questionnaire: reader,
  trial_selection: reader,
};
