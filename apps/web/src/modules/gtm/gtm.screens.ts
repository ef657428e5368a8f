import { defineScreens } from '../../shared/screens';

/** GTM (issue #23, docs/gtm.md): the playbook and the GTM projects' steps. */
export const gtmScreens = defineScreens(
  [
    { path: '/gtm/mgr', load: () => import('./playbook/PlaybookPage') },
    { path: '/gtmSteps', load: () => import('./steps/StepsBoardPage') },
  ],
  { texts: [() => import('./gtm.locale').then((m) => m.gtmTexts)] },
);
