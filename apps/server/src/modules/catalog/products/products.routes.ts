import { catalogProducts as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import { productSales } from './product-sales.service';
import * as svc from './products.service';

export function productsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listProducts, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.exportProducts, async ({ query, actor, req }) =>
    svc.exportExcel(ctx, actor, query, req.headers['accept-language']),
  );
  bind(app, ep.getProduct, async ({ params, actor }) => svc.detail(ctx, actor, params.id));
  bind(app, ep.createProduct, async ({ body, actor }) => svc.create(ctx, actor, body));
  bind(app, ep.updateProduct, async ({ body, actor }) => svc.update(ctx, actor, body));
  bind(app, ep.deleteProduct, async ({ params, actor }) => svc.remove(ctx, actor, params.id));
  bind(app, ep.createSku, async ({ params, body, actor }) => svc.addSku(ctx, actor, params.id, body));
  bind(app, ep.updateSku, async ({ params, body, actor }) => svc.updateSku(ctx, actor, params.skuId, body));
  bind(app, ep.deleteSku, async ({ params, actor }) => svc.removeSku(ctx, actor, params.skuId));
  bind(app, ep.productSales, async ({ params, actor }) => productSales(ctx, actor, params.id));
}
