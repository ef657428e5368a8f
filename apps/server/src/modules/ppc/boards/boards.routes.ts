import { ppcBoards as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './boards.service';
import * as suggest from './suggestions.service';

export function boardsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.dashboard, async ({ query, scope }) => svc.dashboard(ctx, await scope(), query));
  bind(app, ep.skuAdvAnalysis, async ({ query, scope }) => svc.skuAdvAnalysis(ctx, await scope(), query));
  bind(app, ep.reportAnalysis, async ({ query, scope }) => svc.reportAnalysis(ctx, await scope(), query));
  bind(app, ep.reportAnalysisCsv, async ({ query, scope }) => svc.reportAnalysisCsv(ctx, await scope(), query));
  bind(app, ep.reportExport, async ({ query, scope }) => svc.reportExport(ctx, await scope(), query));
  bind(app, ep.suggestions, async ({ query, scope }) => suggest.suggestions(ctx, await scope(), query));
  bind(app, ep.applySuggestions, async ({ body, actor, scope }) => suggest.applySuggestions(ctx, actor, await scope(), body));
  bind(app, ep.outBudget, async ({ query, scope }) => svc.outBudget(ctx, await scope(), query));
}
