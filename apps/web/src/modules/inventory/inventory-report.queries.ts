/** The monthly inventory report's queries: the list's key, the totals and months of the chart, the export. */
import type { EndpointQuery } from '@bo/contract';
import * as ep from '@bo/contract/inventory/ledger-report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, type DownloadOptions, download } from '../../shared/http/http-client';
import { inventoryKeys, withoutPage } from './inventory.queries';

export const reportKeys = { list: [...inventoryKeys.all, 'report'] as const };

type SummaryQuery = EndpointQuery<typeof ep.inventoryReportSummary>;

/** The totals and months of the filtered report (the list's query without its page). */
export const useReportSummary = (q: Record<string, unknown>) => {
  // The order of the rows does not change the totals: a sort does not refetch them.
  const { sortField: _f, sortOrder: _o, ...filters } = withoutPage(q);
  const query = filters as SummaryQuery;
  return useQuery({
    queryKey: [...reportKeys.list, 'summary', query],
    queryFn: ({ signal }) => call(ep.inventoryReportSummary, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const exportReport = (q: Record<string, unknown>, o: DownloadOptions) =>
  download(ep.exportInventoryReport, { query: withoutPage(q) as never }, o);
