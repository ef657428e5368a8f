/**
 * The sales dashboard (/dashboard/index): one query per panel, each keyed by the
 * filters, and the user's panel flags with an optimistic save (a ticked box shows at
 * once; a refused save puts the flags back).
 */
import { type EndpointBodyInput, salesDashboard as ep } from '@bo/contract';
import type { DashboardPanel, GRANULARITIES, Panels } from '@bo/contract/sales/dashboard';
import type { SalesFilter } from '@bo/contract/sales/sales-profit';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { salesKeys } from '../sales.keys';

export type Granularity = (typeof GRANULARITIES)[number];
export type SkuOrder = 'top' | 'bottom';

/** How many listings the top and bottom tables show. */
export const RANK_LIMIT = 10;

const live = { placeholderData: keepPreviousData } as const;

/** The query options of each panel, shared by the hooks and the route's prefetch. */
export const kpisQuery = (query: SalesFilter) =>
  queryOptions({
    queryKey: salesKeys.dashboard('kpis', query),
    queryFn: ({ signal }) => call(ep.dashboardKpis, { query }, { signal }),
  });

export const trendQuery = (query: SalesFilter, granularity: Granularity) =>
  queryOptions({
    queryKey: salesKeys.dashboard('trend', { ...query, granularity }),
    queryFn: ({ signal }) => call(ep.dashboardTrend, { query: { ...query, granularity } }, { signal }),
  });

export const marketsQuery = (query: SalesFilter) =>
  queryOptions({
    queryKey: salesKeys.dashboard('markets', query),
    queryFn: ({ signal }) => call(ep.dashboardMarkets, { query }, { signal }),
  });

export const rankedSkusQuery = (query: SalesFilter, order: SkuOrder) =>
  queryOptions({
    queryKey: salesKeys.dashboard(order, query),
    queryFn: ({ signal }) => call(ep.dashboardSkus, { query: { ...query, order, limit: RANK_LIMIT } }, { signal }),
  });

export const panelsQuery = () =>
  queryOptions({
    queryKey: salesKeys.panels(),
    queryFn: ({ signal }) => call(ep.getDashboardPanels, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useKpis = (query: SalesFilter, enabled = true) => useQuery({ ...kpisQuery(query), enabled, ...live });

export const useTrend = (query: SalesFilter, granularity: Granularity, enabled: boolean) =>
  useQuery({ ...trendQuery(query, granularity), enabled, ...live });

export const useMarketSplit = (query: SalesFilter, enabled: boolean) => useQuery({ ...marketsQuery(query), enabled, ...live });

export const useRankedSkus = (query: SalesFilter, order: SkuOrder, enabled: boolean) =>
  useQuery({ ...rankedSkusQuery(query, order), enabled, ...live });

export const usePanels = () => useQuery(panelsQuery());

type PanelsChange = EndpointBodyInput<typeof ep.saveDashboardPanels>;

export function useSavePanels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PanelsChange) => call(ep.saveDashboardPanels, { body: change }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: salesKeys.panels() });
      const before = client.getQueryData<Panels>(salesKeys.panels());
      if (before) client.setQueryData<Panels>(salesKeys.panels(), { ...before, ...change });
      return { before };
    },
    onError: (_err, _change, context) => {
      if (context?.before) client.setQueryData(salesKeys.panels(), context.before);
    },
    onSuccess: (saved) => client.setQueryData(salesKeys.panels(), saved),
  });
}

export const isShown = (panels: Panels | undefined, panel: DashboardPanel): boolean => panels?.[panel] ?? true;
