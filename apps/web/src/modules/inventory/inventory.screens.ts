import { defineScreens } from '../../shared/screens';

/** Stock (issue #22): the three boards and the upload of the stock reports. */
export const inventoryScreens = defineScreens(
  [
    { path: '/inventoryMgr', load: () => import('./InventoryMgrPage') },
    { path: '/inventoryAge', load: () => import('./InventoryAgePage') },
    { path: '/inventoryMonitor', load: () => import('./InventoryMonitorPage') },
    { path: '/inventoryUpload', load: () => import('./InventoryUploadPage') },
  ],
  {
    texts: [
      () => import('./inventory.locale').then((m) => m.inventoryTexts),
      () => import('../../shared/kit/import-wizard.locale').then((m) => m.importWizardTexts),
    ],
  },
);
