/**
 * The paging and sorting glue every server-paged list shares: a query patch written to
 * the URL, a step back when the page no longer exists, and antd Table changes turned
 * into query patches.
 */
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';

type Patch = Record<string, string | number | undefined>;

/** A query patch as URL filter strings (undefined clears the key). */
export const toUrlPatch = (patch: Patch): Record<string, string> =>
  Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v === undefined ? '' : String(v)]));

/** A page emptied by a filter change or a removal: step back to the last page that exists. */
export function useStepBackToLastPage(
  loaded: boolean,
  total: number,
  query: { pageNum: number; pageSize: number },
  setFilters: (patch: Record<string, string>) => void,
): void {
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  useEffect(() => {
    if (loaded && query.pageNum > lastPage) setFilters({ pageNum: String(lastPage) });
  }, [loaded, query.pageNum, lastPage, setFilters]);
}

/** The contract's sort order ('asc' | 'desc') as antd's Table says it, for a column's `sortOrder`. */
export const antdOrder = (order: 'asc' | 'desc'): 'ascend' | 'descend' => (order === 'desc' ? 'descend' : 'ascend');

/** For a screen whose query is the contract's ('asc' | 'desc'): the patch in the contract's words. */
export const inContractOrder =
  <F extends string>(
    onChange: (patch: Omit<SortPatch<F>, 'sortOrder'> & { sortOrder?: 'asc' | 'desc' }) => void,
  ): ((patch: SortPatch<F>) => void) =>
  ({ sortOrder, ...rest }) =>
    onChange(sortOrder ? { ...rest, sortOrder: sortOrder === 'descend' ? 'desc' : 'asc' } : rest);

export interface SortPatch<F extends string> {
  sortField?: F;
  /** antd's words, which the screens' own URL state keeps; `inContractOrder` turns them into the contract's. */
  sortOrder?: 'ascend' | 'descend';
  pageNum?: number;
  pageSize?: number;
}

/**
 * antd Table's onChange as query patches: a sort goes back to page 1 (an unsorted column
 * falls back to the default field); a page change keeps the sort.
 */
export function tableChangeHandler<Row, F extends string>(
  sortable: readonly F[],
  defaultField: F,
  pageSize: number,
  onQueryChange: (patch: SortPatch<F>) => void,
): NonNullable<TableProps<Row>['onChange']> {
  const isSortable = (key: unknown): key is F => sortable.includes(key as F);
  return (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      const field = s?.order && isSortable(s.columnKey) ? s.columnKey : defaultField;
      onQueryChange({ sortField: field, sortOrder: s?.order ?? 'ascend', pageNum: 1 });
      return;
    }
    onQueryChange({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? pageSize });
  };
}

/**
 * antd Table's pagination for a server-paged list: the query's page and size, the total,
 * a size changer and "N in all" in the user's language. A screen may offer its own page
 * sizes and say its total in its own words (`totalKey`, a text with `count`).
 */
export const listPagination = (
  query: { pageNum: number; pageSize: number },
  total: number,
  t: TFunction,
  options: { sizes?: readonly number[]; totalKey?: string } = {},
): TablePaginationConfig => ({
  current: query.pageNum,
  pageSize: query.pageSize,
  total,
  showSizeChanger: true,
  ...(options.sizes ? { pageSizeOptions: options.sizes.map(String) } : {}),
  showTotal: (n) => t((options.totalKey ?? 'list.total') as never, { count: n }),
});
