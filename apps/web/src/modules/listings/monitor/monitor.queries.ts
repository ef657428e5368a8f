/**
 * Listing monitor calls. Adding, changing and removing a watch change only the caller's
 * watchlist, so each invalidates exactly `monitor`.
 */
import { type EndpointBodyInput, listingMonitor as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { listingsKeys } from '../listings.keys';
import { type MonitorView, monitorListQuery } from './monitor-view';

export const useMonitorList = (v: MonitorView) => {
  const query = monitorListQuery(v);
  return useQuery({
    queryKey: listingsKeys.monitorList(query),
    queryFn: ({ signal }) => call(ep.monitorList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
};

export function useAddWatches() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof ep.addWatches>) => call(ep.addWatches, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: listingsKeys.monitor() }),
  });
}

export function useUpdateWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EndpointBodyInput<typeof ep.updateWatch> & { id: number }) =>
      call(ep.updateWatch, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: listingsKeys.monitor() }),
  });
}

export function useRemoveWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ep.removeWatch, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: listingsKeys.monitor() }),
  });
}
