import { ppcBoards as ep } from '@bo/contract';
import { type figuresSchema, REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import { REPORT_GROUPS, type reportRowSchema, TIME_GROUPS } from '@bo/contract/ppc/boards';
import { Card, Select, Space, Switch, Table, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Page } from '../../../shared/components/PageHead';
import { download } from '../../../shared/http/http-client';
import { listPagination, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { todayLocal } from '../../../shared/period/period-presets';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol, formatChange, formatPointChange } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { QueryTable } from '../../../shared/table/QueryTable';
import { KeywordSearch } from '../components/KeywordSearch';
import { METRIC_KEYS, type MetricKey, metricCell, metricColumns } from '../components/metric-columns';
import { PpcCsvExport } from '../components/PpcCsvExport';
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

/** /reportAnalysis: the ad reports pivoted by one grouping, any metric sortable, with the previous period. */
export default function ReportAnalysisPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(REPORT_URL);
  const view = useMemo(() => readReportView(url, today), [url, today]);
  const q = useReportAnalysis(view);
  useStepBackToLastPage(q.isSuccess, q.data?.total ?? 0, view, setUrl);
  const symbol = currencySymbol(q.data?.currency ?? REPORTING_CURRENCY);
  // As on /ppcMgr: spend, ad sales, orders and ACoS always show; impressions, clicks and ROAS next; the rest are details.
  const show = (m: MetricKey, f: Figures): ReactNode => metricCell(m, f[m], symbol);
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
    ...metricColumns<Row>(
      t,
      (r, m) => r[m],
      symbol,
      sortOrder,
      (m, r) => (
        <>
          {show(m, r)}
          {withCompare && delta(m, r, r.previous)}
        </>
      ),
    ),
  ];
  const sum = q.data?.sum;
  const prevSum = q.data?.previousSum ?? null;

  return (
    <Page
      testId="page-ppc-report"
      texts="ppc.report"
      extra={
        <PpcCsvExport
          permission="ppc:report:export"
          label={t('ppc.report.export')}
          testId="ppc-report-export"
          empty={!q.data || q.data.total === 0}
          fetchFile={(options) => download(ep.reportAnalysisCsv, { query: reportQuery(view) }, options)}
        />
      }
    >
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
            <KeywordSearch
              key={view.groupBy}
              value={view.keyword}
              onSearch={(keyword) => setUrl({ keyword, pageNum: '1' })}
              placeholder={t('ppc.report.search')}
              testId="ppc-report-search"
            />
          )
        }
      >
        {view.compare && TIME_GROUPS.includes(view.groupBy) && (
          <Typography.Paragraph type="secondary">{t('ppc.report.timeCompare')}</Typography.Paragraph>
        )}
        <QueryTable<Row>
          query={q}
          tableId="ppc.reportAnalysis"
          rowKey="key"
          size="small"
          columns={columns}
          locale={{ emptyText: t('ppc.board.empty') }}
          summary={(shown) =>
            sum ? (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <b>{t('ppc.report.total')}</b>
                  </Table.Summary.Cell>
                  {METRIC_KEYS.filter((m) => shown.some((c) => c.key === m)).map((m, i) => (
                    <Table.Summary.Cell key={m} index={i + 1} align="right">
                      <b data-testid={`ppc-report-sum-${m}`}>{show(m, sum)}</b>
                      {view.compare && delta(m, sum, prevSum)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
          pagination={listPagination(view, q.data?.total ?? 0, t, { sizes: PAGE_SIZES, totalKey: 'ppc.report.count' })}
          onChange={tableChangeHandler<Row, ReportSortField>(['name', ...METRIC_KEYS], 'spend', view.pageSize, (patch) =>
            setUrl(toUrlPatch({ ...patch })),
          )}
          data-testid="ppc-report-table"
        />
      </Card>
    </Page>
  );
}
