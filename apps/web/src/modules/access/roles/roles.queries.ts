/**
 * Roles of the account (/role/perms): the queries besides the list (the kit's list reads
 * under `roleKeys.all`) and the mutations. Each mutation
 * invalidates exactly what it changes: the role lists, that role's permissions or
 * holders, and the user lists (which show role names).
 */
import { type EndpointBodyInput, type EndpointData, roles as ep } from '@bo/contract';
import type { Role } from '@bo/contract/access/roles';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { roleKeys, userKeys } from '../access.keys';

const PICKER_PAGE = 500;

/** All roles of the account, page after page (a picker needs every one). */
export const allRolesQuery = () =>
  queryOptions({
    queryKey: roleKeys.every(),
    queryFn: async ({ signal }) => {
      const out: Role[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = await call(ep.listRoles, { query: { pageNum, pageSize: PICKER_PAGE } }, { signal });
        out.push(...page.list);
        if (page.list.length < PICKER_PAGE || out.length >= page.total) return out;
      }
    },
  });

export const permissionTreeQuery = () =>
  queryOptions({
    queryKey: roleKeys.tree(),
    queryFn: ({ signal }) => call(ep.permissionTree, {}, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * What a role holds, for its editor. Not kept once the editor closes (gcTime 0): the form
 * opens only on what the server holds when it opens, never on an older copy.
 */
export const rolePermissionsQuery = (id: number) =>
  queryOptions({
    queryKey: roleKeys.permissions(id),
    queryFn: ({ signal }) => call(ep.rolePermissions, { params: { id } }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

/** Who holds a role; always asked afresh, since a delete is confirmed on it. */
export const roleHoldersQuery = (id: number) =>
  queryOptions({
    queryKey: roleKeys.holders(id),
    queryFn: ({ signal }) => call(ep.usersOfRole, { params: { id } }, { signal }),
    staleTime: 0,
  });
export type RoleHolder = EndpointData<typeof ep.usersOfRole>[number];

export type CreateRoleBody = EndpointBodyInput<typeof ep.createRole>;
export type UpdateRoleBody = EndpointBodyInput<typeof ep.updateRole>;

export function useCreateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRoleBody) => call(ep.createRole, { body }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.lists() }),
  });
}

export function useUpdateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRoleBody) => call(ep.updateRole, { body }, { silent: true }),
    onSuccess: (_data, body) =>
      Promise.all([
        client.invalidateQueries({ queryKey: roleKeys.lists() }),
        client.invalidateQueries({ queryKey: roleKeys.permissions(body.id) }),
        client.invalidateQueries({ queryKey: userKeys.lists() }),
      ]),
  });
}

/**
 * Deletes a role; `force` confirms that its holders lose it. The role's own permission
 * and holder entries are left to expire: the confirmation still shows them while it closes.
 */
export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: number; force: boolean }) =>
      call(ep.deleteRole, { query: { id, force: force ? 'true' : 'false' } }, { silent: true }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: roleKeys.lists() }),
        client.invalidateQueries({ queryKey: userKeys.lists() }),
      ]),
  });
}
