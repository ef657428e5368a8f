import { defineScreens } from '../../../shared/screens';

export const csTreesScreens = defineScreens(
  [
    { path: '/problemTree', load: () => import('./ProblemTreePage') },
    { path: '/demandTree', load: () => import('./DemandTreePage') },
  ],
  { texts: [() => import('./cs-trees.locale').then((m) => m.csTreesTexts)] },
);
