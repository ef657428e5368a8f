import { defineScreens } from '../../shared/screens';

/** Stock (issue #22): the boards, the upload of the stock reports, the replenishment advice, the ledger's screens, removal orders and the monthly inventory report. */
export const inventoryScreens = defineScreens(
  [
    { path: '/inventoryMgr', load: () => import('./InventoryMgrPage') },
    { path: '/inventoryAge', load: () => import('./InventoryAgePage') },
    { path: '/inventoryMonitor', load: () => import('./InventoryMonitorPage') },
    { path: '/inventoryUpload', load: () => import('./InventoryUploadPage') },
    { path: '/replenish', load: () => import('./replenish/ReplenishPage') },
    { path: '/dullBoard', load: () => import('./replenish/DullBoardPage') },
    { path: '/inventory/detail', load: () => import('./LedgerDetailPage') },
    { path: '/inventory/difference', load: () => import('./DifferencesPage') },
    { path: '/fbaRemoveOrderMgr', load: () => import('./RemovalOrdersPage') },
    { path: '/inventoryReport', load: () => import('./InventoryReportPage') },
  ],
  {
    texts: [
      () => import('./inventory.locale').then((m) => m.inventoryTexts),
      () => import('../../shared/kit/import-wizard.locale').then((m) => m.importWizardTexts),
      () => import('./replenish/replenish.locale').then((m) => m.replenishTexts),
      () => import('./ledger.locale').then((m) => m.ledgerTexts),
      () => import('./removals.locale').then((m) => m.removalsTexts),
      () => import('./inventory-report.locale').then((m) => m.invReportTexts),
    ],
  },
);
