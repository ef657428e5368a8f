import * as ep from '@bo/contract/costs/boms';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import { langOf } from '../shared/costs-sql';
import * as svc from './bom.service';

export function bomRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listBoms, async ({ query }) => svc.list(ctx, query));
  bind(app, ep.exportBoms, async ({ query, req }) => svc.exportExcel(ctx, query, langOf(req.headers['accept-language'])));
  bind(app, ep.bomTemplate, async ({ req }) => svc.template(langOf(req.headers['accept-language'])));
  bind(app, ep.getBom, async ({ params, query }) => svc.get(ctx, params.skuId, query.day));
  bind(app, ep.applyBomCost, async ({ params, body, actor }) => svc.apply(ctx, actor, params.skuId, body.effectiveFrom));
}
