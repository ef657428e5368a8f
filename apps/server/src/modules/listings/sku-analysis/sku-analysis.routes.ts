import { skuAnalysis as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './sku-analysis.service';

export function skuAnalysisRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.skuSuggestions, async ({ query, scope }) => svc.suggestions(ctx, await scope(), query.keyword));
  bind(app, ep.skuSummary, async ({ query, actor }) => svc.summary(ctx, actor, query));
  bind(app, ep.skuTrend, async ({ query, actor }) => svc.trend(ctx, actor, query));
  bind(app, ep.skuAnalysisExcel, async ({ query, actor, req }) =>
    svc.exportExcel(ctx, actor, query, req.headers['accept-language']),
  );
}
