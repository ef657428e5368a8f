import * as ep from '@bo/contract/customs/basics';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as svc from './customs.service';

export function customsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listCustomsBasics, async ({ query, actor }) => svc.listBasicPage(ctx, actor, query));
  bind(app, ep.listMissingModels, async ({ query, actor }) => svc.listMissingPage(ctx, actor, query));
  bind(app, ep.customsModelChoices, async ({ query, actor }) => svc.modelChoices(ctx, actor, query.keyword, query.productId));
  bind(app, ep.createCustomsBasic, async ({ body, actor }) => svc.createBasic(ctx, actor, body));
  bind(app, ep.updateCustomsBasic, async ({ params, body, actor }) => svc.updateBasic(ctx, actor, params.id, body));
  bind(app, ep.deleteCustomsBasic, async ({ params, actor }) => svc.deleteBasic(ctx, actor, params.id));
}
