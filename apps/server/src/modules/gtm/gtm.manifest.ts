/** Go-to-market (issue #23, docs/gtm.md): the account's playbook and the GTM projects' steps. */
import { defineArea } from '../../platform/area';
import { gtmHistory } from './gtm.history';
import { gtmRoutes } from './gtm.routes';
import { applyGtmDemoOnce } from './gtm.seed';

export const gtmArea = defineArea({
  name: 'gtm',
  routes: gtmRoutes,
  historyReaders: gtmHistory,
  seed: [
    {
      name: 'gtm',
      // After the organisation (the steps' departments and their leaders) and the projects (the GTM projects).
      after: ['organization', 'projects'],
      run: async (db) => {
        await applyGtmDemoOnce(db);
      },
    },
  ],
});
