/**
 * The sales dashboard (/dashboard/index): one query per panel, each keyed by the
 * filters, and the user's panel flags with an optimistic save (a ticked box shows at
 * once; a refused save puts the flags back).
 */
import { type EndpointBodyInput, salesDashboard as ep } from '@bo/contract';
import type { DashboardPanel, GRANULARITIES, Panels } from '@bo/contract/sales/dashboard';
import type { SalesFilter } from '@bo/contract/sales/sales-profit';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallOptions, call } from '../../../shared/http/http-client';
import { salesKeys } from '../sales.keys';

export type Granularity = (typeof GRANULARITIES)[number];
export type SkuOrder = 'top' | 'bottom';

/** How many listings the top and bottom tables show. */
export const RANK_LIMIT = 10;

const live = { placeholderData: keepPreviousData } as const;

/**
 * The query options of each panel, shared by the hooks and the route's prefetch. `how`:
 * call options for the prefetch that runs before the guard has decided (quiet calls);
 * the query key does not depend on it, so the page finds what the prefetch fetched.
 */
type How = Pick<CallOptions, 'silent' | 'ignoreUnauthorized'>;

export const kpisQuery = (query: SalesFilter, how: How = {}) =>
  queryOptions({
    queryKey: salesKeys.dashboard('kpis', query),
    queryFn: ({ signal }) => call(ep.dashboardKpis, { query }, { ...how, signal }),
  });

export const trendQuery = (query: SalesFilter, granularity: Granularity, how: How = {}) =>
  queryOptions({
    queryKey: salesKeys.dashboard('trend', { ...query, granularity }),
    queryFn: ({ signal }) => call(ep.dashboardTrend, { query: { ...query, granularity } }, { ...how, signal }),
  });

export const marketsQuery = (query: SalesFilter, how: How = {}) =>
  queryOptions({
    queryKey: salesKeys.dashboard('markets', query),
    queryFn: ({ signal }) => call(ep.dashboardMarkets, { query }, { ...how, signal }),
  });

export const rankedSkusQuery = (query: SalesFilter, order: SkuOrder, how: How = {}) =>
  queryOptions({
    queryKey: salesKeys.dashboard(order, query),
    queryFn: ({ signal }) => call(ep.dashboardSkus, { query: { ...query, order, limit: RANK_LIMIT } }, { ...how, signal }),
  });

export const panelsQuery = (how: How = {}) =>
  queryOptions({
    queryKey: salesKeys.panels(),
    queryFn: ({ signal }) => call(ep.getDashboardPanels, {}, { ...how, signal }),
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
