import { defineScreens } from '../../shared/screens';

/** Customs (issue #22): the customs master data per model and destination. */
export const customsScreens = defineScreens([{ path: '/customBasic', load: () => import('./basics/CustomsBasicPage') }], {
  texts: [() => import('./customs.locale').then((m) => m.customsTexts)],
});
