import { defineScreens } from '../../shared/screens';

export const costsScreens = defineScreens(
  [
    { path: '/productCost', load: () => import('./unit-costs/ProductCostPage') },
    { path: '/mcost', load: () => import('./materials/MaterialListPage') },
    { path: '/bomcost', load: () => import('./bom/BomListPage') },
  ],
  {
    texts: [
      () => import('./costs.locale').then((m) => m.costsTexts),
      () => import('../imports/imports.locale').then((m) => m.importsTexts),
      () => import('../../shared/kit/import-wizard.locale').then((m) => m.importWizardTexts),
    ],
  },
);
