/** Projects (issue #23): the project core of the five types, their screens, todos, events, approvals, warnings, nodes and bonuses. */
import { defineArea } from '../../platform/area';
import { applyGtmGoalsDemoOnce } from './gtm-goals.seed';
import { raiseWarnings, WARNINGS_JOB } from './project-warnings.service';
import { projectsHistory } from './projects.history';
import { projectsRoutes } from './projects.routes';
import { applyProjectsDemoOnce } from './projects.seed';
import { projectShareKinds } from './projects.share';

export const projectsArea = defineArea({
  name: 'projects',
  routes: projectsRoutes,
  // Overdue todos and nodes become warnings within a quarter of an hour; settled ones resolve themselves.
  jobs: (ctx) => ({
    [WARNINGS_JOB]: {
      run: async () => {
        await raiseWarnings(ctx.db);
      },
      everyMs: 15 * 60_000,
    },
  }),
  shareKinds: projectShareKinds,
  historyReaders: projectsHistory,
  seed: [
    {
      name: 'projects',
      // After the sales demo: the projects name its best-selling models (projects.seed.ts).
      after: ['organization', 'sales'],
      run: async (db) => {
        await applyProjectsDemoOnce(db);
      },
    },
    {
      name: 'gtm-goals',
      // The running launch's goals follow the pace of its SKUs' sales (gtm-goals.seed.ts).
      after: ['projects', 'sales'],
      run: async (db) => {
        await applyGtmGoalsDemoOnce(db);
      },
    },
  ],
});
