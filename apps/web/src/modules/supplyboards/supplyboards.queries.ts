/** The supply boards: query keys and the boards' summaries (the lists go through the kit's useKitList). */
import type { EndpointQuery } from '@bo/contract';
import * as ep from '@bo/contract/supplyboards/boards';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const supplyBoardKeys = {
  all: ['supplyboards'] as const,
  logistics: ['supplyboards', 'logistics'] as const,
  late: ['supplyboards', 'logistics', 'late'] as const,
  delivery: ['supplyboards', 'delivery'] as const,
  progress: ['supplyboards', 'delivery', 'progress'] as const,
};

type BoardQuery = EndpointQuery<typeof ep.logisticsBoard>;

export const useLogisticsBoard = (q: BoardQuery) =>
  useQuery(
    queryOptions({
      queryKey: [...supplyBoardKeys.logistics, 'board', q],
      queryFn: ({ signal }) => call(ep.logisticsBoard, { query: q }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );

export const useDeliveryBoard = (q: BoardQuery) =>
  useQuery(
    queryOptions({
      queryKey: [...supplyBoardKeys.delivery, 'board', q],
      queryFn: ({ signal }) => call(ep.deliveryBoard, { query: q }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
