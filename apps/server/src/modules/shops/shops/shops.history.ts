/**
 * Who may read the history of a seller's authorisation and of a shop's switches (see
 * platform/audit/history.registry.ts): whoever sees that seller's shops, by the same rule
 * as every other shop read (`scopeOf` in shops.service.ts).
 */

import type { HistoryReaderMap } from '../../../platform/area';
import { intId } from '../../../platform/audit/history.registry';
import { scopeHas } from './shop-scope';
import { listAuths } from './shops.service';

export const shopsHistory: HistoryReaderMap = {
  seller: {
    permission: 'user:shop:auth',
    canSee: async (c, actor, sellerId) => (await listAuths(c, actor)).some((g) => g.sellerId === sellerId),
  },
  shop: {
    permission: 'user:shop:auth',
    canSee: async (_c, _actor, entityId, scope) => {
      const id = intId(entityId);
      return id !== null && scopeHas(await scope(), id);
    },
  },
};
