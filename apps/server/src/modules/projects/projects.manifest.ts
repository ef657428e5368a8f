/** Projects (issue #23, first slice): the project core of the five types, GTM projects, todos, events, approvals. */
import { defineArea } from '../../platform/area';
import { projectsRoutes } from './projects.routes';
import { applyProjectsDemoOnce } from './projects.seed';
import { projectShareKinds } from './projects.share';

export const projectsArea = defineArea({
  name: 'projects',
  routes: projectsRoutes,
  shareKinds: projectShareKinds,
  seed: [
    {
      name: 'projects',
      after: ['organization'],
      run: async (db) => {
        await applyProjectsDemoOnce(db);
      },
    },
  ],
});
