import * as ep from '@bo/contract/costs/unit-costs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import { langOf } from '../shared/costs-sql';
import * as svc from './unit-costs.service';

export function unitCostsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listSkuCosts, async ({ query }) => svc.list(ctx, query));
  bind(app, ep.exportSkuCosts, async ({ query, req }) => svc.exportExcel(ctx, query, langOf(req.headers['accept-language'])));
  bind(app, ep.skuCostTemplate, async ({ req }) => svc.template(langOf(req.headers['accept-language'])));
  bind(app, ep.getSkuCostHistory, async ({ params }) => svc.history(ctx, params.skuId));
  bind(app, ep.setSkuCost, async ({ body, actor }) => svc.set(ctx, actor, body));
  bind(app, ep.deleteSkuCost, async ({ params, actor }) => svc.remove(ctx, actor, params.skuId, params.effectiveFrom));
}
