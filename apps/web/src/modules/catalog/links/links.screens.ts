// The catalog's field messages join the shared table when the app starts (every screens file is loaded then).
import '../catalog-validation';
import { defineScreens } from '../../../shared/screens';

export const linksScreens = defineScreens([{ path: '/productLinkMgr', load: () => import('./LinkListPage') }], {
  texts: [() => import('../catalog.locale').then((m) => m.catalogTexts)],
});
