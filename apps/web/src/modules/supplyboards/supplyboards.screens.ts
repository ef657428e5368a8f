import { defineScreens } from '../../shared/screens';

/** Supply boards (issue #22): the logistics overview (/logisticsBoard), the deliveries against plan (/deliveryDashboard) shipment management (/shipmentManageNext) and the shipment forecast (/shipmentForcast). */
export const supplyBoardsScreens = defineScreens(
  [
    { path: '/logisticsBoard', load: () => import('./LogisticsBoardPage') },
    { path: '/deliveryDashboard', load: () => import('./DeliveryDashboardPage') },
    { path: '/shipmentManageNext', load: () => import('./ShipmentManagePage') },
    { path: '/shipmentForcast', load: () => import('./ShipmentForecastPage') },
  ],
  {
    texts: [
      () => import('./supplyboards.locale').then((m) => m.supplyBoardsTexts),
      () => import('../inventory/shipments/shipments.locale').then((m) => m.shipmentsTexts),
      () => import('../inventory/inventory.locale').then((m) => m.inventoryTexts),
      () => import('../inventory/replenish/replenish.locale').then((m) => m.replenishTexts),
    ],
  },
);
