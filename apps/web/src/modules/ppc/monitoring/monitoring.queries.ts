/** Monitor calls: the list (evaluated by the server on each read) and the writes, each invalidating `monitors`. */
import { type EndpointBodyInput, ppcMonitoring as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { ppcKeys } from '../ppc.keys';

export const useMonitors = (query: { pageNum: number; pageSize: number; alerting?: 'true' }) =>
  useQuery({
    queryKey: ppcKeys.monitorList(query),
    queryFn: ({ signal }) => call(ep.listMonitors, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export function useCreateMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof ep.createMonitor>) => call(ep.createMonitor, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ppcKeys.monitors() }),
  });
}

export function useSetMonitorsEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof ep.setMonitorsEnabled>) => call(ep.setMonitorsEnabled, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ppcKeys.monitors() }),
  });
}

export function useDeleteMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ep.deleteMonitor, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ppcKeys.monitors() }),
  });
}
