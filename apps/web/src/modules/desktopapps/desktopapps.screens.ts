import { defineScreens } from '../../shared/screens';

/** Desktop app updates (issue #24): products, and their releases with staged rollouts. */
export const desktopAppsScreens = defineScreens(
  [
    { path: '/user-platform/desktopAppProduct', load: () => import('./products/DesktopProductsPage') },
    { path: '/user-platform/desktopAppUpdate', load: () => import('./updates/DesktopUpdatesPage') },
  ],
  { texts: [() => import('./desktopapps.locale').then((m) => m.desktopAppsTexts)] },
);
