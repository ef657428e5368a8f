/** User groups of the account (a tab of /user/child); every change refetches the groups. */
import { type EndpointBodyInput, users as ep } from '@bo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { userKeys } from '../access.keys';

export const userGroupKeys = { all: () => ['userGroups'] as const };

export const userGroupsQuery = () => queryOptions({ queryKey: userGroupKeys.all(), queryFn: () => call(ep.listUserGroups, {}) });

/** Every user of the account (one page of up to 500), for the member picker; under the user lists' key. */
export const groupMemberOptionsQuery = () =>
  queryOptions({
    queryKey: [...userKeys.lists(), 'memberOptions'] as const,
    queryFn: async () => (await call(ep.listChildUsers, { query: { pageSize: 500 } })).list,
  });

export type CreateGroupBody = EndpointBodyInput<typeof ep.createUserGroup>;
export type UpdateGroupBody = EndpointBodyInput<typeof ep.updateUserGroup>;

function useGroupMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: userGroupKeys.all() }) });
}

export const useCreateGroup = () =>
  useGroupMutation((body: CreateGroupBody) => call(ep.createUserGroup, { body }, { silent: true }));
export const useUpdateGroup = () =>
  useGroupMutation(({ id, body }: { id: number; body: UpdateGroupBody }) =>
    call(ep.updateUserGroup, { params: { id }, body }, { silent: true }),
  );
export const useDeleteGroup = () =>
  useGroupMutation((id: number) => call(ep.deleteUserGroup, { params: { id } }, { silent: true }));
