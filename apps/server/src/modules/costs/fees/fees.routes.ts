import * as ep from '@bo/contract/costs/fees';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import { langOf } from '../shared/costs-sql';
import * as svc from './fees.service';

export function feesRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listSkuFees, async ({ query }) => svc.list(ctx, query));
  bind(app, ep.exportSkuFees, async ({ query, req }) => svc.exportExcel(ctx, query, langOf(req.headers['accept-language'])));
  bind(app, ep.skuFeeTemplate, async ({ req }) => svc.template(langOf(req.headers['accept-language'])));
  bind(app, ep.getSkuFeeHistory, async ({ params }) => svc.history(ctx, params.skuId, params.marketId));
  bind(app, ep.setSkuFee, async ({ body, actor }) => svc.set(ctx, actor, body));
  bind(app, ep.deleteSkuFee, async ({ params, actor }) =>
    svc.remove(ctx, actor, params.skuId, params.marketId, params.effectiveFrom),
  );
}
