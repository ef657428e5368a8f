import { defineScreens } from '../../shared/screens';

/** Forecasts (issue #22): the forecast per listing (/forecast/index, /forecast) and in sum (/salesForecast); its settings (/forecast/advanceConfig). */
export const forecastsScreens = defineScreens(
  [
    { path: '/forecast/index', load: () => import('./ForecastListPage') },
    { path: '/forecast', load: () => import('./ForecastListPage') },
    { path: '/salesForecast', load: () => import('./SalesForecastPage') },
    { path: '/forecast/advanceConfig', load: () => import('./AdvanceConfigPage') },
  ],
  { texts: [() => import('./forecasts.locale').then((m) => m.forecastsTexts)] },
);
