/**
 * Registrations waiting for approval (a tab of /user/child for the company account). An
 * approval or a rejection changes the pending list; an approval with roles also changes
 * the roles' user counts and holders.
 */
import { type EndpointBodyInput, type EndpointQuery, users as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { registrationKeys, roleKeys } from '../access.keys';

export type RegistrationQuery = Pick<EndpointQuery<typeof ep.listRegistrations>, 'pageNum' | 'pageSize'>;

export const useRegistrations = (query: RegistrationQuery) =>
  useQuery({
    queryKey: registrationKeys.list(query),
    queryFn: ({ signal }) => call(ep.listRegistrations, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export type ApproveBody = EndpointBodyInput<typeof ep.approveRegistration>;

export function useApproveRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ApproveBody }) =>
      call(ep.approveRegistration, { params: { id }, body }, { silent: true }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: registrationKeys.lists() }),
        client.invalidateQueries({ queryKey: roleKeys.lists() }),
        client.invalidateQueries({ queryKey: roleKeys.allHolders() }),
      ]),
  });
}

export function useRejectRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      call(ep.rejectRegistration, { params: { id }, body: { version } }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: registrationKeys.lists() }),
  });
}
