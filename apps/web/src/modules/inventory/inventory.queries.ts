/** Stock: query keys, the age summary, one SKU's history and the exports. */
import type { EndpointQuery } from '@bo/contract';
import * as ep from '@bo/contract/inventory/inventory';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, type DownloadOptions, download } from '../../shared/http/http-client';

export const inventoryKeys = {
  all: ['inventory'] as const,
  positions: ['inventory', 'positions'] as const,
  ages: ['inventory', 'ages'] as const,
  monitor: ['inventory', 'monitor'] as const,
};

export const withoutPage = <Q extends Record<string, unknown>>(q: Q) => {
  const { pageNum: _n, pageSize: _s, ...rest } = q;
  return rest;
};

export const useAgeSummary = (q: EndpointQuery<typeof ep.ageSummary>) =>
  useQuery(
    queryOptions({
      queryKey: [...inventoryKeys.ages, 'summary', q],
      queryFn: ({ signal }) => call(ep.ageSummary, { query: q }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );

export type HistoryKey = { shopId: number; warehouseId: number; sku: string };
export const useSkuHistory = (key: HistoryKey | null) =>
  useQuery({
    queryKey: [...inventoryKeys.monitor, 'history', key],
    queryFn: ({ signal }) => call(ep.skuHistory, { query: key as HistoryKey }, { signal }),
    enabled: key !== null,
  });

export const exportPositions = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(ep.exportPositions, { query: withoutPage(q) as never }, o);
export const exportAges = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(ep.exportAges, { query: withoutPage(q) as never }, o);
export const exportMonitor = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(ep.exportMonitor, { query: withoutPage(q) as never }, o);
