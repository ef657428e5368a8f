/** The cost screens' routes (/productCost, /mcost, /bomcost). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bomRoutes } from './bom/bom.routes';
import { feesRoutes } from './fees/fees.routes';
import { materialsRoutes } from './materials/materials.routes';
import { unitCostsRoutes } from './unit-costs/unit-costs.routes';

export function costsRoutes(app: FastifyInstance, ctx: AppContext): void {
  unitCostsRoutes(app, ctx);
  feesRoutes(app, ctx);
  materialsRoutes(app, ctx);
  bomRoutes(app, ctx);
}
