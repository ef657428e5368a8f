/**
 * Started by the route as soon as /dashboard/index is matched and the session allows it:
 * the panels' calls and the chart code load while the page's own chunk is still on its
 * way, instead of after it has rendered. The page then finds the same queries in the
 * cache (same keys, see dashboard-view.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { readFilters } from '../../../shared/url-filters';
import { todayLocal } from '../filters/period-presets';
import { isShown, kpisQuery, marketsQuery, panelsQuery, rankedSkusQuery, trendQuery } from './dashboard.queries';
import { DASHBOARD_URL_DEFAULTS, granularityOf, queryOf, readFiltersOf } from './dashboard-view';

export function prefetchDashboard(client: QueryClient, url: URL): void {
  const view = readFilters(url.searchParams, DASHBOARD_URL_DEFAULTS);
  const query = queryOf(readFiltersOf(view, todayLocal()));
  // Panels a user has hidden are skipped once their flags are known; on the first visit all load.
  const panels = client.getQueryData(panelsQuery().queryKey);
  void client.prefetchQuery(panelsQuery());
  void client.prefetchQuery(kpisQuery(query));
  if (isShown(panels, 'trend')) {
    void client.prefetchQuery(trendQuery(query, granularityOf(view)));
    void import('./components/TrendChart');
  }
  if (isShown(panels, 'markets')) {
    void client.prefetchQuery(marketsQuery(query));
    void import('./components/MarketChart');
  }
  if (isShown(panels, 'topSkus')) void client.prefetchQuery(rankedSkusQuery(query, 'top'));
  if (isShown(panels, 'bottomSkus')) void client.prefetchQuery(rankedSkusQuery(query, 'bottom'));
}
