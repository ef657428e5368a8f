/** Growth (spec §2.3, docs/growth.md): review cycles, performance reviews, the company values, study records. */
import { defineArea } from '../../platform/area';
import { applyBadgesDemoOnce } from './badges.seed';
import { growthHistory } from './growth.history';
import { growthRoutes } from './growth.routes';
import { applyGrowthDemoOnce } from './growth.seed';
import { applyStudyDemoOnce } from './study.seed';

export const growthArea = defineArea({
  name: 'growth',
  routes: growthRoutes,
  historyReaders: growthHistory,
  seed: [
    {
      name: 'growth',
      // After the organisation (the reviews' departments and leaders) and the OKRs the self reviews show.
      after: ['organization', 'okr'],
      run: async (db) => {
        await applyGrowthDemoOnce(db);
      },
    },
    {
      name: 'growth-study',
      // The study records' leaders come from the organisation.
      after: ['growth'],
      run: async (db) => {
        await applyStudyDemoOnce(db);
      },
    },
    {
      name: 'growth-badges',
      // The badges are tied to the values the growth step writes; the awarders are the organisation's leaders.
      after: ['growth'],
      run: async (db) => {
        await applyBadgesDemoOnce(db);
      },
    },
  ],
});
