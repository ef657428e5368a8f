/** The Inventory Ledger's and removal orders' screens: query keys, one SKU's detail, one order, the exports. */
import type { EndpointQuery } from '@bo/contract';
import * as ep from '@bo/contract/inventory/ledger';
import * as removals from '@bo/contract/inventory/removals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, type DownloadOptions, download } from '../../shared/http/http-client';
import { inventoryKeys, withoutPage } from './inventory.queries';

export const ledgerKeys = {
  detail: [...inventoryKeys.all, 'ledger', 'detail'] as const,
  differences: [...inventoryKeys.all, 'ledger', 'differences'] as const,
};

type DetailQuery = EndpointQuery<typeof ep.ledgerDetail>;

/** One SKU's days; waits for a shop and a SKU. */
export const useLedgerDetail = (q: Partial<DetailQuery>) =>
  useQuery({
    queryKey: [...ledgerKeys.detail, q],
    queryFn: ({ signal }) => call(ep.ledgerDetail, { query: q as DetailQuery }, { signal }),
    enabled: q.shopId !== undefined && !!q.sku,
    placeholderData: keepPreviousData,
  });

export const exportDifferences = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(ep.exportDifferences, { query: withoutPage(q) as never }, o);

export const removalKeys = { list: [...inventoryKeys.all, 'removals'] as const };

/** One removal order with its lines and parcels; waits for an order. */
export const useRemovalOrder = (key: { shopId: number; orderId: string } | null) =>
  useQuery({
    queryKey: [...removalKeys.list, 'detail', key],
    queryFn: ({ signal }) => call(removals.getRemoval, { query: key as { shopId: number; orderId: string } }, { signal }),
    enabled: key !== null,
  });

export const exportRemovals = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(removals.exportRemovals, { query: withoutPage(q) as never }, o);
