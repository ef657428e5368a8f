/** The organisation: departments, employees, leaders and memberships over time (see apps/server/README.md "Organisation"). */
import { defineArea } from '../../platform/area';
import { organizationHistory } from './organization.history';
import { organizationRoutes } from './organization.routes';
import { applyOrganizationDemoOnce } from './organization.seed';

export const organizationArea = defineArea({
  name: 'organization',
  routes: organizationRoutes,
  historyReaders: organizationHistory,
  // The four departments of spec §9 with the demo users placed in them.
  seed: [
    {
      name: 'organization',
      after: ['accounts'],
      run: async (db) => {
        await applyOrganizationDemoOnce(db);
      },
    },
  ],
});
