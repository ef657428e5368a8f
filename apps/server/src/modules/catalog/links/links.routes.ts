import { catalogLinks as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './links.service';

export function linksRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listLinks, async ({ query, scope }) => svc.list(ctx, await scope(), query));
  bind(app, ep.linkSkuOptions, async ({ query }) => svc.skuOptions(ctx, query.keyword));
  bind(app, ep.createLink, async ({ body, actor, scope }) => svc.create(ctx, actor, await scope(), body));
  bind(app, ep.updateLink, async ({ body, actor, scope }) => svc.update(ctx, actor, await scope(), body));
  bind(app, ep.deleteLink, async ({ params, actor, scope }) => svc.remove(ctx, actor, await scope(), params.id));
}
