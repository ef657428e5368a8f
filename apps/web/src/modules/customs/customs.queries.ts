/** Customs: the list keys (the kit's lists read under them), the writes that refresh them, the model choices. */
import type { EndpointBodyInput } from '@bo/contract';
import * as ep from '@bo/contract/customs/basics';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const customsKeys = {
  all: ['customs'] as const,
  basics: ['customs', 'basics'] as const,
  missing: ['customs', 'missing'] as const,
  models: (keyword: string) => ['customs', 'models', keyword] as const,
};

type Body = EndpointBodyInput<typeof ep.createCustomsBasic>;

/** A write changes both lists (a new record closes a gap). */
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: customsKeys.all }) });
}

export const useSaveCustomsBasic = () =>
  useWrite(({ id, body, version }: { id: number | null; body: Body; version?: number }) =>
    id === null
      ? call(ep.createCustomsBasic, { body }, { silent: true })
      : call(ep.updateCustomsBasic, { params: { id }, body: { ...body, version: version ?? 0 } }, { silent: true }),
  );

export const useDeleteCustomsBasic = () =>
  useWrite((id: number) => call(ep.deleteCustomsBasic, { params: { id } }, { silent: true }));

export const customsModelsQuery = (keyword: string) =>
  queryOptions({
    queryKey: customsKeys.models(keyword),
    queryFn: () => call(ep.customsModelChoices, { query: keyword ? { keyword } : {} }),
    staleTime: 60_000,
  });
