/** Forecasts: query keys, one listing's days, the sums, the runs and the export; the settings; the estimates' review. */
import type { EndpointBody, EndpointBodyInput, EndpointQuery } from '@bo/contract';
import * as acc from '@bo/contract/forecasts/accuracy';
import * as est from '@bo/contract/forecasts/estimates';
import * as settings from '@bo/contract/forecasts/forecast-settings';
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

// ---- settings (/forecast/advanceConfig) ----

export const settingsKeys = {
  exclusions: ['forecasts', 'exclusions'] as const,
  warning: ['forecasts', 'warning'] as const,
  skuWarnings: ['forecasts', 'skuWarnings'] as const,
};

function useSettingsWrite<V, R>(fn: (v: V) => Promise<R>, keys: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export type AddExclusionsBody = EndpointBodyInput<typeof settings.addExclusions>;
export type UpdateExclusionBody = EndpointBodyInput<typeof settings.updateExclusion>;
export type WarningConfigBody = EndpointBodyInput<typeof settings.putWarningConfig>;

// An exclusion removes the listing's forecast row at once: the forecast list reloads too.
export const useAddExclusions = () =>
  useSettingsWrite(
    (body: AddExclusionsBody) => call(settings.addExclusions, { body }, { silent: true }),
    [settingsKeys.exclusions, forecastKeys.list],
  );
export const useUpdateExclusion = () =>
  useSettingsWrite(
    (body: UpdateExclusionBody) => call(settings.updateExclusion, { body }, { silent: true }),
    [settingsKeys.exclusions],
  );
export const useRemoveExclusions = () =>
  useSettingsWrite(
    (listingIds: number[]) => call(settings.removeExclusions, { body: { listingIds } }, { silent: true }),
    [settingsKeys.exclusions],
  );

/** The thresholds of a shop, or the global ones (shopId undefined). */
export const useWarningConfig = (shopId: number | undefined) =>
  useQuery({
    queryKey: [...settingsKeys.warning, shopId ?? null],
    queryFn: ({ signal }) => call(settings.getWarningConfig, { query: shopId === undefined ? {} : { shopId } }, { signal }),
  });
export const usePutWarningConfig = () =>
  useSettingsWrite(
    (body: WarningConfigBody) => call(settings.putWarningConfig, { body }, { silent: true }),
    [settingsKeys.warning],
  );

/** Forecast rows matching a text (the listing picker of the exclusion form). */
export const useForecastMatches = (keyword: string) =>
  useQuery({
    queryKey: [...forecastKeys.list, 'picker', keyword],
    queryFn: ({ signal }) =>
      call(ep.listForecasts, { query: { keyword, pageNum: 1, pageSize: 30, sortField: 'sku', sortOrder: 'asc' } }, { signal }),
    enabled: keyword.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export const useSetLabel = () =>
  useSettingsWrite(
    (body: EndpointBodyInput<typeof settings.setLabel>) => call(settings.setLabel, { body }, { silent: true }),
    [forecastKeys.list],
  );

export const useSetSkuWarning = () =>
  useSettingsWrite(
    (body: EndpointBodyInput<typeof settings.addOrUpdateSkuWarning>) =>
      call(settings.addOrUpdateSkuWarning, { body }, { silent: true }),
    [settingsKeys.skuWarnings],
  );
export const useRemoveSkuWarnings = () =>
  useSettingsWrite(
    (listingIds: number[]) => call(settings.removeSkuWarnings, { body: { listingIds } }, { silent: true }),
    [settingsKeys.skuWarnings],
  );
// ---- estimates and their review ----

export const estimateKeys = {
  all: ['forecasts', 'estimates'] as const,
  review: ['forecasts', 'estimates', 'review'] as const,
  records: ['forecasts', 'estimates', 'records'] as const,
  count: ['forecasts', 'estimates', 'count'] as const,
};

/** The caller's review queue (/forecast/newAudit): what waits for them, oldest first; reloads with every estimate list. */
export const useReviewQueue = () =>
  useQuery({
    queryKey: [...estimateKeys.review, 'queue'],
    queryFn: ({ signal }) =>
      call(est.listPendingReview, { query: { status: 'PENDING', queue: 'mine', pageSize: 100 } }, { signal }),
  });

/** How many wait for the caller: the header badge's query (same key), so a decision changes both. */
export const useReviewCount = () =>
  useQuery({ queryKey: estimateKeys.count, queryFn: ({ signal }) => call(est.toReviewCount, {}, { signal }) });

/** One estimate's chart: 90 days of units, the forecast and the estimate per day. */
export const useReviewDays = (estimateId: number | null) =>
  useQuery({
    queryKey: [...estimateKeys.all, 'days', estimateId],
    queryFn: ({ signal }) => call(est.reviewDays, { query: { estimateId: estimateId as number } }, { signal }),
    enabled: estimateId !== null,
  });

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

// ---- /forecastAccuracy ----

export const accuracyKeys = {
  all: ['forecasts', 'accuracy'] as const,
  rows: ['forecasts', 'accuracy', 'rows'] as const,
  summary: ['forecasts', 'accuracy', 'summary'] as const,
  overrides: ['forecasts', 'accuracy', 'overrides'] as const,
};

export const useAccuracySummary = (q: EndpointQuery<typeof acc.accuracySummary>) =>
  useQuery(
    queryOptions({
      queryKey: [...accuracyKeys.summary, q],
      queryFn: ({ signal }) => call(acc.accuracySummary, { query: q }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );

export const exportAccuracy = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(acc.exportAccuracy, { query: withoutPage(q) as never }, o);
