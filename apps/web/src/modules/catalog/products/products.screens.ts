import { defineScreens } from '../../../shared/screens';

export const productsScreens = defineScreens(
  [
    { path: '/productMgr', load: () => import('./ProductsRedirect') },
    { path: '/productMgr/list', load: () => import('./ProductListPage') },
    { path: '/productMgr/details', load: () => import('./ProductDetailsPage') },
  ],
  { texts: [() => import('../catalog.locale').then((m) => m.catalogTexts)] },
);
