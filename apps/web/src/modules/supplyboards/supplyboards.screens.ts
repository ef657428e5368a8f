import { defineScreens } from '../../shared/screens';

/** Supply boards (issue #22): the logistics overview (/logisticsBoard), the deliveries against plan (/deliveryDashboard) and shipment management (/shipmentManageNext). */
export const supplyBoardsScreens = defineScreens(
  [
    { path: '/logisticsBoard', load: () => import('./LogisticsBoardPage') },
    { path: '/deliveryDashboard', load: () => import('./DeliveryDashboardPage') },
    { path: '/shipmentManageNext', load: () => import('./ShipmentManagePage') },
  ],
  {
    texts: [
      () => import('./supplyboards.locale').then((m) => m.supplyBoardsTexts),
      () => import('../inventory/shipments/shipments.locale').then((m) => m.shipmentsTexts),
    ],
  },
);
