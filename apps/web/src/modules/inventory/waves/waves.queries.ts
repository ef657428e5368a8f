/** Shipment waves: query keys, the reads of the wave screens, and every write (each invalidates the waves and the plans). */
import type { EndpointBodyInput } from '@bo/contract';
import * as ep from '@bo/contract/inventory/waves';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { shipmentKeys } from '../shipments/shipments.queries';

export const waveKeys = {
  all: ['waves'] as const,
  list: ['waves', 'list'] as const,
  one: (id: number) => ['waves', 'one', id] as const,
  warehouses: ['waves', 'warehouses'] as const,
  advice: (q: Record<string, unknown>) => ['waves', 'advice', q] as const,
  listings: (keyword: string) => ['waves', 'listings', keyword] as const,
  proposals: (q: Record<string, unknown>) => ['waves', 'proposals', q] as const,
  waiting: ['waves', 'waiting'] as const,
};

export const useWave = (id: number | null) =>
  useQuery({
    queryKey: waveKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(ep.getWave, { params: { id: id as number } }, { signal }),
    enabled: id !== null,
  });

export const useWaveWarehouses = () =>
  useQuery({
    queryKey: waveKeys.warehouses,
    queryFn: ({ signal }) => call(ep.waveWarehouses, {}, { signal }),
    staleTime: 300_000,
  });

export const useWaveAdvice = (enabled: boolean, q: { keyword?: string; marketId?: number }) =>
  useQuery({
    queryKey: waveKeys.advice(q),
    queryFn: ({ signal }) => call(ep.waveAdvice, { query: { ...q, pageSize: 500 } as never }, { signal }),
    enabled,
  });

export const useListingSearch = (keyword: string) =>
  useQuery({
    queryKey: waveKeys.listings(keyword),
    queryFn: ({ signal }) => call(ep.waveListings, { query: { keyword } as never }, { signal }),
    enabled: keyword.trim().length > 0,
  });

export const useProposals = (q: { marketId?: number; shopId?: number; keyword?: string }) =>
  useQuery({
    queryKey: waveKeys.proposals(q),
    queryFn: ({ signal }) => call(ep.smartProposals, { query: q as never }, { signal }),
  });

export const useWaiting = (enabled: boolean) =>
  useQuery({
    queryKey: waveKeys.waiting,
    queryFn: ({ signal }) => call(ep.smartWaiting, {}, { signal }),
    enabled,
  });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: waveKeys.all });
      await client.invalidateQueries({ queryKey: shipmentKeys.all });
    },
  });
}

export type WaveBodyInput = EndpointBodyInput<typeof ep.createWave>;

export const useSaveWave = () =>
  useWrite(({ id, version, body }: { id: number | null; version?: number | undefined; body: WaveBodyInput }) =>
    id === null
      ? call(ep.createWave, { body }, { silent: true })
      : call(ep.updateWave, { params: { id }, body: { version: version as number, wave: body } }, { silent: true }),
  );
export const useDeleteWave = () => useWrite((id: number) => call(ep.deleteWave, { params: { id } }, { silent: true }));
export const useMoveWave = () =>
  useWrite(({ id, body }: { id: number; body: EndpointBodyInput<typeof ep.moveWave> }) =>
    call(ep.moveWave, { params: { id }, body }, { silent: true }),
  );
/** Approve or reject: through the list's call, or /smartShipment's (`smart`), as the caller's button allows. */
export const useDecideWave = () =>
  useWrite(({ id, body, smart }: { id: number; body: EndpointBodyInput<typeof ep.decideWave>; smart?: boolean }) =>
    call(smart ? ep.smartDecide : ep.decideWave, { params: { id }, body }, { silent: true }),
  );
export const useCreateSmartWave = () =>
  useWrite((body: EndpointBodyInput<typeof ep.createSmartWave>) => call(ep.createSmartWave, { body }, { silent: true }));
