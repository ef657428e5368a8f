import { defineScreens } from '../../../shared/screens';

export const downloadsScreens = defineScreens([{ path: '/assets/download', load: () => import('./DownloadsPage') }], {
  texts: [() => import('./downloads.locale').then((m) => m.downloadsTexts)],
});
