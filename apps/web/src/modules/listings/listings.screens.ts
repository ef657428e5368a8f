import { defineScreens } from '../../shared/screens';

export const listingsScreens = defineScreens(
  [
    { path: '/skuAnalysis', load: () => import('./sku-analysis/SkuAnalysisPage') },
    { path: '/listings/index', load: () => import('./monitor/MonitorPage') },
    { path: '/listingFilter', load: () => import('./filter/ListingFilterPage') },
  ],
  { texts: [() => import('./listings.locale').then((m) => m.listingsTexts)] },
);
