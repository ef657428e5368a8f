import { FileTextOutlined } from '@ant-design/icons';
import { ppcBoards as ep } from '@bo/contract';
import { type figuresSchema, REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import { REPORT_GROUPS, type reportRowSchema, TIME_GROUPS } from '@bo/contract/ppc/boards';
import { Card, Input, Select, Space, Switch, Table, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { todayLocal } from '../../../shared/period/period-presets';
import type { ColumnPriority } from '../../../shared/table/column-fit';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { CountCell, MoneyCell, PercentCell } from '../../../shared/table/NumberCells';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol, formatChange, formatPointChange, NONE } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { useReportAnalysis } from './boards.queries';
import {
  changeOf,
  higherIsBetter,
  PAGE_SIZES,
  REPORT_URL,
  type ReportSortField,
  readReportView,
  reportQuery,
} from './boards-view';
import { PpcFilterBar } from './PpcFilterBar';

type Row = z.infer<typeof reportRowSchema>;
type Figures = z.infer<typeof figuresSchema>;
type MetricKey = Exclude<keyof Figures, 'units'>;
const METRICS: MetricKey[] = ['impressions', 'clicks', 'ctr', 'cpc', 'spend', 'orders', 'sales', 'acos', 'roas', 'cvr'];
/** As on /ppcMgr: spend, ad sales, orders and ACoS always show; impressions, clicks and ROAS next; the rest are details. */
const METRIC_PRIORITY: Partial<Record<MetricKey, ColumnPriority>> = {
  spend: 'key',
  sales: 'key',
  orders: 'key',
  acos: 'key',
  impressions: 'normal',
  clicks: 'normal',
  roas: 'normal',
};

/** /reportAnalysis: the ad reports pivoted by one grouping, any metric sortable, with the previous period. */
export default function ReportAnalysisPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(REPORT_URL);
  const view = useMemo(() => readReportView(url, today), [url, today]);
  const q = useReportAnalysis(view);
  useStepBackToLastPage(q.isSuccess, q.data?.total ?? 0, view, setUrl);
  const symbol = currencySymbol(q.data?.currency ?? REPORTING_CURRENCY);
  const show = (m: MetricKey, f: Figures): ReactNode => {
    const v = f[m];
    if (m === 'spend' || m === 'sales' || m === 'cpc') return <MoneyCell value={v} symbol={symbol} />;
    if (m === 'impressions' || m === 'clicks' || m === 'orders') return <CountCell value={v} />;
    if (m === 'roas') return <span className="bo-num">{v === null ? NONE : v.toFixed(2)}</span>;
    return <PercentCell value={v} />;
  };
  const withCompare = view.compare && !TIME_GROUPS.includes(view.groupBy);
  const sortOrder = (key: ReportSortField) => (view.sortField === key ? view.sortOrder : null);
  const delta = (m: MetricKey, cur: Figures, prev: Figures | null) => {
    if (!prev) return null;
    const c = changeOf(m, cur[m], prev[m]);
    const good = c.value === null || c.value === 0 ? null : c.value > 0 === higherIsBetter(m);
    return (
      <div>
        <Typography.Text type={good === null ? 'secondary' : good ? 'success' : 'danger'} style={{ fontSize: 12 }}>
          {c.kind === 'points' ? formatPointChange(c.value) : formatChange(c.value)}
        </Typography.Text>
      </div>
    );
  };
  const columns: FitColumnType<Row>[] = [
    {
      key: 'name',
      title: t(`ppc.report.group.${view.groupBy}`),
      priority: 'key',
      sorter: true,
      sortOrder: sortOrder('name'),
      fixed: 'left',
      width: 260,
      render: (_, r) => (
        <div>
          <div>
            {r.name}
            {r.matchType && <Typography.Text type="secondary"> · {r.matchType}</Typography.Text>}
          </div>
          {(r.campaignName || r.shopName) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[r.shopName, r.campaignName, r.adGroupName].filter(Boolean).join(' › ')}
            </Typography.Text>
          )}
        </div>
      ),
    },
    ...METRICS.map(
      (m): FitColumnType<Row> => ({
        key: m,
        title: t(`ppc.metric.${m}`),
        priority: METRIC_PRIORITY[m] ?? 'detail',
        align: 'right',
        width: m === 'spend' || m === 'sales' || m === 'impressions' ? 110 : 90,
        sorter: true,
        sortOrder: sortOrder(m),
        render: (_, r) => (
          <>
            {show(m, r)}
            {withCompare && delta(m, r, r.previous)}
          </>
        ),
      }),
    ),
  ];
  const sum = q.data?.sum;
  const prevSum = q.data?.previousSum ?? null;

  return (
    <div className="bo-page" data-testid="page-ppc-report">
      <div className="bo-sales-head">
        <div>
          <Typography.Title level={3}>{t('ppc.report.title')}</Typography.Title>
          <Typography.Text type="secondary">{t('ppc.report.subtitle')}</Typography.Text>
        </div>
        <Can permission="ppc:report:export">
          <ExportButton
            label={t('ppc.report.export')}
            icon={<FileTextOutlined />}
            testId="ppc-report-export"
            disabled={!q.data || q.data.total === 0}
            fetchFile={(options) => download(ep.reportAnalysisCsv, { query: reportQuery(view) }, options)}
          />
        </Can>
      </div>
      <PpcFilterBar
        view={view}
        url={url}
        setUrl={setUrl}
        today={today}
        extra={
          <>
            <Select
              style={{ width: 150 }}
              value={view.groupBy}
              onChange={(groupBy: string) => setUrl({ groupBy, pageNum: '1', keyword: '' })}
              options={REPORT_GROUPS.map((g) => ({ value: g, label: t(`ppc.report.group.${g}`) }))}
              data-testid="ppc-report-group"
            />
            <Space>
              <Switch
                checked={view.compare}
                onChange={(on) => setUrl({ compare: on ? '1' : '' })}
                data-testid="ppc-report-compare"
              />
              <span>{t('ppc.report.compare')}</span>
            </Space>
          </>
        }
      />
      <Card
        size="small"
        title={
          q.data && view.compare
            ? t('ppc.report.comparedWith', { start: q.data.previousStartDate, end: q.data.previousEndDate })
            : t('ppc.report.rows')
        }
        extra={
          !TIME_GROUPS.includes(view.groupBy) && (
            <Input.Search
              key={view.groupBy}
              allowClear
              defaultValue={view.keyword}
              placeholder={t('ppc.report.search')}
              onSearch={(keyword) => setUrl({ keyword, pageNum: '1' })}
              style={{ width: 240 }}
              data-testid="ppc-report-search"
            />
          )
        }
      >
        {view.compare && TIME_GROUPS.includes(view.groupBy) && (
          <Typography.Paragraph type="secondary">{t('ppc.report.timeCompare')}</Typography.Paragraph>
        )}
        <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
          <FitTable<Row>
            tableId="ppc.reportAnalysis"
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={q.data?.list ?? []}
            loading={q.isFetching}
            locale={{ emptyText: t('ppc.board.empty') }}
            summary={(shown) =>
              sum ? (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <b>{t('ppc.report.total')}</b>
                    </Table.Summary.Cell>
                    {METRICS.filter((m) => shown.some((c) => c.key === m)).map((m, i) => (
                      <Table.Summary.Cell key={m} index={i + 1} align="right">
                        <b data-testid={`ppc-report-sum-${m}`}>{show(m, sum)}</b>
                        {view.compare && delta(m, sum, prevSum)}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              ) : null
            }
            pagination={{
              current: view.pageNum,
              pageSize: view.pageSize,
              total: q.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (total) => t('ppc.report.count', { count: total }),
            }}
            onChange={tableChangeHandler<Row, ReportSortField>(['name', ...METRICS], 'spend', view.pageSize, (patch) =>
              setUrl(toUrlPatch({ ...patch })),
            )}
            data-testid="ppc-report-table"
          />
        </QueryStates>
      </Card>
    </div>
  );
}
