/** Who may read the history of shipment plans and claims (platform/audit/history.registry.ts): their screen's holders who see the shop. */
import type { HistoryReaderMap } from '../../platform/area';
import { shopScoped } from '../../platform/audit/history.registry';
import { shopOfClaim, shopOfPlan } from './claims.repository';

export const inventoryHistory: HistoryReaderMap = {
  shipment_plan: { permission: 'scm:inventory:plan', canSee: shopScoped('shipment_plan', shopOfPlan) },
  fba_claim: { permission: 'tools:fbaClaim', canSee: shopScoped('fba_claim', shopOfClaim) },
};
