/**
 * What the listing filter shows, read leniently from its query string (criteria, sort,
 * page), and the API query made from it. A value the API would refuse is dropped (an
 * upper bound below its lower bound too), so a pasted link always opens something.
 */
import type { EndpointQueryInput } from '@bo/contract';
import { FILTER_SORT_FIELDS, type listingFilterExcel } from '@bo/contract/listings/filter';
import {
  readSalesFilters,
  SALES_FILTER_URL,
  type SalesFilterState,
  type SalesFilterUrl,
  toSalesQuery,
} from '../../sales/filters/sales-filters';

export const RANGE_KEYS = ['units', 'revenue', 'profit', 'margin'] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];

export const FILTER_URL = {
  ...SALES_FILTER_URL,
  keyword: '',
  lifecycle: [],
  status: [],
  unitsMin: '',
  unitsMax: '',
  revenueMin: '',
  revenueMax: '',
  profitMin: '',
  profitMax: '',
  marginMin: '',
  marginMax: '',
  noSales: '',
  missingCost: '',
  sortField: 'revenue',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;

export interface FilterUrl extends SalesFilterUrl {
  keyword: string;
  lifecycle: string[];
  status: string[];
  unitsMin: string;
  unitsMax: string;
  revenueMin: string;
  revenueMax: string;
  profitMin: string;
  profitMax: string;
  marginMin: string;
  marginMax: string;
  noSales: string;
  missingCost: string;
  sortField: string;
  sortOrder: string;
  pageNum: string;
  pageSize: string;
}

export type FilterSortField = (typeof FILTER_SORT_FIELDS)[number];
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface Range {
  min: number | null;
  max: number | null;
}

export interface FilterView {
  filters: SalesFilterState;
  keyword: string;
  lifecycle: number[];
  status: number[];
  ranges: Record<RangeKey, Range>;
  noSales: boolean;
  missingCost: boolean;
  sortField: FilterSortField;
  sortOrder: 'ascend' | 'descend';
  pageNum: number;
  pageSize: number;
}

const LIMITS: Record<RangeKey, { min: number; max: number; integer: boolean }> = {
  units: { min: 0, max: 1e9, integer: true },
  revenue: { min: -1e12, max: 1e12, integer: false },
  profit: { min: -1e12, max: 1e12, integer: false },
  margin: { min: -10000, max: 100, integer: false },
};

function bound(text: string, key: RangeKey): number | null {
  if (!/^-?\d+(\.\d+)?$/.test(text.trim())) return null;
  const n = Number(text);
  const l = LIMITS[key];
  if (!Number.isFinite(n) || n < l.min || n > l.max || (l.integer && !Number.isInteger(n))) return null;
  return n;
}

const codes = (values: readonly string[], allowed: readonly number[]) =>
  [...new Set(values.map(Number).filter((n) => allowed.includes(n)))].sort((a, b) => a - b);

export function readFilterView(url: FilterUrl, today: string): FilterView {
  const ranges = {} as Record<RangeKey, Range>;
  for (const key of RANGE_KEYS) {
    const min = bound(url[`${key}Min`], key);
    let max = bound(url[`${key}Max`], key);
    if (min !== null && max !== null && max < min) max = null;
    ranges[key] = { min, max };
  }
  const page = /^\d{1,5}$/.test(url.pageNum) && Number(url.pageNum) >= 1 ? Number(url.pageNum) : 1;
  return {
    filters: readSalesFilters(url, today),
    keyword: url.keyword.trim().slice(0, 100),
    lifecycle: codes(url.lifecycle, [0, 1, 2]),
    status: codes(url.status, [0, 1]),
    ranges,
    noSales: url.noSales === 'true',
    missingCost: url.missingCost === 'true',
    sortField: (FILTER_SORT_FIELDS as readonly string[]).includes(url.sortField) ? (url.sortField as FilterSortField) : 'revenue',
    sortOrder: url.sortOrder === 'ascend' ? 'ascend' : 'descend',
    pageNum: page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(Number(url.pageSize)) ? Number(url.pageSize) : 20,
  };
}

export type FilterQuery = EndpointQueryInput<typeof listingFilterExcel>;

/** The API's criteria and sort (no paging): what the export takes. */
export function filterQuery(v: FilterView): FilterQuery {
  const q: Record<string, unknown> = {
    ...toSalesQuery(v.filters),
    sortField: v.sortField,
    sortOrder: v.sortOrder === 'ascend' ? 'asc' : 'desc',
  };
  if (v.keyword) q.keyword = v.keyword;
  if (v.lifecycle.length) q.lifecycle = v.lifecycle;
  if (v.status.length) q.status = v.status;
  for (const key of RANGE_KEYS) {
    if (v.ranges[key].min !== null) q[`${key}Min`] = v.ranges[key].min;
    if (v.ranges[key].max !== null) q[`${key}Max`] = v.ranges[key].max;
  }
  if (v.noSales) q.noSales = true;
  if (v.missingCost) q.missingCost = true;
  return q as FilterQuery;
}

export const filterListQuery = (v: FilterView) => ({ ...filterQuery(v), pageNum: v.pageNum, pageSize: v.pageSize });

/** The URL patch for ranges typed in the form (empty clears). */
export function rangesPatch(ranges: Record<RangeKey, Range>): Partial<FilterUrl> {
  const out: Record<string, string> = {};
  for (const key of RANGE_KEYS) {
    out[`${key}Min`] = ranges[key].min === null ? '' : String(ranges[key].min);
    out[`${key}Max`] = ranges[key].max === null ? '' : String(ranges[key].max);
  }
  return out as Partial<FilterUrl>;
}

/** The query string a saved filter keeps: the current one without the page number. */
export function savedQueryOf(search: URLSearchParams): string {
  const p = new URLSearchParams(search);
  p.delete('pageNum');
  return p.toString();
}
