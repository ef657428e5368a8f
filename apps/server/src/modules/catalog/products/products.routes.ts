import { catalogProducts as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import { productSales } from './product-sales.service';
import * as svc from './products.service';

export function productsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listProducts, async ({ query, scope }) => svc.list(ctx, await scope(), query));
  bind(app, ep.exportProducts, async ({ query, scope, req }) =>
    svc.exportExcel(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, ep.getProduct, async ({ params, scope }) => svc.detail(ctx, await scope(), params.id));
  bind(app, ep.createProduct, async ({ body, actor, scope }) => svc.create(ctx, actor, await scope(), body));
  bind(app, ep.updateProduct, async ({ body, actor, scope }) => svc.update(ctx, actor, await scope(), body));
  bind(app, ep.deleteProduct, async ({ params, actor }) => svc.remove(ctx, actor, params.id));
  bind(app, ep.createSku, async ({ params, body, actor, scope }) => svc.addSku(ctx, actor, await scope(), params.id, body));
  bind(app, ep.updateSku, async ({ params, body, actor, scope }) => svc.updateSku(ctx, actor, await scope(), params.skuId, body));
  bind(app, ep.deleteSku, async ({ params, actor }) => svc.removeSku(ctx, actor, params.skuId));
  bind(app, ep.productSales, async ({ params, actor }) => productSales(ctx, actor, params.id));
}
