/**
 * The advertising figures as every PPC table shows them, declared once: money (spend, ad
 * sales, CPC, revenue) in compact money cells, counts as counts, ROAS as a multiple, the
 * rest (ACoS, CTR, CVR, TACoS, shares) as percent; and a table column of one figure.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ColumnPriority } from '../../../shared/table/column-fit';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { CountCell, MoneyCell, PercentCell } from '../../../shared/table/NumberCells';
import { NONE } from '../../sales/shared/sales-format';

export const METRIC_KEYS = ['impressions', 'clicks', 'ctr', 'cpc', 'spend', 'orders', 'sales', 'acos', 'roas', 'cvr'] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
/** The decision metrics of every PPC list (docs/decisions.md): always shown; the rest fold away when narrow. */
const METRIC_PRIORITY: Record<MetricKey, ColumnPriority> = {
  spend: 'key',
  sales: 'key',
  orders: 'key',
  acos: 'key',
  impressions: 'normal',
  clicks: 'normal',
  roas: 'normal',
  cpc: 'detail',
  ctr: 'detail',
  cvr: 'detail',
};
const METRIC_WIDTH: Partial<Record<MetricKey, number>> = { impressions: 110, spend: 110, sales: 110 };

const MONEY = new Set(['spend', 'sales', 'cpc', 'revenue']);
const COUNTS = new Set(['impressions', 'clicks', 'orders']);

/** One figure in a table cell; `symbol` is the currency of the money figures. */
export function metricCell(metric: string, value: number | null, symbol: string): ReactNode {
  if (MONEY.has(metric)) return <MoneyCell value={value} symbol={symbol} />;
  if (COUNTS.has(metric)) return <CountCell value={value} />;
  if (metric === 'roas') return <span className="bo-num">{value === null ? NONE : value.toFixed(2)}</span>;
  return <PercentCell value={value} />;
}

/**
 * Every metric as a sortable column of a PPC list (/ppcMgr, /reportAnalysis), with the
 * decision metrics' priorities and the lists' widths; `render` draws more than the figure.
 */
export function metricColumns<Row>(
  t: TFunction,
  value: (r: Row, metric: MetricKey) => number | null,
  symbol: string,
  sortOrder: (metric: MetricKey) => 'ascend' | 'descend' | null,
  render?: (metric: MetricKey, r: Row) => ReactNode,
): FitColumnType<Row>[] {
  return METRIC_KEYS.map((m) =>
    metricColumn<Row>(t, m, (r) => value(r, m), symbol, {
      priority: METRIC_PRIORITY[m],
      width: METRIC_WIDTH[m] ?? 90,
      sorter: true,
      sortOrder: sortOrder(m),
      ...(render ? { render: (_: unknown, r: Row) => render(m, r) } : {}),
    }),
  );
}

/**
 * A right-aligned column of one figure, titled with the metric's name (`title` for a figure
 * that is not one of the metrics); `extra` adds the width, priority, sorting or a render of its own.
 */
export function metricColumn<Row>(
  t: TFunction,
  metric: string,
  value: (r: Row) => number | null,
  symbol: string,
  extra: Partial<FitColumnType<Row>> & { width: number },
): FitColumnType<Row> {
  return {
    key: metric,
    title: t(`ppc.metric.${metric}` as never),
    align: 'right',
    render: (_, r) => metricCell(metric, value(r), symbol),
    ...extra,
  };
}
