/** Who may read the history of shipment plans, batches, delivery lists and claims (platform/audit/history.registry.ts): their screen's holders who see the shop. */
import type { HistoryReaderMap } from '../../platform/area';
import { shopScoped } from '../../platform/audit/history.registry';
import { shopOfBatch, shopOfDeliveryList } from './batches.repository';
import { shopOfClaim, shopOfPlan } from './claims.repository';
import { shopsOfWave } from './waves.repository';

export const inventoryHistory: HistoryReaderMap = {
  shipment_plan: { permission: 'scm:inventory:plan', canSee: shopScoped('shipment_plan', shopOfPlan) },
  shipment_batch: { permission: 'scm:shipment:batch', canSee: shopScoped('shipment_batch', shopOfBatch) },
  delivery_list: { permission: 'scm:shipment:batch', canSee: shopScoped('delivery_list', shopOfDeliveryList) },
  fba_claim: { permission: 'tools:fbaClaim', canSee: shopScoped('fba_claim', shopOfClaim) },
  // A wave spans shops: the caller sees its history when they see every shop of its lines (a deleted wave: nobody).
  shipment_wave: {
    permission: ['scm:shipment:planNext', 'scm:shipment:smart'],
    canSee: async (ctx, _actor, entityId, scope) => {
      const shops = await shopsOfWave(ctx.db, Number(entityId));
      const visible = (await scope()).shopIds;
      return shops.length > 0 && shops.every((s) => visible.includes(s));
    },
  },
};
