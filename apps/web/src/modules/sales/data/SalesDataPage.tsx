import { InfoCircleOutlined } from '@ant-design/icons';
import { salesData as ep } from '@bo/contract';
import {
  columnLabel,
  GRANULARITIES,
  type Granularity,
  MAX_PERIOD_COLUMNS,
  SERIES_ROWS,
  type SeriesPage,
  type SeriesRow,
} from '@bo/contract/sales/sales-data';
import { MEASURES, type Measure, REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { Card, Flex, Segmented, Select, Table, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { periodDays, todayLocal } from '../../../shared/period/period-presets';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { SalesFilterBar } from '../filters/SalesFilterBar';
import { narrowingCount, salesFilterPatch } from '../filters/sales-filters';
import { useMarkFirstTable } from '../shared/FigureCells';
import '../shared/sales.css';
import './sales-data.css';
import { Page } from '../../../shared/components/PageHead';
import { SearchBox } from '../../../shared/components/SearchBox';
import { sortableBy } from '../shared/sales-columns';
import { MeasureCell, useMeasureTitle } from './components/MeasureCell';
import { labelColumns } from './components/RowLabel';
import { fits, PAGE_SIZES, readSeriesView, SERIES_URL, type SeriesView, seriesExportQuery } from './data-view';
import { useSeries } from './sales-data.queries';

/**
 * /salesData: one measure per day, ISO week or month, per listing, shop, product line or
 * marketplace, with a total column and the sum row of every filtered row. Server paging
 * and sorting (by the total or one period column); everything lives in the query string.
 */
export default function SalesDataPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl, resetUrl] = useUrlFilters(SERIES_URL);
  const view = useMemo(() => readSeriesView(url, today), [url, today]);
  const series = useSeries(view);
  const total = series.data?.total ?? 0;
  useStepBackToLastPage(Boolean(series.data), total, view, setUrl);
  const days = periodDays(view.filters);
  const measureTitle = useMeasureTitle(series.data?.currency ?? REPORTING_CURRENCY);
  const filtered = narrowingCount(view.filters) > 0 || Boolean(view.keyword);

  return (
    <Page
      testId="page-sales-data"
      texts="salesData.series"
      extra={
        <Can permission="sales:data:export">
          <ExportButton
            label={t('sales.export.table')}
            testId="data-export"
            disabled={total === 0}
            fetchFile={(options) => download(ep.salesDataSeriesExcel, { query: seriesExportQuery(view) }, options)}
          />
        </Can>
      }
    >
      <Card className="bo-sales-filters" size="small">
        <SalesFilterBar
          value={view.filters}
          today={today}
          onChange={(patch) => setUrl({ ...salesFilterPatch(patch), pageNum: '1', sortField: 'total' })}
          onReset={resetUrl}
        >
          <SearchBox
            value={view.keyword}
            onSearch={(text) => setUrl({ keyword: text, pageNum: '1' })}
            placeholder={t('salesData.keyword')}
            testId="data-keyword"
          />
        </SalesFilterBar>
      </Card>

      <Card>
        <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
          <Segmented
            value={view.rows}
            onChange={(v) => setUrl({ rows: String(v), pageNum: '1' })}
            options={SERIES_ROWS.map((r) => ({
              value: r,
              label: <span data-testid={`data-rows-${r}`}>{t(`salesData.dimension.${r}`)}</span>,
            }))}
          />
          <Segmented
            value={view.granularity}
            onChange={(v) => setUrl({ granularity: String(v), sortField: 'total', pageNum: '1' })}
            options={GRANULARITIES.map((g) => {
              const ok = fits(view.filters, g);
              const label = (
                <span key={g} data-testid={`data-granularity-${g}`}>
                  {t(`salesData.series.granularity.${g}`)}
                </span>
              );
              return {
                value: g,
                disabled: !ok,
                label: ok ? (
                  label
                ) : (
                  <Tooltip
                    title={t('salesData.series.granularityTooFine', {
                      days,
                      max: MAX_PERIOD_COLUMNS[g],
                      unit: t(`salesData.series.granularity.${g}`),
                    })}
                  >
                    {label}
                  </Tooltip>
                ),
              };
            })}
          />
          <Select<Measure>
            value={view.measure}
            onChange={(m) => setUrl({ measure: m, pageNum: '1' })}
            options={MEASURES.map((m) => ({ value: m, label: measureTitle(m) }))}
            style={{ width: 180 }}
            aria-label={t('salesData.measure')}
            data-testid="data-measure"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('salesData.series.sortHint')}
          </Typography.Text>
        </Flex>
        <QueryStates pending={series.isPending} error={series.error} onRetry={() => void series.refetch()} rows={10}>
          <SeriesTable
            view={view}
            page={series.data}
            loading={series.isFetching}
            filtered={filtered}
            onQueryChange={(patch) => setUrl(toUrlPatch(patch))}
          />
        </QueryStates>
      </Card>
    </Page>
  );
}

