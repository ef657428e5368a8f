import { defineScreens } from '../../shared/screens';

export const ppcScreens = defineScreens([{ path: '/ppc/index', load: () => import('./board/PpcBoardPage') }], {
  texts: [() => import('./ppc.locale').then((m) => m.ppcTexts)],
});
