/**
 * Stock (issue #22): warehouses, daily positions and age buckets per seller SKU, their imports and boards;
 * shipment plans, shipments and FBA claims; the replenishment advice (red-green line). docs/inventory.md.
 */
import { defineArea } from '../../platform/area';
import { batchRoutes } from './batches.routes';
import { applyBatchesDemoOnce } from './batches.seed';
import { applyFbaCapacityDemoOnce } from './fba-capacity.seed';
import { ledgerReportKinds } from './imports/ledger-report';
import { reimbursementKinds } from './imports/reimbursements';
import { removalReportKinds } from './imports/removal-reports';
import { stockReportKinds } from './imports/stock-reports';
import { inventoryHistory } from './inventory.history';
import { inventoryRoutes } from './inventory.routes';
import { applyInventoryDemoOnce } from './inventory.seed';
import { ledgerRoutes } from './ledger.routes';
import { applyLedgerDemoOnce } from './ledger.seed';
import { ledgerReportRoutes } from './ledger-report.routes';
import { removalRoutes } from './removals.routes';
import { applyRemovalsDemoOnce } from './removals.seed';
import { replenishRoutes } from './replenish.routes';
import { shipmentRoutes } from './shipments.routes';
import { applyShipmentsDemoOnce } from './shipments.seed';
import { foldSupplyEpoch, SUPPLY_EPOCH_FOLD_JOB } from './supply-epoch';
import { waveRoutes } from './waves.routes';
import { applyWavesDemoOnce } from './waves.seed';

export const inventoryArea = defineArea({
  name: 'inventory',
  routes: (app, ctx) => {
    inventoryRoutes(app, ctx);
    shipmentRoutes(app, ctx);
    batchRoutes(app, ctx);
    replenishRoutes(app, ctx);
    ledgerRoutes(app, ctx);
    ledgerReportRoutes(app, ctx);
    removalRoutes(app, ctx);
    waveRoutes(app, ctx);
  },
  // The supply epoch's changes folded into its base (supply-epoch.ts), so reading it stays a count of a few rows.
  jobs: (ctx) => ({
    [SUPPLY_EPOCH_FOLD_JOB]: {
      run: async () => {
        await foldSupplyEpoch(ctx.db);
      },
      everyMs: 5 * 60_000,
    },
  }),
  historyReaders: inventoryHistory,
  importKinds: { shop: { ...stockReportKinds, ...ledgerReportKinds, ...removalReportKinds, ...reimbursementKinds } },
  // 120 days of stock per listing, falling with the demo sales and rising with shipments.
  seed: [
    { name: 'inventory', after: ['sales'], run: (db) => applyInventoryDemoOnce(db) },
    // Ten shipment plans, one or more in each state, with shipments, receipts and a short receipt's claim.
    { name: 'shipments', after: ['inventory'], run: (db) => applyShipmentsDemoOnce(db) },
    // The shipment demo's batch numbers as batches (open, shipped) and the delivery list of the first shipped one.
    { name: 'batches', after: ['shipments'], run: (db) => applyBatchesDemoOnce(db) },
    // The Inventory Ledger of every demo FBA position, agreeing with the stock and sales but for a few planted differences.
    { name: 'inventory-ledger', after: ['inventory'], run: (db) => applyLedgerDemoOnce(db) },
    // Removal orders of the demo's aged units, one of each type and status per shop, with the returns' parcels.
    { name: 'inventory-removals', after: ['inventory'], run: (db) => applyRemovalsDemoOnce(db) },
    // The logistics demo's FBA capacity limits sized to the demo's stock: the advice's cap shows on /replenish.
    {
      name: 'fba-capacity',
      after: ['logistics', 'shipments', 'batches', 'shipment-waves'],
      run: (db) => applyFbaCapacityDemoOnce(db),
    },
    // Three shipment waves: one in review waiting for the administrator, one approved and split into plans, a sample draft.
    { name: 'shipment-waves', after: ['batches', 'accounts'], run: (db) => applyWavesDemoOnce(db) },
  ],
});
