import { defineScreens } from '../../shared/screens';

/**
 * Logistics (issue #22): carriers and rate cards, shipment settings per marketplace, the shipping cost calculator,
 * the shipments with their freight bills, and the two logistics panels.
 */
export const logisticsScreens = defineScreens(
  [
    { path: '/carrierManage', load: () => import('./carriers/CarrierManagePage') },
    { path: '/shipmentConfiguration', load: () => import('./settings/ShipmentSettingsPage') },
    { path: '/logisticsCalc', load: () => import('./calc/LogisticsCalcPage') },
    { path: '/logisticsMgr', load: () => import('./shipments/LogisticsMgrPage') },
    { path: '/logisticsPanel', load: () => import('./panels/CostPanelPage') },
    { path: '/newLogisticsPanel', load: () => import('./panels/TransitPanelPage') },
  ],
  { texts: [() => import('./logistics.locale').then((m) => m.logisticsTexts)] },
);
