import { ppcBoard as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './board.service';

export function boardRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.shopNames, async ({ actor }) => svc.shopNames(ctx, actor));
  bind(app, ep.skuPerform, async ({ query, actor }) => svc.skuPerform(ctx, actor, query));
  bind(app, ep.skuPerformCsv, async ({ query, actor }) => svc.skuPerformCsv(ctx, actor, query));
  bind(app, ep.skuPerformChart, async ({ query, actor }) => svc.skuPerformChart(ctx, actor, query));
  bind(app, ep.skuPerformChartCsv, async ({ query, actor }) => svc.skuPerformChartCsv(ctx, actor, query));
  bind(app, ep.skuCostAnalysis, async ({ params, query, actor }) => svc.skuCostAnalysis(ctx, actor, params.id, query));
  bind(app, ep.adGroupCost, async ({ query, actor }) => svc.adGroupCost(ctx, actor, query));
}
