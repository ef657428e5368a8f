import * as ep from '@bo/contract/forecasts/forecasts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as svc from './forecasts.service';

export function forecastsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listForecasts, async ({ query, scope }) => svc.listForecastsPage(ctx, await scope(), query));
  bind(app, ep.exportForecasts, async ({ query, scope, req }) =>
    svc.exportForecasts(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, ep.daySales, async ({ query, scope }) => svc.daySalesOf(ctx, await scope(), query));
  bind(app, ep.comprehensive, async ({ query, scope }) => svc.comprehensiveOf(ctx, await scope(), query));
  bind(app, ep.refresh, async ({ actor }) => svc.requestRefresh(ctx.db, actor));
  bind(app, ep.refreshTime, async () => svc.refreshTimeOf(ctx));
  bind(app, ep.asyncCalResult, async ({ query }) => svc.runOf(ctx, query));
  bind(app, ep.calRecord, async ({ query }) => svc.runsPage(ctx, query));
}
