/** SKU analysis calls: suggestions while typing, the summary and the trend of the chosen SKU. */
import { skuAnalysis as ep } from '@bo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { listingsKeys } from '../listings.keys';
import { type SkuView, skuQuery } from './sku-view';

export const useSkuSuggestions = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: listingsKeys.skuSuggest(keyword),
    queryFn: ({ signal }) => call(ep.skuSuggestions, { query: { keyword } }, { signal }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

const periodQuery = skuQuery;

export const useSkuSummary = (v: SkuView) =>
  useQuery({
    queryKey: listingsKeys.skuSummary(periodQuery(v)),
    // Silent: the screen shows an unknown SKU (404) and other failures itself.
    queryFn: ({ signal }) => call(ep.skuSummary, { query: periodQuery(v) }, { signal, silent: true }),
    enabled: v.sku !== '',
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as { sku?: string } | undefined)?.sku === v.sku ? previous : undefined,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });

export const useSkuTrend = (v: SkuView) => {
  const query = { ...periodQuery(v), granularity: v.granularity };
  return useQuery({
    queryKey: listingsKeys.skuTrend(query),
    queryFn: ({ signal }) => call(ep.skuTrend, { query }, { signal, silent: true }),
    enabled: v.sku !== '',
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as { sku?: string } | undefined)?.sku === v.sku ? previous : undefined,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
};
