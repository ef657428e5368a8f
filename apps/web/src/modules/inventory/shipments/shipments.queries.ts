/** Shipment plans, shipments and claims: query keys, the plan and claim reads, and every write (each invalidates the shipment keys). */
import type { EndpointBodyInput } from '@bo/contract';
import * as claims from '@bo/contract/inventory/claims';
import * as ep from '@bo/contract/inventory/shipments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

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
