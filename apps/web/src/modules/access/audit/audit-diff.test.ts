import { describe, expect, it } from 'vitest';
import { changedKeys, prettyJson } from './audit-diff';

describe('audit diff', () => {
  it('names the top-level keys that changed', () => {
    expect(changedKeys({ name: 'a', permissions: ['x'], same: 1 }, { name: 'b', permissions: ['x', 'y'], same: 1 })).toEqual([
      'name',
      'permissions',
    ]);
    expect(changedKeys(null, { name: 'a' })).toEqual([]);
    expect(changedKeys({ gone: 1 }, {})).toEqual(['gone']);
  });

  it('prints absent values as null', () => {
    expect(prettyJson(undefined)).toBe('null');
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
