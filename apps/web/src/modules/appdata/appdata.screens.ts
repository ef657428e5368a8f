import { defineScreens } from '../../shared/screens';

/** What the app reports (issue #24): the action list, the data square, joint QR codes. docs/app-data.md. */
export const appDataScreens = defineScreens(
  [
    { path: '/user-platform/actionList', load: () => import('./actions/ActionListPage') },
    { path: '/user-platform/dataSquare', load: () => import('./square/DataSquarePage') },
    { path: '/user-platform/jointQrCode', load: () => import('./qr/JointQrCodesPage') },
  ],
  { texts: [() => import('./appdata.locale').then((m) => m.appDataTexts)] },
);
