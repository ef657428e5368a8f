/** The customer blacklist: its query key (the kit's list reads under it), add and delete. */
import { type EndpointBodyInput, mailBlacklist } from '@bo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const blacklistKeys = {
  all: ['mailBlacklist'] as const,
};

export type BlacklistBody = EndpointBodyInput<typeof mailBlacklist.create>;

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: blacklistKeys.all }) });
}
export const useAddToBlacklist = () => useWrite((body: BlacklistBody) => call(mailBlacklist.create, { body }, { silent: true }));
export const useRemoveFromBlacklist = () =>
  useWrite((id: number) => call(mailBlacklist.remove, { params: { id } }, { silent: true }));
