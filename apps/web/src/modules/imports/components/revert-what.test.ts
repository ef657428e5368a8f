import { IMPORT_KINDS } from '@bo/contract/imports/imports';
import { describe, expect, it } from 'vitest';
import { importsEnUS, importsZhCN } from '../imports.locale';
import { revertWhat } from './RevertImportButton';

describe('revertWhat', () => {
  it('names, for every import kind, a text in both languages of what its revert puts back', () => {
    for (const kind of Object.keys(IMPORT_KINDS) as (keyof typeof IMPORT_KINDS)[]) {
      const key = revertWhat(kind);
      expect(importsEnUS.revertWhat[key], kind).toMatch(/\S/);
      expect(importsZhCN.revertWhat[key], kind).toMatch(/\S/);
    }
    expect(revertWhat('sku-costs')).toBe('costs');
    expect(revertWhat('sp-campaign')).toBe('ads');
    expect(revertWhat('order-returns')).toBe('orders');
    expect(revertWhat('ads-bulk')).toBe('bulk');
  });
});
