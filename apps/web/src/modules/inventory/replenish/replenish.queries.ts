/** Replenishment: the red-green line of one SKU, plans from advice, the export. */
import type { EndpointBodyInput } from '@bo/contract';
import * as ep from '@bo/contract/inventory/replenish';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type DownloadOptions, download } from '../../../shared/http/http-client';
import { shipmentKeys } from '../shipments/shipments.queries';

export const replenishKeys = {
  all: ['replenish'] as const,
  list: ['replenish', 'list'] as const,
  dull: ['replenish', 'dull'] as const,
};

export type LineKey = { shopId: number; listingId: number; serviceLevel: ep.ServiceLevel; moq: number; unitsPerCarton: number };
export const useRedGreenLine = (key: LineKey | null) =>
  useQuery({
    queryKey: [...replenishKeys.all, 'line', key],
    queryFn: ({ signal }) => call(ep.getRedGreenLine, { query: key as LineKey }, { signal }),
    enabled: key !== null,
  });

export function usePlansFromAdvice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof ep.createPlansFromAdvice>) =>
      call(ep.createPlansFromAdvice, { body }, { silent: true }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: replenishKeys.all }),
        client.invalidateQueries({ queryKey: shipmentKeys.all }),
      ]),
  });
}

const withoutPage = (q: Record<string, unknown>) => {
  const { pageNum: _n, pageSize: _s, ...rest } = q;
  return rest as never;
};
export const exportAdvice = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(ep.exportAdviceList, { query: withoutPage(q) }, o);
export const exportDull = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(ep.exportDull, { query: withoutPage(q) }, o);
