/** OKR (spec §2.6, docs/projects.md "OKR"): objectives per quarter in four lists, key results bound to the sales figures, check-ins, the dashboard. */
import { defineArea } from '../../platform/area';
import { okrHistory } from './okr.history';
import { okrRoutes } from './okr.routes';
import { applyOkrDemoOnce } from './okr.seed';

export const okrArea = defineArea({
  name: 'okr',
  routes: okrRoutes,
  historyReaders: okrHistory,
  seed: [
    {
      name: 'okr',
      // After the projects: the objectives link the demo projects and count their SKUs' sales.
      after: ['projects'],
      run: async (db) => {
        await applyOkrDemoOnce(db);
      },
    },
  ],
});
