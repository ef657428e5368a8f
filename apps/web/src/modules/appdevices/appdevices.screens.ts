import { defineScreens } from '../../shared/screens';

/** The app's device catalogue (issue #24): device pages per catalogue model, Bluetooth and Wi-Fi set-up flows, white-balance tables, SKU system settings, on the app content's publishing model. */
export const appDevicesScreens = defineScreens(
  [
    { path: '/user-platform/productItem', load: () => import('./devices/DevicePagesPage') },
    { path: '/user-platform/blueTooth', load: () => import('./flows/BluetoothFlowsPage') },
    { path: '/user-platform/wifi', load: () => import('./flows/WifiFlowsPage') },
    { path: '/user-platform/whiteBalance', load: () => import('./white-balance/WhiteBalancePage') },
    { path: '/user-platform/skuSystemConfig', load: () => import('./sku-config/SkuConfigPage') },
    { path: '/user-platform/productSetting', load: () => import('./product-features/ProductFeaturesPage') },
    { path: '/user-platform/skuConfig', load: () => import('./sku-hardware/SkuHardwarePage') },
    { path: '/user-platform/skuSetting', load: () => import('./sku-presentation/SkuPresentationPage') },
    { path: '/user-platform/assessSetting', load: () => import('./rating-prompt/RatingPromptsPage') },
    { path: '/user-platform/aiActivity', load: () => import('./ai-activity/AiActivitiesPage') },
  ],
  {
    texts: [
      () => import('../appcontent/appcontent.locale').then((m) => m.appContentTexts),
      () => import('./appdevices.locale').then((m) => m.appDevicesTexts),
    ],
  },
);
