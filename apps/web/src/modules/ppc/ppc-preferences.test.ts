import { afterEach, describe, expect, it } from 'vitest';
import {
  PPC_GUARD_KEY,
  PPC_STORAGE_KEYS,
  readPpcGuard,
  readPpcPreferences,
  savePpcGuard,
  savePpcPreferences,
} from './ppc-preferences';
import { lastUsedOf, pickPpcShop, rememberPpcShop } from './use-ppc-shop';

const memory = new Map<string, string>();
globalThis.localStorage ??= {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
  clear: () => memory.clear(),
  key: () => null,
  length: 0,
} as Storage;

afterEach(() => {
  for (const k of Object.values(PPC_STORAGE_KEYS)) globalThis.localStorage.removeItem(k);
});

describe('saved PPC choices', () => {
  it('saves and reads shop, campaign type, market and seller', () => {
    expect(readPpcPreferences()).toEqual({ shopId: null, campaignType: null, marketId: null, sellerId: null });
    savePpcPreferences({ shopId: 7, marketId: 1, sellerId: 'A1LUMIOSELLER', campaignType: 'sb' });
    expect(readPpcPreferences()).toEqual({ shopId: 7, campaignType: 'sb', marketId: 1, sellerId: 'A1LUMIOSELLER' });
    savePpcPreferences({ campaignType: null });
    expect(readPpcPreferences()).toMatchObject({ shopId: 7, campaignType: null });
  });
  it('ignores values it cannot use', () => {
    globalThis.localStorage.setItem(PPC_STORAGE_KEYS.shopId, 'abc');
    globalThis.localStorage.setItem(PPC_STORAGE_KEYS.campaignType, 'xx');
    expect(readPpcPreferences()).toMatchObject({ shopId: null, campaignType: null });
  });
});

describe('the shop of a PPC screen', () => {
  const shops = [{ shopId: 9 }, { shopId: 3 }, { shopId: 5 }];
  it('is the link’s, else the last used, else the first', () => {
    expect(pickPpcShop(shops, 5, 3)?.shopId).toBe(5);
    expect(pickPpcShop(shops, 77, 3)?.shopId).toBe(3);
    expect(pickPpcShop(shops, null, null)?.shopId).toBe(9);
    expect(pickPpcShop([], null, 3)).toBeNull();
  });
  it('is remembered when shown, and a multi-shop filter remembers the shop just added, never a cleared one', () => {
    rememberPpcShop({ shopId: 5, marketId: 1, sellerId: 'S' });
    expect(readPpcPreferences()).toMatchObject({ shopId: 5, marketId: 1, sellerId: 'S' });
    expect(lastUsedOf([3], [3, 5])).toBe(5);
    expect(lastUsedOf([3, 5], [3])).toBeNull();
    expect(lastUsedOf([3], [])).toBeNull();
  });
});

describe('change guardrails', () => {
  afterEach(() => globalThis.localStorage.removeItem(PPC_GUARD_KEY));
  it('default to ±50 % and no maximum bid, keep at most the server’s step, and drop what they cannot use', () => {
    expect(readPpcGuard()).toEqual({ stepPct: 50, maxBids: {} });
    savePpcGuard({ stepPct: 20, maxBids: { USD: 3, JPY: 300 } });
    expect(readPpcGuard()).toEqual({ stepPct: 20, maxBids: { USD: 3, JPY: 300 } });
    globalThis.localStorage.setItem(PPC_GUARD_KEY, JSON.stringify({ stepPct: 400, maxBids: { usd: 1, EUR: -2, GBP: 'x' } }));
    expect(readPpcGuard()).toEqual({ stepPct: 50, maxBids: {} });
    globalThis.localStorage.setItem(PPC_GUARD_KEY, '{not json');
    expect(readPpcGuard()).toEqual({ stepPct: 50, maxBids: {} });
  });
});
