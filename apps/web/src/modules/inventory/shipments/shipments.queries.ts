/** Shipment plans, shipments and claims: query keys, the plan and claim reads, and every write (each invalidates the shipment keys). */
import type { EndpointBodyInput } from '@bo/contract';
import * as batches from '@bo/contract/inventory/batches';
import * as claims from '@bo/contract/inventory/claims';
import * as ep from '@bo/contract/inventory/shipments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type DownloadOptions, download } from '../../../shared/http/http-client';

export const shipmentKeys = {
  all: ['shipments'] as const,
  plans: ['shipments', 'plans'] as const,
  plan: (id: number) => ['shipments', 'plans', 'one', id] as const,
  shipments: ['shipments', 'shipments'] as const,
  lines: ['shipments', 'lines'] as const,
  differences: ['shipments', 'differences'] as const,
  claims: ['shipments', 'claims'] as const,
  claim: (id: number) => ['shipments', 'claims', 'one', id] as const,
  warehouses: ['shipments', 'warehouses'] as const,
  batches: ['shipments', 'batches'] as const,
  batch: (id: number) => ['shipments', 'batches', 'one', id] as const,
  batchCandidates: (id: number) => ['shipments', 'batches', 'candidates', id] as const,
  listable: ['shipments', 'batches', 'listable'] as const,
  planBatches: (planId: number) => ['shipments', 'plans', 'batches', planId] as const,
  deliveryLists: ['shipments', 'delivery-lists'] as const,
  deliveryPreview: (ids: readonly number[]) => ['shipments', 'delivery-lists', 'preview', ...ids] as const,
};

export const useWarehouses = () =>
  useQuery({
    queryKey: shipmentKeys.warehouses,
    queryFn: ({ signal }) => call(ep.listWarehouses, {}, { signal }),
    staleTime: 300_000,
  });

export const usePlan = (id: number | null) =>
  useQuery({
    queryKey: shipmentKeys.plan(id ?? 0),
    queryFn: ({ signal }) => call(ep.getPlan, { params: { id: id as number } }, { signal }),
    enabled: id !== null,
  });

export const useClaim = (id: number | null) =>
  useQuery({
    queryKey: shipmentKeys.claim(id ?? 0),
    queryFn: ({ signal }) => call(claims.getClaim, { params: { id: id as number } }, { signal }),
    enabled: id !== null,
  });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: shipmentKeys.all }) });
}

export type PlanBodyInput = EndpointBodyInput<typeof ep.createPlan>;
export type MoveBody = EndpointBodyInput<typeof ep.movePlan>;
export type ShipBodyInput = EndpointBodyInput<typeof ep.shipPlan>;
export type ReceiptBodyInput = EndpointBodyInput<typeof ep.receivePlan>;
export type ClaimMoveInput = EndpointBodyInput<typeof claims.moveClaim>;

export const useSavePlan = () =>
  useWrite(({ id, version, body }: { id: number | null; version?: number; body: PlanBodyInput }) =>
    id === null
      ? call(ep.createPlan, { body }, { silent: true })
      : call(ep.updatePlan, { params: { id }, body: { version: version as number, plan: body } }, { silent: true }),
  );
export const useDeletePlan = () => useWrite((id: number) => call(ep.deletePlan, { params: { id } }, { silent: true }));
export const useMovePlan = () =>
  useWrite(({ id, body }: { id: number; body: MoveBody }) => call(ep.movePlan, { params: { id }, body }, { silent: true }));
export const useShipPlan = () =>
  useWrite(({ id, body }: { id: number; body: ShipBodyInput }) => call(ep.shipPlan, { params: { id }, body }, { silent: true }));
export const useReceivePlan = () =>
  useWrite(({ id, body }: { id: number; body: ReceiptBodyInput }) =>
    call(ep.receivePlan, { params: { id }, body }, { silent: true }),
  );
export const useRaiseClaim = () =>
  useWrite((lineId: number) => call(claims.raiseClaim, { params: { lineId } }, { silent: true }));
export const useMoveClaim = () =>
  useWrite(({ id, body }: { id: number; body: ClaimMoveInput }) =>
    call(claims.moveClaim, { params: { id }, body }, { silent: true }),
  );

