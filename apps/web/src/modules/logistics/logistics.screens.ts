import { defineScreens } from '../../shared/screens';

/** Logistics (issue #22): carriers and rate cards, shipment settings per marketplace, the shipping cost calculator. */
export const logisticsScreens = defineScreens(
  [
    { path: '/carrierManage', load: () => import('./carriers/CarrierManagePage') },
    { path: '/shipmentConfiguration', load: () => import('./settings/ShipmentSettingsPage') },
    { path: '/logisticsCalc', load: () => import('./calc/LogisticsCalcPage') },
  ],
  { texts: [() => import('./logistics.locale').then((m) => m.logisticsTexts)] },
);
