// The catalog's field messages join the shared table when the app starts (every screens file is loaded then).
import '../catalog-validation';
import { defineScreens } from '../../../shared/screens';

export const modelInfoScreens = defineScreens([{ path: '/modelInfo', load: () => import('./ModelInfoListPage') }], {
  texts: [() => import('../catalog.locale').then((m) => m.catalogTexts)],
});
