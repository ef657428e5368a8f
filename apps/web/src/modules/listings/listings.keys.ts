/**
 * Query keys of the listings screens. Figures sit under `figures` (a sales import or a
 * cost changes them); the watchlist and the saved filters are each user's own and change
 * only through their own mutations.
 */
export const listingsKeys = {
  all: ['listings'] as const,
  figures: () => [...listingsKeys.all, 'figures'] as const,
  skuSuggest: (keyword: string) => [...listingsKeys.all, 'skuSuggest', keyword] as const,
  skuSummary: (query: object) => [...listingsKeys.figures(), 'skuSummary', query] as const,
  skuTrend: (query: object) => [...listingsKeys.figures(), 'skuTrend', query] as const,
  monitor: () => [...listingsKeys.all, 'monitor'] as const,
  monitorList: (query: object) => [...listingsKeys.monitor(), query] as const,
  filter: (query: object) => [...listingsKeys.figures(), 'filter', query] as const,
  savedFilters: () => [...listingsKeys.all, 'savedFilters'] as const,
};
