import { defineScreens } from '../../../shared/screens';

/** Shipment plans, batches and delivery lists, shipments, their differences and FBA claims (issue #22, Replenishment). */
export const shipmentScreens = defineScreens(
  [
    { path: '/inventory/planMgr', load: () => import('./PlansPage') },
    { path: '/inventory/createPlan', load: () => import('./PlanCreatePage') },
    { path: '/editShipmentPlan', load: () => import('./PlanEditPage') },
    { path: '/shipments', load: () => import('./ShipmentsPage') },
    { path: '/shipmentSearch', load: () => import('./ShipmentSearchPage') },
    { path: '/shipmentDif', load: () => import('./ShipmentDifPage') },
    { path: '/shipmentBatch', load: () => import('./BatchesPage') },
    { path: '/batchCreateDl', load: () => import('./DeliveryListsPage') },
    { path: '/fbaClaim', load: () => import('./ClaimsRedirect') },
    { path: '/fbaClaim/index', load: () => import('./ClaimsPage') },
    { path: '/fbaClaim/detail', load: () => import('./ClaimsPage') },
  ],
  {
    texts: [
      () => import('./shipments.locale').then((m) => m.shipmentsTexts),
      () => import('./batches.locale').then((m) => m.batchesTexts),
    ],
  },
);
