/**
 * The sales-data screens' reads. All three are computed from the sales figures, so their
 * keys sit under `figures` (an added cost invalidates them with everything else).
 */
import { salesData as ep } from '@bo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { salesKeys } from '../sales.keys';
import { type AnalysisView, analysisListQuery, type GroupView, groupQuery, type SeriesView, seriesListQuery } from './data-view';

export const salesDataKeys = {
  series: (query: object) => [...salesKeys.figures(), 'data', 'series', query] as const,
  groups: (query: object) => [...salesKeys.figures(), 'data', 'groups', query] as const,
  analysis: (query: object) => [...salesKeys.figures(), 'data', 'analysis', query] as const,
};

export function useSeries(view: SeriesView) {
  const query = seriesListQuery(view);
  return useQuery({
    queryKey: salesDataKeys.series(query),
    queryFn: ({ signal }) => call(ep.salesDataSeries, { query }, { signal }),
    // Keep the rows while a page or sort loads, but not under another row kind's or granularity's columns.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[4] as typeof query | undefined;
      return before && before.rows === query.rows && before.granularity === query.granularity ? previous : undefined;
    },
  });
}

export function useGroups(view: GroupView) {
  const query = groupQuery(view);
  return useQuery({
    queryKey: salesDataKeys.groups(query),
    queryFn: ({ signal }) => call(ep.salesDataGroups, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAnalysis(view: AnalysisView) {
  const query = analysisListQuery(view);
  return useQuery({
    queryKey: salesDataKeys.analysis(query),
    queryFn: ({ signal }) => call(ep.salesDataAnalysis, { query }, { signal }),
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[4] as typeof query | undefined;
      return before && before.dimension === query.dimension ? previous : undefined;
    },
  });
}
