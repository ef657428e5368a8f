/**
 * The dashboard's view of its query string (filters and granularity), shared by the page
 * and by the route's prefetch, so both ask for exactly the same queries.
 */
import { GRANULARITIES } from '@bo/contract/sales/dashboard';
import type { SalesFilter } from '@bo/contract/sales/sales-profit';
import type { Filters } from '../../../shared/url-filters';
import { readSalesFilters, SALES_FILTER_URL, type SalesFilterState, toSalesQuery } from '../filters/sales-filters';
import type { Granularity } from './dashboard.queries';

export const DASHBOARD_URL_DEFAULTS = { ...SALES_FILTER_URL, granularity: 'day' } as const;

export type DashboardUrl = Filters<typeof DASHBOARD_URL_DEFAULTS>;

const isGranularity = (v: string): v is Granularity => (GRANULARITIES as readonly string[]).includes(v);

export const readFiltersOf = (url: DashboardUrl, today: string): SalesFilterState => readSalesFilters(url, today);

export const granularityOf = (url: DashboardUrl): Granularity => (isGranularity(url.granularity) ? url.granularity : 'day');

export const queryOf = (filters: SalesFilterState): SalesFilter => toSalesQuery(filters);
