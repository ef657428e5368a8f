/**
 * Started by the route as soon as /dashboard/index is matched: the panels' calls and the
 * chart code load while the page's own chunk is still on its way, instead of after it has
 * rendered. The page then finds the same queries in the cache (same keys, see
 * dashboard-view.ts). On the first navigation this runs beside the session calls
 * (`speculative`), so the figures do not wait for the session's round trip; those calls
 * are quiet, because the guard has not yet decided whether the user may see the page
 * (the server refuses them with 403 when not, and nothing shows it).
 */
import type { QueryClient } from '@tanstack/react-query';
import { todayLocal } from '../../../shared/period/period-presets';
import type { PrefetchMode } from '../../../shared/screens';
import { readFilters } from '../../../shared/url-filters';
import { isShown, kpisQuery, marketsQuery, panelsQuery, rankedSkusQuery, trendQuery } from './dashboard.queries';
import { DASHBOARD_URL_DEFAULTS, granularityOf, queryOf, readFiltersOf } from './dashboard-view';

export function prefetchDashboard(client: QueryClient, url: URL, mode: PrefetchMode): void {
  const how = mode === 'speculative' ? { silent: true, ignoreUnauthorized: true } : {};
  const view = readFilters(url.searchParams, DASHBOARD_URL_DEFAULTS);
  const query = queryOf(readFiltersOf(view, todayLocal()));
  // Panels a user has hidden are skipped once their flags are known; on the first visit all load.
  const panels = client.getQueryData(panelsQuery().queryKey);
  void client.prefetchQuery(panelsQuery(how));
  void client.prefetchQuery(kpisQuery(query, how));
  if (isShown(panels, 'trend')) {
    void client.prefetchQuery(trendQuery(query, granularityOf(view), how));
    void import('./components/TrendChart');
  }
  if (isShown(panels, 'markets')) {
    void client.prefetchQuery(marketsQuery(query, how));
    void import('./components/MarketChart');
  }
  if (isShown(panels, 'topSkus')) void client.prefetchQuery(rankedSkusQuery(query, 'top', how));
  if (isShown(panels, 'bottomSkus')) void client.prefetchQuery(rankedSkusQuery(query, 'bottom', how));
}
