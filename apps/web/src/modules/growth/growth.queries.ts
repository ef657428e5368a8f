/** Growth: query keys (the kit's lists read under growthKeys.*), one review, its timeline and OKRs, cycles, study records, writes. */
import type { EndpointBodyInput } from '@bo/contract';
import * as ep from '@bo/contract/growth/performance';
import * as sep from '@bo/contract/growth/study';
import * as vep from '@bo/contract/growth/values';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type DownloadOptions, download } from '../../shared/http/http-client';

export const growthKeys = {
  all: ['growth'] as const,
  reviews: ['growth', 'reviews'] as const,
  review: (id: number) => ['growth', 'reviews', 'one', id] as const,
  events: (id: number) => ['growth', 'reviews', 'events', id] as const,
  objectives: (id: number) => ['growth', 'reviews', 'objectives', id] as const,
  cycles: ['growth', 'cycles'] as const,
  values: ['growth', 'values'] as const,
  study: ['growth', 'study'] as const,
  studySummary: (q: object) => ['growth', 'study', 'summary', q] as const,
  studyOne: (id: number) => ['growth', 'study', 'one', id] as const,
};

export const reviewQuery = (id: number) =>
  queryOptions({
    queryKey: growthKeys.review(id),
    queryFn: ({ signal }) => call(ep.getReview, { params: { id } }, { signal }),
    enabled: id > 0,
  });

export const useReviewEvents = (id: number) =>
  useQuery({
    queryKey: growthKeys.events(id),
    queryFn: ({ signal }) => call(ep.listReviewEvents, { params: { id } }, { signal }),
    enabled: id > 0,
  });

export const useReviewObjectives = (id: number) =>
  useQuery({
    queryKey: growthKeys.objectives(id),
    queryFn: ({ signal }) => call(ep.reviewObjectives, { params: { id } }, { signal }),
    enabled: id > 0,
  });

export const useCycles = () =>
  useQuery({ queryKey: growthKeys.cycles, queryFn: ({ signal }) => call(ep.listCycles, {}, { signal }) });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: growthKeys.all }) });
}

export const useSaveSelf = () =>
  useWrite(({ id, body }: { id: number; body: EndpointBodyInput<typeof ep.saveSelfReview> }) =>
    call(ep.saveSelfReview, { params: { id }, body }, { silent: true }),
  );
export const useSaveLeader = () =>
  useWrite(({ id, body }: { id: number; body: EndpointBodyInput<typeof ep.saveLeaderReview> }) =>
    call(ep.saveLeaderReview, { params: { id }, body }, { silent: true }),
  );
export const useReviewAction = () =>
  useWrite(({ id, body }: { id: number; body: EndpointBodyInput<typeof ep.actOnReview> }) =>
    call(ep.actOnReview, { params: { id }, body }, { silent: true }),
  );
export const useOpenCycle = () => useWrite((quarter: string) => call(ep.openCycle, { body: { quarter } }, { silent: true }));
export const useCloseCycle = () =>
  useWrite(({ id, version }: { id: number; version: number }) =>
    call(ep.closeCycle, { params: { id }, body: { version } }, { silent: true }),
  );

export const useSaveValue = () =>
  useWrite(({ id, body }: { id: number | null; body: EndpointBodyInput<typeof vep.updateValue> }) => {
    if (id !== null) return call(vep.updateValue, { params: { id }, body }, { silent: true });
    const { version: _v, ...rest } = body;
    return call(vep.createValue, { body: rest }, { silent: true });
  });
export const useDeleteValue = () => useWrite((id: number) => call(vep.deleteValue, { params: { id } }, { silent: true }));

// ---- study records ----

export type StudySummaryQuery = {
  view: sep.StudyView;
  year?: number | undefined;
  kind?: sep.StudyKind | undefined;
  keyword?: string | undefined;
};

export const useStudySummary = (q: StudySummaryQuery) =>
  useQuery({
    queryKey: growthKeys.studySummary(q),
    queryFn: ({ signal }) => call(sep.studySummary, { query: q }, { signal }),
  });

export const useStudyRecord = (id: number) =>
  useQuery({
    queryKey: growthKeys.studyOne(id),
    queryFn: ({ signal }) => call(sep.getStudy, { params: { id } }, { signal, silent: true }),
    enabled: id > 0,
  });

export const exportStudy = (q: sep.StudyFilter, options: DownloadOptions) => download(sep.exportStudy, { query: q }, options);

export const useSaveStudy = () =>
  useWrite(({ id, body }: { id: number | null; body: EndpointBodyInput<typeof sep.updateStudy> }) => {
    if (id !== null) return call(sep.updateStudy, { params: { id }, body }, { silent: true });
    const { version: _v, ...rest } = body;
    return call(sep.createStudy, { body: rest }, { silent: true });
  });
export const useDeleteStudy = () => useWrite((id: number) => call(sep.deleteStudy, { params: { id } }, { silent: true }));
export const useStudyAction = () =>
  useWrite(({ id, body }: { id: number; body: EndpointBodyInput<typeof sep.actOnStudy> }) =>
    call(sep.actOnStudy, { params: { id }, body }, { silent: true }),
  );
