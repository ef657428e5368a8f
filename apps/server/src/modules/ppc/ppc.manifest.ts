/** Advertising (PPC): boards, monitors, rules, schedules and the ad report imports (see README.md). */
import { defineArea } from '../../platform/area';
import { ppcImportKinds } from './imports/ppc-imports';
import { ppcHistory } from './ppc.history';
import { ppcRoutes } from './ppc.routes';
import { applyPpcDemoOnce } from './ppc.seed';
import { ruleJobs } from './rules/rules.routes';
import { applyStockRuleDemoOnce } from './rules/stock.seed';
import { scheduleJobs } from './schedules/schedules.routes';

export const ppcArea = defineArea({
  name: 'ppc',
  routes: ppcRoutes,
  jobs: (ctx) => ({ ...ruleJobs(ctx), ...scheduleJobs(ctx) }),
  importKinds: { shop: ppcImportKinds },
  historyReaders: ppcHistory,
  // Advertising data on the demo listings, its spend equal to the sales facts' ad spend.
  seed: [
    {
      name: 'ppc',
      after: ['sales'],
      run: async (db) => {
        await applyPpcDemoOnce(db);
      },
    },
    // A stock rule (disabled, on demand) over the demo's advertised SKUs and their cover.
    { name: 'ppc-stock-rule', after: ['ppc', 'inventory'], run: (db) => applyStockRuleDemoOnce(db).then(() => undefined) },
  ],
});
