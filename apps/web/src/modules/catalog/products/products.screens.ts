// The catalog's field messages join the shared table when the app starts (every screens file is loaded then).
import '../catalog-validation';
import { defineScreens } from '../../../shared/screens';

export const productsScreens = defineScreens(
  [
    { path: '/productMgr', load: () => import('./ProductsRedirect') },
    { path: '/productMgr/list', load: () => import('./ProductListPage') },
    { path: '/productMgr/details', load: () => import('./ProductDetailsPage') },
  ],
  { texts: [() => import('../catalog.locale').then((m) => m.catalogTexts)] },
);
