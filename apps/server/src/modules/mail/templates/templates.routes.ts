import { mailTemplates as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import { csTreesRoutes } from '../cs-trees/cs-trees.routes';
import { keywordsRoutes } from '../keywords/keywords.routes';
import * as svc from './templates.service';

export function mailTemplatesRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listTemplates, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.templateContent, async ({ params, actor }) => svc.content(ctx, actor, params.templateId));
  bind(app, ep.createTemplate, async ({ body, actor }) => svc.create(ctx, actor, body));
  bind(app, ep.updateTemplate, async ({ body, actor }) => svc.update(ctx, actor, body));
  bind(app, ep.deleteTemplate, async ({ params, actor }) => svc.remove(ctx, actor, params.templateId));
  // The other customer-service configuration of this slice registers here, so app.ts names one function.
  csTreesRoutes(app, ctx);
  keywordsRoutes(app, ctx);
}
