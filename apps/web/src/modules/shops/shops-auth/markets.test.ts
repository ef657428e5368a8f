import { describe, expect, it } from 'vitest';
import { flagOf, marketOf } from './markets';

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
});
