/** The PPC board's calls: advertising shops, the SKU list, the daily chart. */
import { ppcBoard as ep } from '@bo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { ppcKeys } from '../ppc.keys';
import { type BoardView, filterQuery, skuQuery } from './board-view';

export const usePpcShops = () =>
  useQuery({
    queryKey: ppcKeys.shops(),
    queryFn: ({ signal }) => call(ep.shopNames, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const useSkuPerform = (v: BoardView) => {
  const query = { ...skuQuery(v), pageNum: v.pageNum, pageSize: v.pageSize };
  return useQuery({
    queryKey: ppcKeys.skuPerform(query),
    queryFn: ({ signal }) => call(ep.skuPerform, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const usePpcChart = (v: BoardView) => {
  const query = filterQuery(v);
  return useQuery({
    queryKey: ppcKeys.chart(query),
    queryFn: ({ signal }) => call(ep.skuPerformChart, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
};
