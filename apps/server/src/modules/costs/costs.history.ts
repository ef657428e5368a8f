/** Who may read the history of the cost records (see platform/audit/history.registry.ts): the company's own staff. */
import { companyData, registerHistoryReader } from '../../platform/audit/history.registry';
import type { AppContext } from '../../platform/context';

export function registerCostsHistory(ctx: AppContext): void {
  registerHistoryReader(ctx, 'material', { permission: 'product:materialCost', canSee: companyData });
  // A price is kept per material and start date: `${materialId}/${effectiveFrom}`.
  registerHistoryReader(ctx, 'material_price', { permission: 'product:materialCost', canSee: companyData });
  registerHistoryReader(ctx, 'bom', { permission: 'product:bomCost', canSee: companyData });
  // `${skuId}/${effectiveFrom}` and `${skuId}/${marketId}/${effectiveFrom}`.
  registerHistoryReader(ctx, 'sku_cost', { permission: 'product:cost', canSee: companyData });
  registerHistoryReader(ctx, 'sku_fee', { permission: 'product:cost', canSee: companyData });
}
