/** The supply boards: query keys and the boards' summaries (the lists go through the kit's useKitList). */
import type { EndpointBodyInput, EndpointQuery } from '@bo/contract';
import * as ep from '@bo/contract/supplyboards/boards';
import * as forecast from '@bo/contract/supplyboards/forecast';
import * as manage from '@bo/contract/supplyboards/manage';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type DownloadOptions, download } from '../../shared/http/http-client';

export const supplyBoardKeys = {
  all: ['supplyboards'] as const,
  logistics: ['supplyboards', 'logistics'] as const,
  late: ['supplyboards', 'logistics', 'late'] as const,
  delivery: ['supplyboards', 'delivery'] as const,
  progress: ['supplyboards', 'delivery', 'progress'] as const,
  forecast: ['supplyboards', 'forecast'] as const,
  shipments: ['supplyboards', 'shipments'] as const,
  shipment: (planId: number) => ['supplyboards', 'shipments', 'one', planId] as const,
  shippable: (keyword: string) => ['supplyboards', 'shipments', 'shippable', keyword] as const,
};

type BoardQuery = EndpointQuery<typeof ep.logisticsBoard>;

export const useLogisticsBoard = (q: BoardQuery) =>
  useQuery(
    queryOptions({
      queryKey: [...supplyBoardKeys.logistics, 'board', q],
      queryFn: ({ signal }) => call(ep.logisticsBoard, { query: q }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );

export const useDeliveryBoard = (q: BoardQuery) =>
  useQuery(
    queryOptions({
      queryKey: [...supplyBoardKeys.delivery, 'board', q],
      queryFn: ({ signal }) => call(ep.deliveryBoard, { query: q }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );

/** Confirmed plans in no batch matching `keyword`: the create drawer's choices. */
export const useShippablePlans = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: supplyBoardKeys.shippable(keyword),
    queryFn: ({ signal }) => call(manage.shippablePlans, { query: keyword ? { keyword } : {} }, { signal }),
    enabled,
  });

/** Every write refreshes the shipments and both boards (a ship or its undo moves their figures). */
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: supplyBoardKeys.all }) });
}

export type CreateShipmentInput = EndpointBodyInput<typeof manage.createShipment>;
export type UpdateShipmentInput = EndpointBodyInput<typeof manage.updateShipment>;

export const useCreateShipment = () => useWrite((body: CreateShipmentInput) => call(manage.createShipment, { body }));
export const useUpdateShipment = () =>
  useWrite(({ planId, body }: { planId: number; body: UpdateShipmentInput }) =>
    call(manage.updateShipment, { params: { planId }, body }),
  );
export const useDeleteShipment = () =>
  useWrite(({ planId, version }: { planId: number; version: number }) =>
    call(manage.deleteShipment, { params: { planId }, query: { version } }),
  );

export const fetchShipment = (planId: number) => call(manage.getManagedShipment, { params: { planId } });

export const exportShipments = (q: Record<string, unknown>, o: DownloadOptions) => {
  const { pageNum: _n, pageSize: _s, ...query } = q;
  return download(manage.exportManagedShipments, { query: query as never }, o);
};

export const exportForecast = (q: Record<string, unknown>, o: DownloadOptions) => {
  const { pageNum: _n, pageSize: _s, ...query } = q;
  return download(forecast.exportShipmentForecast, { query: query as never }, o);
};
