/** Forecasts: query keys, one listing's days, the sums, the runs and the export; the estimates' review. */
import type { EndpointBody, EndpointQuery } from '@bo/contract';
import * as est from '@bo/contract/forecasts/estimates';
import * as ep from '@bo/contract/forecasts/forecasts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type DownloadOptions, download } from '../../shared/http/http-client';

export const forecastKeys = {
  all: ['forecasts'] as const,
  list: ['forecasts', 'list'] as const,
  days: ['forecasts', 'days'] as const,
  sums: ['forecasts', 'sums'] as const,
  runs: ['forecasts', 'runs'] as const,
};

const withoutPage = <Q extends Record<string, unknown>>(q: Q) => {
  const { pageNum: _n, pageSize: _s, ...rest } = q;
  return rest;
};

export const useDaySales = (listingId: number | null) =>
  useQuery({
    queryKey: [...forecastKeys.days, listingId],
    queryFn: ({ signal }) =>
      call(ep.daySales, { query: { listingId: listingId as number, historyDays: 120, forecastDays: 90 } }, { signal }),
    enabled: listingId !== null,
  });

export const useComprehensive = (q: EndpointQuery<typeof ep.comprehensive>) =>
  useQuery(
    queryOptions({
      queryKey: [...forecastKeys.sums, q],
      queryFn: ({ signal }) => call(ep.comprehensive, { query: q }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );

/** The last recalculation and the one under way; polled every 2 s while one runs. */
export const useRefreshTime = () =>
  useQuery({
    queryKey: [...forecastKeys.runs, 'time'],
    queryFn: ({ signal }) => call(ep.refreshTime, {}, { signal }),
    refetchInterval: (q) => (q.state.data?.running ? 2000 : false),
  });

export function useRefresh() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ep.refresh, { body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: forecastKeys.runs }),
  });
}

export const exportForecasts = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(ep.exportForecasts, { query: withoutPage(q) as never }, o);

// ---- estimates and their review ----

export const estimateKeys = {
  all: ['forecasts', 'estimates'] as const,
  review: ['forecasts', 'estimates', 'review'] as const,
  records: ['forecasts', 'estimates', 'records'] as const,
  count: ['forecasts', 'estimates', 'count'] as const,
};

/** Approve or reject estimates (all or none); every estimate list and the count reload. */
export function useAuditEstimates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (b: EndpointBody<typeof est.auditEstimates>) => call(est.auditEstimates, { body: b }),
    onSettled: () => client.invalidateQueries({ queryKey: estimateKeys.all }),
  });
}

export const exportPendingReview = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(est.exportPendingReview, { query: withoutPage(q) as never }, o);
export const exportAuditRecord = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(est.exportAuditRecord, { query: withoutPage(q) as never }, o);

/** Submits a planner's estimate; the review lists and the count reload. */
export function useSubmitEstimate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (b: EndpointBody<typeof est.submitEstimate>) => call(est.submitEstimate, { body: b }),
    onSuccess: () => client.invalidateQueries({ queryKey: estimateKeys.all }),
  });
}
