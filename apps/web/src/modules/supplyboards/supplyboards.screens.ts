import { defineScreens } from '../../shared/screens';

/** Supply boards (issue #22): the logistics overview (/logisticsBoard) and the deliveries against plan (/deliveryDashboard). */
export const supplyBoardsScreens = defineScreens(
  [
    { path: '/logisticsBoard', load: () => import('./LogisticsBoardPage') },
    { path: '/deliveryDashboard', load: () => import('./DeliveryDashboardPage') },
  ],
  {
    texts: [
      () => import('./supplyboards.locale').then((m) => m.supplyBoardsTexts),
      () => import('../inventory/shipments/shipments.locale').then((m) => m.shipmentsTexts),
    ],
  },
);
