/** Sales: the dashboard, profit lists, sales data, and the basis (rates, teams, marketplaces) (see README.md). */
import { defineArea } from '../../platform/area';
import { salesBasisHistory } from './basis/basis.history';
import { salesBasisRoutes } from './basis/basis.routes';
import { salesDataRoutes } from './data/data.routes';
import { salesRoutes } from './sales.routes';
import { applySalesDemoOnce } from './seed/generate';

export const salesArea = defineArea({
  name: 'sales',
  routes(app, ctx) {
    salesRoutes(app, ctx);
    salesBasisRoutes(app, ctx);
    salesDataRoutes(app, ctx);
  },
  historyReaders: salesBasisHistory,
  // Products, listings and sales facts on the demo shops (seed/).
  seed: [
    {
      name: 'sales',
      after: ['accounts'],
      run: async (db) => {
        await applySalesDemoOnce(db);
      },
    },
  ],
});
