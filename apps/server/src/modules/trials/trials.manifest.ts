/**
 * Trial activities (issue #24): trials with their application form, questionnaires, selections of
 * applicants by rules and the reproducible draw of winners; the public call and page that take
 * applications. docs/trials.md.
 */
import { defineArea } from '../../platform/area';
import { trialsHistory } from './trials.history';
import { trialsRoutes } from './trials.routes';
import { applyTrialsDemoOnce } from './trials.seed';

export const trialsArea = defineArea({
  name: 'trials',
  routes: trialsRoutes,
  historyReaders: trialsHistory,
  // Two questionnaires; an open trial with about 200 applications, a drawn one with winners, a draft.
  seed: [{ name: 'trials', after: ['accounts', 'sales'], run: (db) => applyTrialsDemoOnce(db) }],
});
