import { catalogModelInfo as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './model-info.service';

export function modelInfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listModelInfo, async ({ query }) => svc.list(ctx, query));
  bind(app, ep.createModelInfo, async ({ body, actor }) => svc.create(ctx, actor, body));
  bind(app, ep.updateModelInfo, async ({ body, actor }) => svc.update(ctx, actor, body));
  bind(app, ep.deleteModelInfo, async ({ params, actor }) => svc.remove(ctx, actor, params.productId));
}
