/** Forecasts (issue #22): per listing and day, recalculated in the background, read per listing and in sum. docs/forecasts.md. */
import { defineArea } from '../../platform/area';
import { applyEstimatesDemoOnce } from './estimates.seed';
import { forecastSettingsRoutes } from './forecast-settings.routes';
import { applyForecastSettingsDemoOnce } from './forecast-settings.seed';
import { forecastsRoutes } from './forecasts.routes';
import { applyForecastsDemoOnce } from './forecasts.seed';
import { REFRESH_EVERY_MS, REFRESH_JOB, refreshJob } from './forecasts.service';

export const forecastsArea = defineArea({
  name: 'forecasts',
  routes: (app, ctx) => {
    forecastsRoutes(app, ctx);
    forecastSettingsRoutes(app, ctx);
  },
  jobs: (ctx) => ({ [REFRESH_JOB]: { run: (payload, job) => refreshJob(ctx, payload, job), everyMs: REFRESH_EVERY_MS } }),
  // The settings first (the recalculation leaves the demo exclusions out), then one recalculation over the demo
  // sales, then estimates in every review state (estimates.seed.ts).
  seed: [
    { name: 'forecast-settings', after: ['sales'], run: (db) => applyForecastSettingsDemoOnce(db) },
    { name: 'forecasts', after: ['sales', 'forecast-settings'], run: (db) => applyForecastsDemoOnce(db) },
    { name: 'forecast-estimates', after: ['forecasts', 'accounts'], run: (db) => applyEstimatesDemoOnce(db) },
  ],
});
