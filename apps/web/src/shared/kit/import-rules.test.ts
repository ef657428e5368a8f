import { describe, expect, it } from 'vitest';
import { importActions, oversize, uploadBody } from './import-wizard';

const uploader = (p: string) => p === 'sales:importTraffic:import';
const reader = () => false;
const br = 'business-report' as const;

describe('importActions', () => {
  it('offers discard on a held import, never commit', () => {
    expect(importActions({ kind: br, status: 'held', revertible: false, discardable: true }, uploader)).toEqual({
      commit: false,
      discard: true,
      revert: false,
    });
  });

  it('offers commit to those who may upload the kind, discard as the server says', () => {
    expect(importActions({ kind: br, status: 'preview', revertible: false, discardable: true }, uploader)).toMatchObject({
      commit: true,
      discard: true,
    });
    expect(importActions({ kind: br, status: 'preview', revertible: false, discardable: false }, uploader).discard).toBe(false);
    expect(importActions({ kind: br, status: 'preview', revertible: false, discardable: true }, reader).commit).toBe(false);
  });

  it('offers only revert on a committed import the server calls revertible, nothing on a discarded one', () => {
    expect(importActions({ kind: br, status: 'committed', revertible: true, discardable: false }, uploader)).toEqual({
      commit: false,
      discard: false,
      revert: true,
    });
    expect(importActions({ kind: br, status: 'committed', revertible: true, discardable: false }, reader).revert).toBe(false);
    expect(importActions({ kind: br, status: 'committed', revertible: false, discardable: false }, uploader).revert).toBe(false);
    expect(importActions({ kind: br, status: 'discarded', revertible: false, discardable: true }, uploader).discard).toBe(false);
  });
});

describe('an upload', () => {
  it('is refused before sending when larger than the contract allows', () => {
    expect(oversize({ size: 50 * 1024 * 1024 })).toBeNull();
    expect(oversize({ size: 50 * 1024 * 1024 + 1 })).toEqual({ size: '50', max: '50' });
    expect(oversize({ size: 80 * 1024 * 1024 })).toEqual({ size: '80', max: '50' });
  });

  it('sends the shop of a shop kind only, and the period as two dates', () => {
    const file = new File(['x'], 'a.csv');
    const sales = uploadBody({ kind: br, shopId: 3, period: ['2026-01-01', '2026-01-07'] }, file);
    expect([...sales.keys()]).toEqual(['kind', 'shopId', 'periodStart', 'periodEnd', 'file']);
    expect(sales.get('periodEnd')).toBe('2026-01-07');
    const costs = uploadBody({ kind: 'sku-costs', shopId: 3 }, file);
    expect([...costs.keys()]).toEqual(['kind', 'file']);
  });
});
