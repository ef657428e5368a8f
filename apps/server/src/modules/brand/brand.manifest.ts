/** Brand (issue #23, docs/brand.md): the KOLs with their cooperation records, and the brand exposure board. */
import { defineArea } from '../../platform/area';
import { brandHistory } from './brand.history';
import { brandRoutes } from './brand.routes';
import { applyBrandDemoOnce } from './brand.seed';

export const brandArea = defineArea({
  name: 'brand',
  routes: brandRoutes,
  historyReaders: brandHistory,
  seed: [
    {
      name: 'brand',
      // The cooperations name the demo brand exposure projects; the owners are the demo users.
      after: ['projects'],
      run: async (db) => {
        await applyBrandDemoOnce(db);
      },
    },
  ],
});
