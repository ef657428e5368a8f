/** Diagnosis, search terms and their writes (fixes, harvest, undo), each write refreshing the PPC reads. */
import { type EndpointBodyInput, type EndpointQueryInput, ppcDiagnosis as ep, ppcChanges } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { ppcKeys } from '../ppc.keys';

export const useDiagnosis = (query: EndpointQueryInput<typeof ep.diagnosis> | null) =>
  useQuery({
    queryKey: ppcKeys.diagnosis(query ?? {}),
    queryFn: ({ signal }) => call(ep.diagnosis, { query: query as EndpointQueryInput<typeof ep.diagnosis> }, { signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

export const useSearchTerms = (query: EndpointQueryInput<typeof ep.listSearchTerms> | null) =>
  useQuery({
    queryKey: ppcKeys.searchTerms(query ?? {}),
    queryFn: ({ signal }) =>
      call(ep.listSearchTerms, { query: query as EndpointQueryInput<typeof ep.listSearchTerms> }, { signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

export const useHarvestAdGroups = (shopId: number | null) =>
  useQuery({
    queryKey: ppcKeys.harvestAdGroups(shopId ?? 0),
    queryFn: ({ signal }) => call(ep.harvestAdGroups, { query: { shopId: shopId ?? 0 } }, { signal }),
    enabled: shopId !== null,
  });

/** The diagnosis fixes made on a shop, newest first (the history filtered to source diagnosis). */
export const useDiagnosisHistory = (shopId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ppcKeys.changes({ shopId, source: 'diagnosis' }),
    queryFn: ({ signal }) =>
      call(ppcChanges.listChanges, { query: { shopId: shopId ?? 0, source: 'diagnosis', pageNum: 1, pageSize: 50 } }, { signal }),
    enabled: enabled && shopId !== null,
  });

function useWrite<B, R>(fn: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ppcKeys.all }) });
}

export const useApplyFixes = () => useWrite((body: EndpointBodyInput<typeof ep.applyFixes>) => call(ep.applyFixes, { body }));
export const useHarvest = () =>
  useWrite((body: EndpointBodyInput<typeof ep.harvestSearchTerms>) => call(ep.harvestSearchTerms, { body }));
export const useUndoBatch = () => useWrite((batchId: number) => call(ppcChanges.undoChanges, { body: { batchId } }));
