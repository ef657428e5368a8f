/** Who may read the history of exchange rates and sales teams (see platform/audit/history.registry.ts): the company's own staff. */
import { companyData, registerHistoryReader } from '../../../platform/audit/history.registry';
import type { AppContext } from '../../../platform/context';

export function registerSalesBasisHistory(ctx: AppContext): void {
  // A rate is kept per currency and start date: `${currency}/${effectiveFrom}`.
  registerHistoryReader(ctx, 'exchange_rate', { permission: 'sales:basisInfo', canSee: companyData });
  registerHistoryReader(ctx, 'sales_team', { permission: 'sales:basisInfo', canSee: companyData });
}
