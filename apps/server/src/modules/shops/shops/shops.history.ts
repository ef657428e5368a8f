/**
 * Who may read the history of a seller's authorisation and of a shop's switches (see
 * platform/audit/history.registry.ts): whoever sees that seller's shops, by the same rule
 * as every other shop read (`scopeOf` in shops.service.ts).
 */

import type { HistoryReaderMap } from '../../../platform/area';
import { intId } from '../../../platform/audit/history.registry';
import { listAuths, visibleShopIds } from './shops.service';

export const shopsHistory: HistoryReaderMap = {
  seller: {
    permission: 'user:shop:auth',
    canSee: async (c, actor, sellerId) => (await listAuths(c, actor)).some((g) => g.sellerId === sellerId),
  },
  shop: {
    permission: 'user:shop:auth',
    canSee: async (c, actor, entityId) => {
      const id = intId(entityId);
      return id !== null && (await visibleShopIds(c, actor)).includes(id);
    },
  },
};
