/** Forecasts (issue #22): per listing and day, recalculated in the background, read per listing and in sum. docs/forecasts.md. */
import { defineArea } from '../../platform/area';
import { applyEstimatesDemoOnce } from './estimates.seed';
import { forecastsRoutes } from './forecasts.routes';
import { applyForecastsDemoOnce } from './forecasts.seed';
import { REFRESH_EVERY_MS, REFRESH_JOB, refreshJob } from './forecasts.service';

export const forecastsArea = defineArea({
  name: 'forecasts',
  routes: forecastsRoutes,
  jobs: (ctx) => ({ [REFRESH_JOB]: { run: (payload, job) => refreshJob(ctx, payload, job), everyMs: REFRESH_EVERY_MS } }),
  // One recalculation over the demo sales.
  // Then estimates in every review state (estimates.seed.ts).
  seed: [
    { name: 'forecasts', after: ['sales'], run: (db) => applyForecastsDemoOnce(db) },
    { name: 'forecast-estimates', after: ['forecasts', 'accounts'], run: (db) => applyEstimatesDemoOnce(db) },
  ],
});
