import { defineScreens } from '../../../shared/screens';

/** Shipment waves (issue #22): the list with its detail, the create pages (replenishment and samples), smart shipment. */
export const waveScreens = defineScreens(
  [
    { path: '/shipmentPlanNext', load: () => import('./WavesPage') },
    { path: '/newShipmentPlan', load: () => import('./WaveEditPage') },
    { path: '/newSampleShipmentPlan', load: () => import('./SampleWavePage') },
    { path: '/smartShipment', load: () => import('./SmartShipmentPage') },
  ],
  {
    texts: [
      () => import('./waves.locale').then((m) => m.wavesTexts),
      () => import('../shipments/shipments.locale').then((m) => m.shipmentsTexts),
    ],
  },
);
