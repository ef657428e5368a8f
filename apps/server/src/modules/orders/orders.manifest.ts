/** Order lines: no screen of their own; the mail automation reads them. */
import { defineArea } from '../../platform/area';
import { orderReportKinds } from './order-reports';
import { applyOrdersDemoOnce } from './orders.seed';

export const ordersArea = defineArea({
  name: 'orders',
  // Delivery dates and return states of order lines come from the FBA shipments and returns reports.
  importKinds: { shop: orderReportKinds },
  // Order lines with buyers and delivery dates on the demo listings.
  seed: [
    {
      name: 'orders',
      after: ['sales'],
      run: async (db) => {
        await applyOrdersDemoOnce(db);
      },
    },
  ],
});
