/** The analysis boards' calls. */
import { ppcBoards as ep, ppcChanges } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { ppcKeys } from '../ppc.keys';
import {
  type FilterView,
  filterQuery,
  type OutBudgetView,
  outBudgetQuery,
  type ReportView,
  reportQuery,
  type SkuAdvView,
  type SuggestView,
  suggestQuery,
} from './boards-view';

export const usePpcDashboard = (v: FilterView) => {
  const query = filterQuery(v);
  return useQuery({
    queryKey: ppcKeys.board('dashboard', query),
    queryFn: ({ signal }) => call(ep.dashboard, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const useSkuAdvAnalysis = (v: SkuAdvView) => {
  const query = { startDate: v.startDate, endDate: v.endDate, listingId: v.listingIds };
  return useQuery({
    queryKey: ppcKeys.board('skuAdv', query),
    queryFn: ({ signal }) => call(ep.skuAdvAnalysis, { query }, { signal }),
    enabled: v.listingIds.length > 0,
    placeholderData: keepPreviousData,
  });
};

export const useReportAnalysis = (v: ReportView) => {
  const query = { ...reportQuery(v), pageNum: v.pageNum, pageSize: v.pageSize };
  return useQuery({
    queryKey: ppcKeys.board('report', query),
    queryFn: ({ signal }) => call(ep.reportAnalysis, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const useOutBudget = (v: OutBudgetView) => {
  const query = { ...outBudgetQuery(v), pageNum: v.pageNum, pageSize: v.pageSize };
  return useQuery({
    queryKey: ppcKeys.board('outBudget', query),
    queryFn: ({ signal }) => call(ep.outBudget, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
};

/** A campaign's daily budget through the one change path (PUT ppc/rest/v1/manager/changes). */
export const useChangeBudget = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { campaignId: number; budget: number; version: number; confirmed?: boolean }) =>
      call(ppcChanges.applyChanges, {
        body: {
          changes: [
            { entityType: 'campaign', entityId: b.campaignId, field: 'daily_budget', value: b.budget, version: b.version },
          ],
          note: 'out of budget board',
          ...(b.confirmed ? { confirmed: true } : {}),
        },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ppcKeys.figures() }),
  });
};

export const useSuggestions = (v: SuggestView) => {
  const query = suggestQuery(v);
  return useQuery({
    queryKey: ppcKeys.board('suggestions', query),
    queryFn: ({ signal }) => call(ep.suggestions, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
};

/** Applies chosen suggestions through the change path; every figure and list is read again. */
export const useApplySuggestions = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      changes: { entityType: 'keyword' | 'target' | 'campaign'; entityId: number; value: number; version?: number }[];
      negatives: { adGroupId: number; searchTerm: string }[];
    }) => call(ep.applySuggestions, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ppcKeys.figures() }),
  });
};
