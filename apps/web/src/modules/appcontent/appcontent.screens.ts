import { defineScreens } from '../../shared/screens';

/** The app's content (/user-platform/…): each declared kind's slots, one page each (banners' three, FAQ, roadmap, app guides, buying guides, the light effects' libraries, colour store, recommended colours and graphics); the read API's app keys. */
export const appContentScreens = defineScreens(
  [
    { path: '/user-platform/bannerManege', load: () => import('./banners/HomeBannersPage') },
    { path: '/user-platform/deviceBanner', load: () => import('./banners/DeviceBannersPage') },
    { path: '/user-platform/communityBanner', load: () => import('./banners/CommunityBannersPage') },
    { path: '/user-platform/faqSetting', load: () => import('./faq/FaqPage') },
    { path: '/user-platform/roadMap', load: () => import('./roadmap/RoadmapPage') },
    { path: '/user-platform/appGuide', load: () => import('./app-guide/AppGuidePage') },
    { path: '/user-platform/productBuyingGuide', load: () => import('./buying-guide/BuyingGuidePage') },
    { path: '/user-platform/lightEffectLibraries', load: () => import('./light-effects/LightEffectsPage') },
    { path: '/user-platform/lightEffectColorStore', load: () => import('./light-effects/ColorStorePage') },
    { path: '/user-platform/lightEffectRecommendColor', load: () => import('./light-effects/RecommendColorPage') },
    { path: '/user-platform/lightEffectRecommendGraph', load: () => import('./light-effects/RecommendGraphPage') },
    { path: '/user-platform/coverMgr', load: () => import('./covers/CoversPage') },
    { path: '/user-platform/activityThemes', load: () => import('./themes/ActivityThemesPage') },
    { path: '/user-platform/lightEffectIconMgr', load: () => import('./icons/LightEffectIconsPage') },
    { path: '/user-platform/lightEffectDreamViewScene', load: () => import('./dreamview/DreamViewScenesPage') },
    { path: '/user-platform/lightEffectRelated', load: () => import('./related/RelatedEffectsPage') },
    { path: '/user-platform/suNewProduct', load: () => import('./catalogue/NewProductsPage') },
    { path: '/user-platform/accessoryMrg', load: () => import('./catalogue/AccessoriesPage') },
    { path: '/user-platform/exquisiteSetting', load: () => import('./catalogue/FeaturedPage') },
    { path: '/user-platform/scenceSetting', load: () => import('./catalogue/SceneSettingsPage') },
    { path: '/user-platform/diyCategory', load: () => import('./catalogue/DiyCategoriesPage') },
    { path: '/user-platform/lightEffectSquare', load: () => import('./catalogue/LightEffectSquarePage') },
    { path: '/user-platform/lifeApp', load: () => import('./catalogue/LifeAppsPage') },
    { path: '/user-platform/appKeys', load: () => import('./app-keys/AppKeysPage') },
  ],
  { texts: [() => import('./appcontent.locale').then((m) => m.appContentTexts)] },
);
