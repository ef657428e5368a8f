/**
 * Which users the signed-in user may act on here, and how a user's state reads. The
 * server refuses (403) changes to oneself and to the built-in administrator; the screen
 * offers no action on them and says why.
 */
import type { ChildUser } from '@bo/contract/access/users';

export type LockReason = 'self' | 'builtin';
export type UserState = 'enabled' | 'disabled' | 'pending';

export function lockReason(user: Pick<ChildUser, 'id' | 'builtin'>, me: { id: number } | undefined): LockReason | null {
  if (!me) return null;
  if (user.id === me.id) return 'self';
  if (user.builtin) return 'builtin';
  return null;
}

export function userState(user: Pick<ChildUser, 'enabled' | 'state'>): UserState {
  if (user.state === 'pending') return 'pending';
  return user.enabled ? 'enabled' : 'disabled';
}
