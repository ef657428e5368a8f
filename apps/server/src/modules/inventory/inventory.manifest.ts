/** Stock (issue #22): warehouses, daily positions and age buckets per seller SKU, their imports and boards. docs/inventory.md. */
import { defineArea } from '../../platform/area';
import { stockReportKinds } from './imports/stock-reports';
import { inventoryRoutes } from './inventory.routes';
import { applyInventoryDemoOnce } from './inventory.seed';

export const inventoryArea = defineArea({
  name: 'inventory',
  routes: inventoryRoutes,
  importKinds: { shop: stockReportKinds },
  // 120 days of stock per listing, falling with the demo sales and rising with shipments.
  seed: [{ name: 'inventory', after: ['sales'], run: (db) => applyInventoryDemoOnce(db) }],
});
