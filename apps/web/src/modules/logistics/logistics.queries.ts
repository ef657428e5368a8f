/** Logistics: list keys (the kit's lists read under them), the writes that invalidate them, and the calculator's reads. */
import type { EndpointBodyInput, EndpointQueryInput } from '@bo/contract';
import * as calcEp from '@bo/contract/logistics/calc';
import * as ep from '@bo/contract/logistics/carriers';
import * as panelEp from '@bo/contract/logistics/panels';
import * as costEp from '@bo/contract/logistics/shipment-costs';
import * as settingsEp from '@bo/contract/logistics/shipment-settings';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const logisticsKeys = {
  all: ['logistics'] as const,
  carriers: ['logistics', 'carriers'] as const,
  cards: ['logistics', 'cards'] as const,
  settings: ['logistics', 'settings'] as const,
  settingCarriers: ['logistics', 'settings', 'carriers'] as const,
  calc: (q: unknown) => ['logistics', 'calc', q] as const,
  models: (keyword: string) => ['logistics', 'calc', 'models', keyword] as const,
  /** /logisticsMgr's list and its drawers; a bill write refreshes them and the panels. */
  shipments: ['logistics', 'shipments'] as const,
  shipment: (id: number) => ['logistics', 'shipments', 'one', id] as const,
  billCarriers: ['logistics', 'bill-carriers'] as const,
  panels: ['logistics', 'panels'] as const,
};

type CarrierBody = EndpointBodyInput<typeof ep.createCarrier>;
type CardBody = EndpointBodyInput<typeof ep.createRateCard>;
type SettingBody = EndpointBodyInput<typeof settingsEp.saveShipmentSetting>;

/** A write on carriers or cards changes both lists (a card moves a carrier's counts). */
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: logisticsKeys.all }) });
}

export const useSaveCarrier = () =>
  useWrite(({ id, body, version }: { id: number | null; body: CarrierBody; version?: number }) =>
    id === null
      ? call(ep.createCarrier, { body }, { silent: true })
      : call(ep.updateCarrier, { params: { id }, body: { ...body, version: version ?? 0 } }, { silent: true }),
  );
export const useDeleteCarrier = () => useWrite((id: number) => call(ep.deleteCarrier, { params: { id } }, { silent: true }));

export const useSaveCard = () =>
  useWrite(({ id, body, version }: { id: number | null; body: CardBody; version?: number }) =>
    id === null
      ? call(ep.createRateCard, { body }, { silent: true })
      : call(ep.updateRateCard, { params: { id }, body: { ...body, version: version ?? 0 } }, { silent: true }),
  );
export const useDeleteCard = () => useWrite((id: number) => call(ep.deleteRateCard, { params: { id } }, { silent: true }));

export const useSaveSetting = () =>
  useWrite(({ marketId, body }: { marketId: number; body: SettingBody }) =>
    call(settingsEp.saveShipmentSetting, { params: { marketId }, body }, { silent: true }),
  );

/** Every carrier, for the cards' filter and form (the carrier page's own list pages on the server). */
export const carrierChoicesQuery = () =>
  queryOptions({
    queryKey: [...logisticsKeys.carriers, 'choices'] as const,
    queryFn: () => call(ep.listCarriers, { query: { pageSize: 500 } }),
    staleTime: 30_000,
  });

export const settingCarriersQuery = () =>
  queryOptions({
    queryKey: logisticsKeys.settingCarriers,
    queryFn: () => call(settingsEp.shipmentSettingCarriers, {}),
    staleTime: 30_000,
  });

export type CalcInput = EndpointQueryInput<typeof calcEp.calculate>;

export const calcQuery = (q: CalcInput | null) =>
  queryOptions({
    queryKey: logisticsKeys.calc(q),
    queryFn: () => call(calcEp.calculate, { query: q as CalcInput }),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });

export const calcModelsQuery = (keyword: string) =>
  queryOptions({
    queryKey: logisticsKeys.models(keyword),
    queryFn: () => call(calcEp.calcModels, { query: { keyword } }),
    staleTime: 60_000,
  });

// ---- /logisticsMgr: shipments and their freight bills ----

type BillBody = EndpointBodyInput<typeof costEp.createBill>;

export const useShipmentDetail = (id: number | null) =>
  useQuery({
    queryKey: logisticsKeys.shipment(id ?? 0),
    queryFn: () => call(costEp.shipmentCostDetail, { params: { id: id as number } }),
    enabled: id !== null,
  });

export const useBillCarriers = (enabled: boolean) =>
  useQuery({
    queryKey: logisticsKeys.billCarriers,
    queryFn: () => call(costEp.billCarriers, {}),
    enabled,
    staleTime: 60_000,
  });

/** A bill write changes its shipment's row, its drawer and the panels' sums. */
function useBillWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: logisticsKeys.shipments }),
        client.invalidateQueries({ queryKey: logisticsKeys.panels }),
      ]),
  });
}

export const useSaveBill = () =>
  useBillWrite(({ id, body, version }: { id: number | null; body: BillBody; version?: number }) =>
    id === null
      ? call(costEp.createBill, { body }, { silent: true })
      : call(costEp.updateBill, { params: { id }, body: { ...body, version: version ?? 0 } }, { silent: true }),
  );
export const useDeleteBill = () => useBillWrite((id: number) => call(costEp.deleteBill, { params: { id } }, { silent: true }));

// ---- the panels ----

export type CostPanelInput = EndpointQueryInput<typeof panelEp.costPanel>;
export type TransitPanelInput = EndpointQueryInput<typeof panelEp.transitPanel>;

export const useCostPanel = (q: CostPanelInput) =>
  useQuery({
    queryKey: [...logisticsKeys.panels, 'costs', q] as const,
    queryFn: () => call(panelEp.costPanel, { query: q }),
    placeholderData: keepPreviousData,
  });

export const useTransitPanel = (q: TransitPanelInput) =>
  useQuery({
    queryKey: [...logisticsKeys.panels, 'transit', q] as const,
    queryFn: () => call(panelEp.transitPanel, { query: q }),
    placeholderData: keepPreviousData,
  });
