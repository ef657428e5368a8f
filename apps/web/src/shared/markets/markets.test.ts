import { describe, expect, it } from 'vitest';
import { flagOf, shopLabel } from './markets';

describe('shopLabel', () => {
  it('names a shop with its marketplace code, as every picker and table shows it', () => {
    expect(shopLabel('Lumio', 1)).toMatch(/^Lumio · [A-Z]{2}$/);
  });
  it('is the name alone when the shop has no marketplace (an import without a shop scope)', () => {
    expect(shopLabel('Lumio', null)).toBe('Lumio');
  });
});

describe('flagOf', () => {
  it("draws the UK as GB's flag and refuses what is not a two-letter code", () => {
    expect(flagOf('UK')).toBe(flagOf('GB'));
    expect(flagOf('usa')).toBe('');
  });
});
