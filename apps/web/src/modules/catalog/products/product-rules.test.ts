import { describe, expect, it } from 'vitest';
import { lifecycleChoices, productCostPath, productDetailsPath } from './product-rules';

describe('lifecycleChoices', () => {
  it('offers every lifecycle to a new product', () => {
    expect(lifecycleChoices(null)).toEqual([0, 1, 2]);
  });
  it('offers the current lifecycle and its allowed moves only', () => {
    expect(lifecycleChoices(0)).toEqual([0, 1]);
    expect(lifecycleChoices(1)).toEqual([1, 2]);
    expect(lifecycleChoices(2)).toEqual([1, 2]);
  });
});

describe('paths', () => {
  it('links details and costs', () => {
    expect(productDetailsPath(12)).toBe('/productMgr/details?id=12');
    expect(productCostPath('H6199 A/B')).toBe('/productCost?keyword=H6199%20A%2FB');
  });
});
