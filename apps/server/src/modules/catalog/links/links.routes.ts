import { catalogLinks as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './links.service';

export function linksRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listLinks, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.linkSkuOptions, async ({ query }) => svc.skuOptions(ctx, query.keyword));
  bind(app, ep.createLink, async ({ body, actor }) => svc.create(ctx, actor, body));
  bind(app, ep.updateLink, async ({ body, actor }) => svc.update(ctx, actor, body));
  bind(app, ep.deleteLink, async ({ params, actor }) => svc.remove(ctx, actor, params.id));
}
