import { defineScreens } from '../../shared/screens';

export const ppcScreens = defineScreens(
  [
    { path: '/ppc/index', load: () => import('./board/PpcBoardPage') },
    { path: '/ppcDiag', load: () => import('./diagnosis/PpcDiagPage') },
    { path: '/searchTerm', load: () => import('./diagnosis/SearchTermPage') },
  ],
  { texts: [() => import('./ppc.locale').then((m) => m.ppcTexts)] },
);
