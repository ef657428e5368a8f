import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { filterRoutes } from './filter/filter.routes';
import { monitorRoutes } from './monitor/monitor.routes';
import { skuAnalysisRoutes } from './sku-analysis/sku-analysis.routes';

/** SKU analysis, the listing monitor and the listing filter (see README.md). */
export function listingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  skuAnalysisRoutes(app, ctx);
  monitorRoutes(app, ctx);
  filterRoutes(app, ctx);
}
