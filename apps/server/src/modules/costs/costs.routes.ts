/** The cost screens' routes (/productCost, /mcost, /bomcost) and their import kinds. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerImportKind } from '../imports/import-kinds';
import { bomImport } from './bom/bom.import';
import { bomRoutes } from './bom/bom.routes';
import { feeImport } from './fees/fees.import';
import { feesRoutes } from './fees/fees.routes';
import { materialImport } from './materials/materials.import';
import { materialsRoutes } from './materials/materials.routes';
import { unitCostImport } from './unit-costs/unit-costs.import';
import { unitCostsRoutes } from './unit-costs/unit-costs.routes';
import { registerCostsHistory } from './costs.history';

export function costsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCostsHistory(ctx);
  registerImportKind('sku-costs', unitCostImport);
  registerImportKind('sku-fees', feeImport);
  registerImportKind('materials', materialImport);
  registerImportKind('bom', bomImport);
  unitCostsRoutes(app, ctx);
  feesRoutes(app, ctx);
  materialsRoutes(app, ctx);
  bomRoutes(app, ctx);
}
