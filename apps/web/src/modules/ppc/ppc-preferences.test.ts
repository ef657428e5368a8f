import { afterEach, describe, expect, it } from 'vitest';
import { PPC_STORAGE_KEYS, readPpcPreferences, savePpcPreferences } from './ppc-preferences';

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
