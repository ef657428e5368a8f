import { describe, expect, it } from 'vitest';
import { flagOf, hiddenMarketsText, marketOf, marketShortLabel } from '../../../shared/markets/markets';

describe('markets', () => {
  it('finds markets by id', () => {
    expect(marketOf(2)?.code).toBe('UK');
    expect(marketOf(99)).toBeUndefined();
  });

  it('draws flags from codes, the UK as GB', () => {
    expect(flagOf('US')).toBe('🇺🇸');
    expect(flagOf('UK')).toBe('🇬🇧');
    expect(flagOf('x')).toBe('');
  });

  it('names chosen marketplaces by code in a multi-select, also the ones without room', () => {
    expect(marketShortLabel(0, false)).toBe('US');
    expect(marketShortLabel(1, true)).toBe('🇩🇪 DE');
    expect(hiddenMarketsText([3, 4])).toBe('+ JP CA');
  });
});
