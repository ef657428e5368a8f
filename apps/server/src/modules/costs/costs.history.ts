/** Who may read the history of the cost records (see platform/audit/history.registry.ts): the company's own staff. */

import type { HistoryReaderMap } from '../../platform/area';
import { companyData } from '../../platform/audit/history.registry';

export const costsHistory: HistoryReaderMap = {
  material: { permission: 'product:materialCost', canSee: companyData },
  // A price is kept per material and start date: `${materialId}/${effectiveFrom}`.
  material_price: { permission: 'product:materialCost', canSee: companyData },
  bom: { permission: 'product:bomCost', canSee: companyData },
  // `${skuId}/${effectiveFrom}` and `${skuId}/${marketId}/${effectiveFrom}`.
  sku_cost: { permission: 'product:cost', canSee: companyData },
  sku_fee: { permission: 'product:cost', canSee: companyData },
};