// ---- batches and delivery lists ----

export const useBatch = (id: number | null) =>
  useQuery({
    queryKey: shipmentKeys.batch(id ?? 0),
    queryFn: ({ signal }) => call(batches.getBatch, { params: { id: id as number } }, { signal }),
    enabled: id !== null,
  });

export const useBatchCandidates = (id: number | null) =>
  useQuery({
    queryKey: shipmentKeys.batchCandidates(id ?? 0),
    queryFn: ({ signal }) => call(batches.batchCandidates, { params: { id: id as number } }, { signal }),
    enabled: id !== null,
  });

/** The open batches a plan may join (the plan screen's Batch). */
export const usePlanBatches = (planId: number | null) =>
  useQuery({
    queryKey: shipmentKeys.planBatches(planId ?? 0),
    queryFn: ({ signal }) => call(batches.openBatchesForPlan, { params: { id: planId as number } }, { signal }),
    enabled: planId !== null,
  });

/** Batches a delivery list can be made of: open or closed for loading (the newest 200 of each). */
export const useListableBatches = () =>
  useQuery({
    queryKey: shipmentKeys.listable,
    queryFn: async ({ signal }) => {
      const of = (state: 'open' | 'loading') =>
        call(batches.listBatches, { query: { state, pageSize: 200 } as never }, { signal }).then((p) => p.list);
      const [open, loading] = await Promise.all([of('open'), of('loading')]);
      return [...open, ...loading];
    },
  });

export const useDeliveryPreview = (batchIds: readonly number[]) =>
  useQuery({
    queryKey: shipmentKeys.deliveryPreview(batchIds),
    queryFn: ({ signal }) => call(batches.previewDeliveryList, { body: { batchIds: [...batchIds] } }, { signal, silent: true }),
    enabled: batchIds.length > 0,
    retry: false,
  });

export type BatchBodyInput = EndpointBodyInput<typeof batches.createBatch>;
export type BatchEditInput = EndpointBodyInput<typeof batches.updateBatch>;
export type BatchShipInput = EndpointBodyInput<typeof batches.shipBatch>;
export type BatchMoveInput = EndpointBodyInput<typeof batches.moveBatch>;

export const useSaveBatch = () =>
  useWrite(({ id, create, edit }: { id: number | null; create?: BatchBodyInput; edit?: BatchEditInput }) =>
    id === null
      ? call(batches.createBatch, { body: create as BatchBodyInput }, { silent: true })
      : call(batches.updateBatch, { params: { id }, body: edit as BatchEditInput }, { silent: true }),
  );
export const useDeleteBatch = () => useWrite((id: number) => call(batches.deleteBatch, { params: { id } }, { silent: true }));
export const useMoveBatch = () =>
  useWrite(({ id, body }: { id: number; body: BatchMoveInput }) =>
    call(batches.moveBatch, { params: { id }, body }, { silent: true }),
  );
export const useShipBatch = () =>
  useWrite(({ id, body }: { id: number; body: BatchShipInput }) =>
    call(batches.shipBatch, { params: { id }, body }, { silent: true }),
  );
export const useAddBatchPlans = () =>
  useWrite(({ id, version, planIds }: { id: number; version: number; planIds: number[] }) =>
    call(batches.addBatchPlans, { params: { id }, body: { version, planIds } }, { silent: true }),
  );
export const useRemoveBatchPlan = () =>
  useWrite(({ id, version, planId }: { id: number; version: number; planId: number }) =>
    call(batches.removeBatchPlan, { params: { id }, body: { version, planId } }, { silent: true }),
  );
export const useCreateDeliveryList = () =>
  useWrite((batchIds: number[]) => call(batches.createDeliveryList, { body: { batchIds } }, { silent: true }));

export const exportBatches = (q: Record<string, unknown>, o: DownloadOptions) => {
  const { pageNum: _n, pageSize: _s, ...query } = q;
  return download(batches.exportBatches, { query: query as never }, o);
};
export const downloadDeliveryList = (id: number, o: DownloadOptions) =>
  download(batches.downloadDeliveryList, { params: { id } }, o);
