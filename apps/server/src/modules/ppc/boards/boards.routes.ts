import { ppcBoards as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './boards.service';
import * as suggest from './suggestions.service';

export function boardsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.dashboard, async ({ query, actor }) => svc.dashboard(ctx, actor, query));
  bind(app, ep.skuAdvAnalysis, async ({ query, actor }) => svc.skuAdvAnalysis(ctx, actor, query));
  bind(app, ep.reportAnalysis, async ({ query, actor }) => svc.reportAnalysis(ctx, actor, query));
  bind(app, ep.reportAnalysisCsv, async ({ query, actor }) => svc.reportAnalysisCsv(ctx, actor, query));
  bind(app, ep.reportExport, async ({ query, actor }) => svc.reportExport(ctx, actor, query));
  bind(app, ep.suggestions, async ({ query, actor }) => suggest.suggestions(ctx, actor, query));
  bind(app, ep.applySuggestions, async ({ body, actor }) => suggest.applySuggestions(ctx, actor, body));
  bind(app, ep.outBudget, async ({ query, actor }) => svc.outBudget(ctx, actor, query));
}
