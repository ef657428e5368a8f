import type { ShopAuth } from '@bo/contract/shops/shops';
import { describe, expect, it } from 'vitest';
import { selectSellers, sellerFilterSchema } from './seller-filters';

const seller = (sellerId: string, name: string, state: number): ShopAuth => ({
  sellerId,
  name,
  state,
  version: 1,
  shops: [
    { shopId: 1, name: `${name} US`, marketId: 0, mwsUrl: null, mwsAuthState: state, ppcState: 0, spAuthState: 0, version: 1 },
  ],
});

describe('seller filters', () => {
  const list = [seller('A1LUMIOSELLER', 'Lumio', 1), seller('A2SHOPASELLER', 'Brightway Home', 0)];

  it('matches seller id, name or shop name, in the chosen state', () => {
    expect(selectSellers(list, 'bright', 'all').map((s) => s.name)).toEqual(['Brightway Home']);
    expect(selectSellers(list, 'a1lumio', 'all')).toHaveLength(1);
    expect(selectSellers(list, 'home us', 'all')).toHaveLength(1);
    expect(selectSellers(list, '', 'pending').map((s) => s.name)).toEqual(['Brightway Home']);
    expect(selectSellers(list, '', 'authorised').map((s) => s.name)).toEqual(['Lumio']);
  });

  it('reads a bad query string as the defaults', () => {
    expect(sellerFilterSchema.parse({ keyword: '', state: 'nonsense', pageNum: '-3', pageSize: 'x' })).toEqual({
      keyword: '',
      state: 'all',
      pageNum: 1,
      pageSize: 20,
    });
  });
});
