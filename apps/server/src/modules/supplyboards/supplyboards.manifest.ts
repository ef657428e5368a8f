/**
 * Supply boards (issue #22): the logistics overview and the deliveries against plan, read from inventory's
 * published reads (inventory/boards.reads.ts) within the caller's shops; shipment management (/shipmentManageNext)
 * over inventory's shipment service. No tables and no seed of its own: the
 * shipment demo (inventory/shipments.seed.ts) fills the boards. docs/supply-boards.md.
 */
import { defineArea } from '../../platform/area';
import { supplyBoardsHistory } from './supplyboards.history';
import { supplyBoardsRoutes } from './supplyboards.routes';

export const supplyBoardsArea = defineArea({
  name: 'supplyboards',
  routes: supplyBoardsRoutes,
  historyReaders: supplyBoardsHistory,
});
