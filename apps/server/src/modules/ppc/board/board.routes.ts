import { ppcBoard as ep, projects } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './board.service';

export function boardRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.shopNames, async ({ scope }) => svc.shopNames(ctx, await scope()));
  bind(app, ep.skuPerform, async ({ query, scope }) => svc.skuPerform(ctx, await scope(), query));
  bind(app, ep.skuPerformCsv, async ({ query, scope }) => svc.skuPerformCsv(ctx, await scope(), query));
  bind(app, ep.skuPerformChart, async ({ query, scope }) => svc.skuPerformChart(ctx, await scope(), query));
  bind(app, ep.skuPerformChartCsv, async ({ query, scope }) => svc.skuPerformChartCsv(ctx, await scope(), query));
  bind(app, ep.skuCostAnalysis, async ({ params, query, scope }) => svc.skuCostAnalysis(ctx, await scope(), params.id, query));
  bind(app, projects.projectSkuPerform, async ({ query, actor, scope }) =>
    svc.projectSkuPerform(ctx, actor.accountId, await scope(), query),
  );
  bind(app, ep.adGroupCost, async ({ query, scope }) => svc.adGroupCost(ctx, await scope(), query));
}
