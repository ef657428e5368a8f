import { defineScreens } from '../../shared/screens';

/** Forecasts (issue #22): the forecast per listing (/forecast/index, /forecast) and in sum (/salesForecast); its settings (/forecast/advanceConfig); the review of planners' estimates (/forecast/review, one at a time in /forecast/newAudit) and its log (/forecast/auditRecord); the backtest and the overrides' accuracy (/forecastAccuracy). */
export const forecastsScreens = defineScreens(
  [
    { path: '/forecast/index', load: () => import('./ForecastListPage') },
    { path: '/forecast', load: () => import('./ForecastListPage') },
    { path: '/salesForecast', load: () => import('./SalesForecastPage') },
    { path: '/forecast/advanceConfig', load: () => import('./AdvanceConfigPage') },
    { path: '/forecast/review', load: () => import('./ForecastReviewPage') },
    { path: '/forecast/auditRecord', load: () => import('./ForecastAuditRecordPage') },
    { path: '/forecast/newAudit', load: () => import('./ForecastQueuePage') },
    { path: '/forecastAccuracy', load: () => import('./ForecastAccuracyPage') },
  ],
  {
    texts: [
      () => import('./forecasts.locale').then((m) => m.forecastsTexts),
      () => import('./accuracy.locale').then((m) => m.forecastAccuracyTexts),
    ],
  },
);
