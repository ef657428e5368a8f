import { defineScreens } from '../../shared/screens';

/** The app's content (/user-platform/…): the three banner slots, one page each; the read API's app keys. */
export const appContentScreens = defineScreens(
  [
    { path: '/user-platform/bannerManege', load: () => import('./banners/HomeBannersPage') },
    { path: '/user-platform/deviceBanner', load: () => import('./banners/DeviceBannersPage') },
    { path: '/user-platform/communityBanner', load: () => import('./banners/CommunityBannersPage') },
    { path: '/user-platform/appKeys', load: () => import('./app-keys/AppKeysPage') },
  ],
  { texts: [() => import('./appcontent.locale').then((m) => m.appContentTexts)] },
);