interface TableProps2 {
  view: SeriesView;
  page: SeriesPage | undefined;
  loading: boolean;
  filtered: boolean;
  onQueryChange: (patch: { sortField?: string; sortOrder?: 'ascend' | 'descend'; pageNum?: number; pageSize?: number }) => void;
}

const shortDay = (g: Granularity, key: string) => (g === 'day' ? key.slice(5) : columnLabel(key, g));

function SeriesTable({ view, page, loading, filtered, onQueryChange }: TableProps2) {
  const { t } = useTranslation();
  const rows = page?.list ?? [];
  useMarkFirstTable(rows.length);
  const periods = page?.periods ?? [];
  const sortable = sortableBy(view);
  // A pivot: the row's name and its total always show beside the periods, which are the
  // series itself (always there, scrolled between the two); the shop of a listing is a choice.
  const keyColumns = labelColumns<SeriesRow>(t, view.rows, { testId: 'data-row-name', shopPriority: 'detail' });
  const periodColumns: FitColumnType<SeriesRow>[] = periods.map((p, i) => ({
    ...sortable(p.key),
    title: (
      <Tooltip title={p.startDate === p.endDate ? p.startDate : `${p.startDate} ~ ${p.endDate}`}>
        <span className="bo-th-text">{shortDay(view.granularity, p.key)}</span>
      </Tooltip>
    ),
    label: columnLabel(p.key, view.granularity),
    priority: 'key',
    chooser: false,
    align: 'right',
    width: view.measure === 'units' || view.measure === 'orders' ? 70 : 90,
    render: (_, r) => <MeasureCell measure={view.measure} value={r.values[i] ?? null} />,
  }));
  const totalColumn: FitColumnType<SeriesRow> = {
    ...sortable('total'),
    title: t('salesData.total'),
    priority: 'key',
    fixed: 'right',
    align: 'right',
    width: 110,
    className: 'bo-data-total',
    render: (_, r) => <MeasureCell measure={view.measure} value={r.total} />,
  };
  const columns: FitColumnType<SeriesRow>[] = [...keyColumns, ...periodColumns, totalColumn];
  const onChange = tableChangeHandler<SeriesRow, string>(
    ['total', ...periods.map((p) => p.key)],
    'total',
    view.pageSize,
    onQueryChange,
  );
  return (
    <FitTable<SeriesRow>
      tableId="sales.data.series"
      rowKey="key"
      data-testid="data-table"
      size="small"
      bordered
      columns={columns}
      dataSource={rows}
      loading={loading}
      onChange={onChange}
      sticky
      locale={{
        emptyText: <EmptyState filtered={filtered} text={t('salesData.noRows')} />,
      }}
      pagination={{
        current: view.pageNum,
        pageSize: view.pageSize,
        total: page?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (n) => t('list.total', { count: n }),
      }}
      summary={(shown) =>
        page && page.total > 0 ? (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="bo-sales-summary" data-testid="data-totals">
              <Table.Summary.Cell index={0} colSpan={shown.length - periods.length - 1}>
                <Tooltip title={t('salesData.totalHint', { count: page.total })}>
                  <span>
                    {t('salesData.total')} <InfoCircleOutlined className="bo-muted" />
                  </span>
                </Tooltip>
              </Table.Summary.Cell>
              {page.sum.values.map((v, i) => (
                <Table.Summary.Cell key={periods[i]?.key ?? i} index={shown.length - periods.length - 1 + i} align="right">
                  <MeasureCell measure={view.measure} value={v} />
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={shown.length - 1} align="right">
                <MeasureCell measure={view.measure} value={page.sum.total} />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
