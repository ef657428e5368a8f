import { defineScreens } from '../../shared/screens';

export const importsScreens = defineScreens([{ path: '/importTraffic', load: () => import('./ImportPage') }], {
  texts: [
    () => import('./imports.locale').then((m) => m.importsTexts),
    () => import('../../shared/kit/import-wizard.locale').then((m) => m.importWizardTexts),
  ],
});
