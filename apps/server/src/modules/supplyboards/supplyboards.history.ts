/** Who may read a shipment's history (entity `shipment`, id: its plan): /shipmentManageNext's holders who see the plan's shop. */
import type { HistoryReaderMap } from '../../platform/area';
import { shopScoped } from '../../platform/audit/history.registry';
import { shopOfShipmentPlan } from '../inventory/boards.reads';

export const supplyBoardsHistory: HistoryReaderMap = {
  shipment: { permission: 'scm:shipment:manage', canSee: shopScoped('shipment', shopOfShipmentPlan) },
};
