import { defineScreens } from '../../shared/screens';

/** OKR (spec §2.6): one objectives list declared for each list type, the key results, the dashboard, a GTM objective's details. */
export const okrScreens = defineScreens(
  [
    { path: '/okrMgr/gtm', load: () => import('./ObjectivesPage').then((m) => ({ default: m.GtmObjectives })) },
    { path: '/okrMgr/keyProject', load: () => import('./ObjectivesPage').then((m) => ({ default: m.KeyProjectObjectives })) },
    { path: '/okrMgr/development', load: () => import('./ObjectivesPage').then((m) => ({ default: m.DevelopmentObjectives })) },
    { path: '/okrMgr/improvement', load: () => import('./ObjectivesPage').then((m) => ({ default: m.ImprovementObjectives })) },
    { path: '/krMgr/index', load: () => import('./KeyResultsPage') },
    { path: '/okr/dashboard', load: () => import('./OkrDashboardPage') },
    { path: '/gtm/details', load: () => import('./GtmDetailsPage') },
  ],
  { texts: [() => import('./okr.locale').then((m) => m.okrTexts)] },
);
