import { describe, expect, it } from 'vitest';
import { lockReason, userState } from './user-rules';

describe('user rules', () => {
  const me = { id: 7, accountId: 1 };

  it('locks oneself and the built-in administrator', () => {
    expect(lockReason({ id: 7, builtin: false }, me)).toBe('self');
    expect(lockReason({ id: 1, builtin: true }, me)).toBe('builtin');
    expect(lockReason({ id: 8, builtin: false }, me)).toBeNull();
    expect(lockReason({ id: 8, builtin: false }, undefined)).toBeNull();
  });

  it('reads pending before enabled', () => {
    expect(userState({ state: 'pending', enabled: false })).toBe('pending');
    expect(userState({ state: 'active', enabled: true })).toBe('enabled');
    expect(userState({ state: 'active', enabled: false })).toBe('disabled');
  });
});
