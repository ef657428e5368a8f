/**
 * Users of the account (/user/child): the role picker, a fresh read of one user and the
 * mutations (the kit's list reads under `userKeys.all`). Each mutation
 * invalidates exactly what it changes: the user lists, and where roles are given or a
 * name changes, the role lists (user counts) and the holders of roles.
 */
import { type EndpointBodyInput, users as ep } from '@bo/contract';
import type { ChildUser } from '@bo/contract/access/users';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { useInvalidate } from '../../../shared/http/use-invalidate';
import { roleKeys, userKeys } from '../access.keys';

/**
 * The account's roles for the pickers of /user/child, each marked whether the caller may give
 * it. Not the role editor's list: that needs user:role:perms, which a user manager may lack.
 */
export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: roleKeys.options(),
    queryFn: ({ signal }) => call(ep.childUserRoles, {}, { signal }),
  });

/** The user as the server has it now (a stale edit reloads from here); null when gone. */
export async function fetchFreshUser(user: Pick<ChildUser, 'id' | 'loginName'>): Promise<ChildUser | null> {
  const page = await call(ep.listChildUsers, { query: { keyword: user.loginName, pageSize: 500 } });
  return page.list.find((u) => u.id === user.id) ?? null;
}

export type CreateUserBody = EndpointBodyInput<typeof ep.createChildUser>;
export type UpdateUserBody = EndpointBodyInput<typeof ep.updateChildUser>;

/** Role lists count users, and holders list names: both follow users' roles and names. */
function useInvalidateUsersAndRoles() {
  return useInvalidate(userKeys.lists(), roleKeys.lists(), roleKeys.allHolders());
}

export function useCreateUser() {
  const invalidate = useInvalidateUsersAndRoles();
  return useMutation({
    mutationFn: (body: CreateUserBody) => call(ep.createChildUser, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsersAndRoles();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) =>
      call(ep.updateChildUser, { params: { id }, body }, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Enables (or approves) and disables a user: only the user lists change. */
export function useSetUserState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled, version }: { id: number; enabled: boolean; version: number }) =>
      call(ep.setChildUserState, { params: { id }, body: { enabled, version } }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

/** Sets a new password; the user's version moves, so the lists refetch. */
export function useResetUserPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      call(ep.resetChildUserPassword, { params: { id }, body: { password } }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
