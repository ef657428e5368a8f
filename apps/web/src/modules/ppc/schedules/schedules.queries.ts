/**
 * Calls of /cpc-scheduling. A write of a schedule (pause, delete, run now, undo) changes bids
 * and budgets, so every write refreshes all PPC reads.
 */
import { type EndpointBodyInput, ppcSchedules as ep } from '@bo/contract';
import type { Schedule } from '@bo/contract/ppc/schedules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { ppcKeys } from '../ppc.keys';

export type ScheduleBody = EndpointBodyInput<typeof ep.createSchedule>;
export type PreviewBody = EndpointBodyInput<typeof ep.previewSchedule>;

export const scheduleKeys = {
  all: () => [...ppcKeys.all, 'schedules'] as const,
  list: (query: object) => [...scheduleKeys.all(), 'list', query] as const,
  campaigns: (shopId: number) => [...scheduleKeys.all(), 'campaigns', shopId] as const,
  runs: (id: number, page: number) => [...scheduleKeys.all(), 'runs', id, page] as const,
  changes: (id: number, page: number) => [...scheduleKeys.all(), 'changes', id, page] as const,
};

export interface ScheduleListQuery {
  shopId?: number;
  state?: 'enabled' | 'paused';
  name?: string;
  pageNum: number;
  pageSize: number;
}

export const useSchedules = (query: ScheduleListQuery) =>
  useQuery({
    queryKey: scheduleKeys.list(query),
    queryFn: ({ signal }) => call(ep.listSchedules, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useScheduleCampaigns = (shopId: number | null) =>
  useQuery({
    queryKey: scheduleKeys.campaigns(shopId ?? 0),
    queryFn: ({ signal }) => call(ep.scheduleCampaigns, { query: { shopId: shopId ?? 0 } }, { signal }),
    enabled: shopId !== null,
  });

export const useScheduleRuns = (id: number, page: number) =>
  useQuery({
    queryKey: scheduleKeys.runs(id, page),
    queryFn: ({ signal }) => call(ep.listScheduleRuns, { params: { id }, query: { pageNum: page, pageSize: 10 } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useScheduleChanges = (id: number, page: number) =>
  useQuery({
    queryKey: scheduleKeys.changes(id, page),
    queryFn: ({ signal }) => call(ep.listScheduleChanges, { params: { id }, query: { pageNum: page, pageSize: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ppcKeys.all }) });
}

export const useSaveSchedule = () =>
  useWrite(
    (v: { id?: number; version?: number; body: ScheduleBody }): Promise<Schedule> =>
      v.id !== undefined && v.version !== undefined
        ? call(ep.updateSchedule, { params: { id: v.id }, body: { ...v.body, version: v.version } })
        : call(ep.createSchedule, { body: v.body }),
  );
export const useSetScheduleState = () =>
  useWrite((v: { id: number; version: number; state: 'enabled' | 'paused' }) =>
    call(ep.setScheduleState, { params: { id: v.id }, body: { state: v.state, version: v.version } }),
  );
export const useDeleteSchedule = () => useWrite((id: number) => call(ep.deleteSchedule, { params: { id } }));
export const useRunSchedule = () => useWrite((id: number) => call(ep.runSchedule, { params: { id } }));
export const useUndoScheduleBatch = () =>
  useWrite((v: { id: number; batchId: number }) =>
    call(ep.undoScheduleChanges, { params: { id: v.id }, body: { batchId: v.batchId } }),
  );
export const usePreviewSchedule = () => useMutation({ mutationFn: (body: PreviewBody) => call(ep.previewSchedule, { body }) });
