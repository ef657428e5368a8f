import { defineScreens } from '../../../shared/screens';

export const linksScreens = defineScreens([{ path: '/productLinkMgr', load: () => import('./LinkListPage') }], {
  texts: [() => import('../catalog.locale').then((m) => m.catalogTexts)],
});
