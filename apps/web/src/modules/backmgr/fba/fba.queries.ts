/** FBA codes: the list reads under fbaKeys.all (the kit's list); save and delete. */
import { type EndpointBodyInput, backMgrFbaCodes as ep } from '@bo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const fbaKeys = { all: ['backMgrFbaCodes'] as const };
export type FbaBodyInput = EndpointBodyInput<typeof ep.create>;

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: fbaKeys.all }) });
}

export const useSaveFbaCode = () =>
  useWrite(({ id, body }: { id: number | null; body: FbaBodyInput }) =>
    id === null ? call(ep.create, { body }, { silent: true }) : call(ep.update, { params: { id }, body }, { silent: true }),
  );
export const useDeleteFbaCode = () => useWrite((id: number) => call(ep.remove, { params: { id } }, { silent: true }));
