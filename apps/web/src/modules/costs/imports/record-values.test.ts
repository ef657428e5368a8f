import { describe, expect, it } from 'vitest';
import { recordPairs } from './record-values';

describe('import record values', () => {
  it('labels values, hides ids and keys, shows markets and rates readably', () => {
    expect(
      recordPairs({ skuId: 7, sku: 'A-1', marketId: 1, effectiveFrom: '2026-03-01', referralRate: '0.1500', fbaFee: '3.00' }),
    ).toEqual([
      ['costs.column.market', 'DE'],
      ['costs.column.referralRate', '15.00%'],
      ['costs.column.fbaFee', '3'],
    ]);
    expect(recordPairs({ supplier: null })).toEqual([['costs.mcost.supplier', '—']]);
    expect(recordPairs(null)).toEqual([]);
  });
});
