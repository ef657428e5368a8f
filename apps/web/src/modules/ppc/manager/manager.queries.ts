/** The /ppcMgr calls: the lists, history, changes and undo, the lookups and creates. */
import { ppcManager as ep, ppcChanges } from '@bo/contract';
import type { CampaignType } from '@bo/contract/ppc/board';
import type { ManagerList } from '@bo/contract/ppc/manager';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { ppcKeys } from '../ppc.keys';

const LIST_EP = {
  campaigns: ep.campaigns,
  placements: ep.placements,
  adGroups: ep.adGroups,
  ads: ep.ads,
  keywords: ep.keywords,
  targets: ep.targets,
} as const;

export const managerKeys = {
  all: () => [...ppcKeys.figures(), 'manager'] as const,
  list: (type: CampaignType, list: ManagerList, query: object) => [...managerKeys.all(), type, list, query] as const,
  changes: (query: object) => [...managerKeys.all(), 'changes', query] as const,
};

export interface ListPage {
  list: Record<string, unknown>[];
  total: number;
  pageNum: number;
  pageSize: number;
  sum?: Record<string, number | null>;
  startDate?: string;
  endDate?: string;
  reportingCurrency?: string;
}

export const useManagerList = (type: CampaignType, list: ManagerList, query: Record<string, unknown>, enabled: boolean) =>
  useQuery({
    queryKey: managerKeys.list(type, list, query),
    queryFn: ({ signal }) =>
      call(LIST_EP[list] as typeof ep.keywords, { params: { type }, query: query as never }, { signal }) as Promise<ListPage>,
    placeholderData: keepPreviousData,
    enabled,
  });

type ChangeBody = Parameters<typeof call<typeof ppcChanges.applyChanges>>[1];

/** Applies changes (silent: the screen shows a refusal itself); every list and history is refreshed after. */
export function useApplyChanges() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<ChangeBody>['body']) => call(ppcChanges.applyChanges, { body }, { silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: managerKeys.all() }),
  });
}

export function useUndo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { changeIds?: number[]; batchId?: number }) => call(ppcChanges.undoChanges, { body }, { silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: managerKeys.all() }),
  });
}

export const useChanges = (query: Record<string, unknown>, enabled: boolean) =>
  useQuery({
    queryKey: managerKeys.changes(query),
    queryFn: ({ signal }) => call(ppcChanges.listChanges, { query: query as never }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useProducts = (shopId: number | null, keyword: string) =>
  useQuery({
    queryKey: [...ppcKeys.all, 'products', shopId, keyword],
    queryFn: ({ signal }) => call(ep.products, { query: { shopId: shopId ?? 0, keyword } }, { signal }),
    enabled: shopId !== null,
    placeholderData: keepPreviousData,
  });

export const usePortfolios = (shopId: number | null) =>
  useQuery({
    queryKey: [...ppcKeys.all, 'portfolios', shopId],
    queryFn: ({ signal }) => call(ep.portfolios, { query: { shopId: shopId ?? 0 } }, { signal }),
    enabled: shopId !== null,
  });
