import { defineScreens } from '../../shared/screens';

export const reportsScreens = defineScreens([{ path: '/report', load: () => import('./ReportsPage') }], {
  texts: [() => import('./reports.locale').then((m) => m.reportsTexts)],
});
