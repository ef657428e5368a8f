import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { linksRoutes } from './links/links.routes';
import { modelInfoRoutes } from './model-info/model-info.routes';
import { productsRoutes } from './products/products.routes';

/** Product information: products and SKUs, model info, product links. */
export function catalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  productsRoutes(app, ctx);
  modelInfoRoutes(app, ctx);
  linksRoutes(app, ctx);
}
