/**
 * Listing filter calls, and the caller's saved filters: saving or deleting one changes
 * only that list (`savedFilters`).
 */
import { listingFilter as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { listingsKeys } from '../listings.keys';
import { type FilterView, filterListQuery } from './filter-view';

export const useListingFilter = (v: FilterView) => {
  const query = filterListQuery(v);
  return useQuery({
    queryKey: listingsKeys.filter(query),
    queryFn: ({ signal }) => call(ep.listingFilter, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const useSavedFilters = () =>
  useQuery({ queryKey: listingsKeys.savedFilters(), queryFn: ({ signal }) => call(ep.savedFilters, {}, { signal }) });

export function useSaveFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; query: string }) => call(ep.saveFilter, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: listingsKeys.savedFilters() }),
  });
}

export function useDeleteSavedFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ep.deleteSavedFilter, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: listingsKeys.savedFilters() }),
  });
}
