/** OKR: query keys (the kit's lists read under okrKeys.all), the form's choices, one objective, check-ins, the dashboard, writes. */
import type { EndpointBodyInput } from '@bo/contract';
import * as ep from '@bo/contract/okr/okr';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const okrKeys = {
  all: ['okr'] as const,
  objectives: ['okr', 'objectives'] as const,
  keyResults: ['okr', 'keyResults'] as const,
  options: (listType: ep.OkrListType | undefined) => ['okr', 'options', listType ?? 'all'] as const,
  objective: (id: number) => ['okr', 'objective', id] as const,
  checkins: (id: number) => ['okr', 'checkins', id] as const,
  dashboard: (quarter: string) => ['okr', 'dashboard', quarter] as const,
};

export type ObjectiveBodyInput = EndpointBodyInput<typeof ep.updateObjective>;

export const useOkrOptions = (listType?: ep.OkrListType) =>
  useQuery({
    queryKey: okrKeys.options(listType),
    queryFn: ({ signal }) => call(ep.okrOptions, { query: listType === undefined ? {} : { listType } }, { signal }),
  });

/** The current quarter (from the browser's day). */
export const currentQuarter = () => ep.quarterOf(new Date().toISOString().slice(0, 10));
/** The quarters to offer: those in use, the current one and any other given, newest first. */
export const quarterChoices = (inUse: readonly string[] | undefined, ...more: string[]) =>
  [...new Set([currentQuarter(), ...more, ...(inUse ?? [])])].sort().reverse();

/** The filters' choice hooks (kit `query-select`) over the options call. */
export const optionHooks = (listType?: ep.OkrListType) => ({
  quarters: () => {
    const q = useOkrOptions(listType);
    return { options: quarterChoices(q.data?.quarters).map((x) => ({ value: x, label: x })), loading: q.isPending };
  },
  people: () => {
    const q = useOkrOptions(listType);
    return { options: (q.data?.people ?? []).map((p) => ({ value: p.id, label: p.name })), loading: q.isPending };
  },
  depts: () => {
    const q = useOkrOptions(listType);
    return { options: (q.data?.depts ?? []).map((d) => ({ value: d.id, label: d.name })), loading: q.isPending };
  },
});

export const useObjective = (id: number) =>
  useQuery({
    queryKey: okrKeys.objective(id),
    queryFn: ({ signal }) => call(ep.getObjective, { params: { id } }, { signal }),
    enabled: id > 0,
  });

export const useCheckins = (id: number | null) =>
  useQuery({
    queryKey: okrKeys.checkins(id ?? 0),
    queryFn: ({ signal }) => call(ep.listCheckins, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });

export const useOkrDashboard = (quarter: string) =>
  useQuery({
    queryKey: okrKeys.dashboard(quarter),
    queryFn: ({ signal }) => call(ep.dashboard, { query: { quarter } }, { signal }),
  });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: okrKeys.all }) });
}

export const useSaveObjective = () =>
  useWrite(({ id, listType, body }: { id: number | null; listType: ep.OkrListType; body: ObjectiveBodyInput }) => {
    if (id !== null) return call(ep.updateObjective, { params: { id }, body }, { silent: true });
    const { version: _v, ...rest } = body;
    return call(ep.createObjective, { body: { ...rest, listType } }, { silent: true });
  });

export const useObjectiveAction = () =>
  useWrite(({ id, action, version }: { id: number; action: ep.ObjectiveAction; version: number }) =>
    call(action === 'publish' ? ep.publishObjective : ep.closeObjective, { params: { id }, body: { version } }, { silent: true }),
  );

export const useDeleteObjective = () => useWrite((id: number) => call(ep.deleteObjective, { params: { id } }, { silent: true }));

export const useCheckIn = () =>
  useWrite(({ id, body }: { id: number; body: EndpointBodyInput<typeof ep.checkIn> }) =>
    call(ep.checkIn, { params: { id }, body }, { silent: true }),
  );
