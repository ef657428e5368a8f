import { defineScreens } from '../../../shared/screens';

export const modelInfoScreens = defineScreens([{ path: '/modelInfo', load: () => import('./ModelInfoListPage') }], {
  texts: [() => import('../catalog.locale').then((m) => m.catalogTexts)],
});
