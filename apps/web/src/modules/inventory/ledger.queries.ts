/** The Inventory Ledger's screens: query keys, one SKU's detail and the differences export. */
import type { EndpointQuery } from '@bo/contract';
import * as ep from '@bo/contract/inventory/ledger';
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
