/**
 * What the sales tables (/salesProfit, /salesData and its analysis and groups) share about
 * their columns: which measures always show, and a column sorted on the server that never
 * turns unsorted.
 */
import type { Measure } from '@bo/contract/sales/sales-profit';
import type { SortOrder } from 'antd/es/table/interface';
import type { ColumnPriority } from '../../../shared/table/column-fit';

/** The decision figures of sales and profit (docs/decisions.md): revenue, profit and margin always show; units, orders and ad spend next; the costs are details. */
export const MEASURE_PRIORITY: Record<Measure, ColumnPriority> = {
  revenue: 'key',
  profit: 'key',
  margin: 'key',
  units: 'normal',
  orders: 'normal',
  adSpend: 'normal',
  refunds: 'detail',
  fees: 'detail',
  cogs: 'detail',
  otherCosts: 'detail',
};

/**
 * The sort props of the column `key` under the view's sort: a third click turns back to
 * descending rather than to the default field.
 */
export const sortableBy =
  (view: { sortField: string; sortOrder: SortOrder }) =>
  (key: string): { key: string; sorter: true; sortOrder: SortOrder; sortDirections: ('descend' | 'ascend')[] } => ({
    key,
    sorter: true,
    sortOrder: view.sortField === key ? view.sortOrder : null,
    sortDirections: ['descend', 'ascend', 'descend'],
  });
