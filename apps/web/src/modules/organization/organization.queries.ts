/** The organisation: the department list (the tree), the user choices, an employee's memberships, and the writes. */
import { type EndpointBodyInput, organization as ep } from '@bo/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const orgKeys = {
  all: ['organization'] as const,
  departments: ['organization', 'departments'] as const,
  employees: ['organization', 'employees'] as const,
  users: ['organization', 'users'] as const,
  memberships: (id: number) => ['organization', 'memberships', id] as const,
};

const departmentsQuery = queryOptions({
  queryKey: orgKeys.departments,
  queryFn: ({ signal }) => call(ep.listDepartments, { query: {} }, { signal }),
});
export const useDepartments = () => useQuery(departmentsQuery);

/** A department as the server has it now (the stale banner's Reload), or null when it is gone. */
export function useFetchDepartment() {
  const client = useQueryClient();
  return async (id: number) => (await client.fetchQuery({ ...departmentsQuery, staleTime: 0 })).find((d) => d.id === id) ?? null;
}

export const useUserOptions = () =>
  useQuery({ queryKey: orgKeys.users, queryFn: ({ signal }) => call(ep.userOptions, {}, { signal }) });

export const useMemberships = (id: number | null) =>
  useQuery({
    queryKey: orgKeys.memberships(id ?? 0),
    queryFn: ({ signal }) => call(ep.employeeMemberships, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });

/** Every write refreshes the whole organisation: counts, members and links move together. */
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: orgKeys.all }) });
}

export const useCreateDepartment = () =>
  useWrite((body: EndpointBodyInput<typeof ep.createDepartment>) => call(ep.createDepartment, { body }, { silent: true }));
export const useUpdateDepartment = () =>
  useWrite((body: EndpointBodyInput<typeof ep.updateDepartment>) => call(ep.updateDepartment, { body }, { silent: true }));
export const useMoveDepartment = () =>
  useWrite((body: EndpointBodyInput<typeof ep.moveDepartment>) => call(ep.moveDepartment, { body }, { silent: true }));
export const useDeleteDepartment = () =>
  useWrite((id: number) => call(ep.deleteDepartment, { params: { id } }, { silent: true }));
export const useCreateEmployee = () =>
  useWrite((body: EndpointBodyInput<typeof ep.createEmployee>) => call(ep.createEmployee, { body }, { silent: true }));
export const useUpdateEmployee = () =>
  useWrite((body: EndpointBodyInput<typeof ep.updateEmployee>) => call(ep.updateEmployee, { body }, { silent: true }));
export const useMoveEmployee = () =>
  useWrite((body: EndpointBodyInput<typeof ep.moveEmployee>) => call(ep.moveEmployee, { body }, { silent: true }));
