/** Costs: unit costs and fees, materials, bills of materials (see README.md). */
import { defineArea } from '../../platform/area';
import { bomImport } from './bom/bom.import';
import { costsHistory } from './costs.history';
import { costsRoutes } from './costs.routes';
import { applyCostsDemoOnce } from './costs.seed';
import { feeImport } from './fees/fees.import';
import { materialImport } from './materials/materials.import';
import { unitCostImport } from './unit-costs/unit-costs.import';

export const costsArea = defineArea({
  name: 'costs',
  routes: costsRoutes,
  importKinds: {
    company: { 'sku-costs': unitCostImport, 'sku-fees': feeImport, materials: materialImport, bom: bomImport },
  },
  historyReaders: costsHistory,
  // Materials and bills of materials for the demo SKUs.
  seed: [{ name: 'costs', after: ['sales'], run: applyCostsDemoOnce }],
});
