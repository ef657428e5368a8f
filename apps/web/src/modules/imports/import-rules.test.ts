import { describe, expect, it } from 'vitest';
import { importActions } from './import-rules';

describe('importActions', () => {
  it('offers discard on a held import, never commit', () => {
    expect(importActions({ status: 'held', revertible: false, discardable: true })).toEqual({
      commit: false,
      discard: true,
      revert: false,
    });
  });

  it('offers commit and discard on a preview the caller may discard', () => {
    expect(importActions({ status: 'preview', revertible: false, discardable: true })).toMatchObject({
      commit: true,
      discard: true,
    });
    expect(importActions({ status: 'preview', revertible: false, discardable: false }).discard).toBe(false);
  });

  it('offers only revert on a committed import, nothing on a discarded one', () => {
    expect(importActions({ status: 'committed', revertible: true, discardable: false })).toEqual({
      commit: false,
      discard: false,
      revert: true,
    });
    expect(importActions({ status: 'discarded', revertible: false, discardable: true }).discard).toBe(false);
  });
});
