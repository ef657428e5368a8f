/**
 * Logistics (issue #22): carriers and their rate cards, shipment settings per marketplace, and
 * the shipping cost calculator (freight from the rate cards, FBA size tier and fee); the shipments'
 * freight bills (/logisticsMgr) and the two logistics panels. docs/logistics.md.
 */
import { defineArea } from '../../platform/area';
import { applyBillsDemoOnce } from './bills.seed';
import { logisticsHistory } from './logistics.history';
import { logisticsRoutes } from './logistics.routes';
import { applyLogisticsDemoOnce } from './logistics.seed';

export const logisticsArea = defineArea({
  name: 'logistics',
  routes: logisticsRoutes,
  historyReaders: logisticsHistory,
  // Four carriers (sea, rail, air, express) with cards to US, DE, UK and JP, and the US and DE settings.
  seed: [
    { name: 'logistics', after: ['accounts'], run: (db) => applyLogisticsDemoOnce(db) },
    // Freight bills of the demo shipments (one left unbilled, some over the estimate) for /logisticsMgr and the panels.
    { name: 'logistics-bills', after: ['logistics', 'shipments', 'batches'], run: (db) => applyBillsDemoOnce(db) },
  ],
});
