import { defineScreens } from '../../../shared/screens';

export const blacklistScreens = defineScreens([{ path: '/blacklist', load: () => import('./BlacklistPage') }], {
  texts: [() => import('./blacklist.locale').then((m) => m.mailBlacklistTexts)],
});
