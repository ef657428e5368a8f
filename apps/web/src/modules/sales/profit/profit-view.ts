/**
 * What the sales-profit screen shows, read from its query string: the breakdown (tab),
 * the shared filters, keyword, director, sort and page. Read leniently like every list:
 * a value the API would refuse falls back to its default. Also the link other screens
 * use to open it filtered.
 */
import {
  DIRECTOR_KEYS,
  LINE_KEYS,
  MEASURES,
  SALES_DIMENSIONS,
  type SalesDimension,
  type SalesFilter,
  SHOP_KEYS,
  SKU_KEYS,
} from '@bo/contract/sales/sales-profit';
import type { Period } from '../../../shared/period/period-presets';
import { writeFilters } from '../../../shared/url-filters';
import {
  readSalesFilters,
  SALES_FILTER_URL,
  type SalesFilterState,
  type SalesFilterUrl,
  salesFilterPatch,
  toSalesQuery,
} from '../filters/sales-filters';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_SORT = { sortField: 'revenue', sortOrder: 'descend' } as const;

export const PROFIT_URL = {
  ...SALES_FILTER_URL,
  tab: 'sku',
  keyword: '',
  directorId: '',
  sortField: DEFAULT_SORT.sortField,
  sortOrder: DEFAULT_SORT.sortOrder,
  pageNum: '1',
  pageSize: '20',
} as const;

export interface ProfitUrl extends SalesFilterUrl {
  tab: string;
  keyword: string;
  directorId: string;
  sortField: string;
  sortOrder: string;
  pageNum: string;
  pageSize: string;
}

export type SortOrder = 'ascend' | 'descend';

export interface ProfitView {
  dimension: SalesDimension;
  filters: SalesFilterState;
  keyword: string;
  /** Only on the director tab, where its picker is. */
  directorId: number | null;
  sortField: string;
  sortOrder: SortOrder;
  pageNum: number;
  pageSize: number;
}

/** The key columns each breakdown sorts by, besides the measures. */
export const SORT_KEYS: Record<SalesDimension, readonly string[]> = {
  sku: SKU_KEYS,
  shop: SHOP_KEYS,
  product_line: LINE_KEYS,
  sale_director: DIRECTOR_KEYS,
};

export const sortableFields = (dimension: SalesDimension): readonly string[] => [...MEASURES, ...SORT_KEYS[dimension]];

const isDimension = (v: string): v is SalesDimension => (SALES_DIMENSIONS as readonly string[]).includes(v);
const intIn = (text: string, min: number, max: number): number | null =>
  /^\d{1,6}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null;

export function readProfitView(url: ProfitUrl, today: string): ProfitView {
  const dimension = isDimension(url.tab) ? url.tab : 'sku';
  const sortable = sortableFields(dimension).includes(url.sortField);
  const pageSize = intIn(url.pageSize, 1, 500);
  return {
    dimension,
    filters: readSalesFilters(url, today),
    keyword: url.keyword.trim().slice(0, 100),
    directorId: dimension === 'sale_director' ? intIn(url.directorId, 1, 999_999) : null,
    sortField: sortable ? url.sortField : DEFAULT_SORT.sortField,
    sortOrder: sortable && (url.sortOrder === 'ascend' || url.sortOrder === 'descend') ? url.sortOrder : DEFAULT_SORT.sortOrder,
    pageNum: intIn(url.pageNum, 1, 100_000) ?? 1,
    pageSize: pageSize && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 20,
  };
}

/** The filters of the view as the API takes them (shared filters, keyword, director). */
export function profitFilterQuery(view: ProfitView): SalesFilter {
  const q = toSalesQuery(view.filters);
  if (view.keyword) q.keyword = view.keyword;
  if (view.directorId) q.directorId = view.directorId;
  return q;
}

/** The list query: filters, sort and page. */
export const profitListQuery = (view: ProfitView) => ({
  ...profitFilterQuery(view),
  sortField: view.sortField,
  sortOrder: view.sortOrder,
  pageNum: view.pageNum,
  pageSize: view.pageSize,
});

/** The export query: the list's filters and sort, every row. */
export const profitExportQuery = (view: ProfitView) => ({
  ...profitFilterQuery(view),
  sortField: view.sortField,
  sortOrder: view.sortOrder,
});

/** The query-string patch when the tab changes: sort and page start over; the director picker only lives on its tab. */
export const tabPatch = (tab: SalesDimension): Partial<ProfitUrl> => ({
  tab,
  sortField: DEFAULT_SORT.sortField,
  sortOrder: DEFAULT_SORT.sortOrder,
  pageNum: '1',
  directorId: '',
});

export const SALES_PROFIT_PATH = '/salesProfit';

/** /salesProfit with the same shared filters (period, marketplaces, shops, line, position) as another screen. */
export function salesProfitHrefFor(filters: SalesFilterState): string {
  const params = writeFilters(new URLSearchParams(), SALES_FILTER_URL, salesFilterPatch(filters));
  const qs = params.toString();
  return qs ? `${SALES_PROFIT_PATH}?${qs}` : SALES_PROFIT_PATH;
}

/** /salesProfit filtered to a keyword (a SKU) and a period, on the SKU tab. */
export function salesProfitHref({ keyword, startDate, endDate }: { keyword: string } & Period): string {
  const params = new URLSearchParams({ keyword, startDate, endDate });
  return `${SALES_PROFIT_PATH}?${params.toString()}`;
}
