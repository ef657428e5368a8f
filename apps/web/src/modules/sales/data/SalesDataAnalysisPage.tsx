import { InfoCircleOutlined } from '@ant-design/icons';
import { salesData as ep } from '@bo/contract';
import {
  ANALYSIS_DIMENSIONS,
  type AnalysisReply,
  type AnalysisRow,
  CHANGE_STATUSES,
  COMPARE_MODES,
} from '@bo/contract/sales/sales-data';
import { MEASURES, type Measure, REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { Card, Col, Flex, Row, Segmented, Select, Statistic, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { PeriodPicker } from '../../../shared/period/PeriodPicker';
import { todayLocal } from '../../../shared/period/period-presets';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { SalesFilterBar } from '../filters/SalesFilterBar';
import { narrowingCount, salesFilterPatch } from '../filters/sales-filters';
import { useMarkFirstTable } from '../shared/FigureCells';
import { formatChange } from '../shared/sales-format';
import { useQuarters } from '../shared/sales-reference.queries';
import '../shared/sales.css';
import './sales-data.css';
import { SearchBox } from '../../../shared/components/SearchBox';
import { sortableBy } from '../shared/sales-columns';
import { ChangeChart } from './components/ChangeChart';
import { formatMeasure, MeasureCell, useMeasureTitle } from './components/MeasureCell';
import { labelColumns } from './components/RowLabel';
import { ANALYSIS_URL, type AnalysisView, analysisExportQuery, PAGE_SIZES, readAnalysisView } from './data-view';
import { useAnalysis } from './sales-data.queries';

const STATUS_COLORS: Record<string, string> = {
  growing: 'green',
  declining: 'red',
  new: 'blue',
  lost: 'orange',
  flat: 'default',
};

/** A change of a measure: money and counts with a sign, the margin in percentage points. */
export function formatDelta(measure: Measure, value: number | null): string {
  if (value === null) return '—';
  if (measure === 'margin') return `${value > 0 ? '+' : ''}${(value * 100).toFixed(2)} pp`;
  const text = formatMeasure(measure, Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `-${text}` : text;
}

/**
 * /salesDataAnalysis: the period against a comparison period (the previous one, the same
 * one a year earlier, or custom dates) per marketplace, shop, product line, director or
 * listing: both periods, the change, each row's contribution to the total change, the
 * rows that drove it (waterfall), and filters for growing / declining / new / lost rows.
 */
export default function SalesDataAnalysisPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const quarters = useQuarters();
  const [url, setUrl, resetUrl] = useUrlFilters(ANALYSIS_URL);
  const view = useMemo(() => readAnalysisView(url, today), [url, today]);
  const analysis = useAnalysis(view);
  const total = analysis.data?.total ?? 0;
  useStepBackToLastPage(Boolean(analysis.data), total, view, setUrl);
  const measureTitle = useMeasureTitle(analysis.data?.currency ?? REPORTING_CURRENCY);
  const filtered = narrowingCount(view.filters) > 0 || Boolean(view.keyword) || view.status !== null;
  const reply = analysis.data;

  return (
    <div className="bo-page" data-testid="page-sales-data-analysis">
      <div className="bo-sales-head">
        <div>
          <Typography.Title level={3}>{t('salesData.analysis.title')}</Typography.Title>
          <Typography.Text type="secondary" data-testid="analysis-periods">
            {reply
              ? t('salesData.analysis.versus', {
                  start: reply.startDate,
                  end: reply.endDate,
                  compareStart: reply.compareStartDate,
                  compareEnd: reply.compareEndDate,
                })
              : t('salesData.analysis.subtitle')}
          </Typography.Text>
        </div>
        <Can permission="sales:dataAnalysis:export">
          <ExportButton
            label={t('sales.export.table')}
            testId="analysis-export"
            disabled={total === 0}
            fetchFile={(options) => download(ep.salesDataAnalysisExcel, { query: analysisExportQuery(view) }, options)}
          />
        </Can>
      </div>

      <Card className="bo-sales-filters" size="small">
        <SalesFilterBar
          value={view.filters}
          today={today}
          onChange={(patch) => setUrl({ ...salesFilterPatch(patch), pageNum: '1' })}
          onReset={resetUrl}
        >
          <SearchBox
            value={view.keyword}
            onSearch={(text) => setUrl({ keyword: text, pageNum: '1' })}
            placeholder={t('salesData.keyword')}
            testId="analysis-keyword"
          />
        </SalesFilterBar>
        <Flex wrap gap={12} align="center" style={{ marginTop: 12 }}>
          <Typography.Text>{t('salesData.analysis.comparePeriod')}</Typography.Text>
          <Segmented
            value={view.compare}
            onChange={(v) => {
              const mode = String(v);
              if (mode === 'custom') {
                // Start the custom comparison from the previous period's dates, which the reply names.
                setUrl({
                  compare: mode,
                  compareStart: reply?.compareStartDate ?? '',
                  compareEnd: reply?.compareEndDate ?? '',
                  pageNum: '1',
                });
              } else setUrl({ compare: mode, compareStart: '', compareEnd: '', pageNum: '1' });
            }}
            options={COMPARE_MODES.map((m) => ({
              value: m,
              label: <span data-testid={`analysis-compare-${m}`}>{t(`salesData.analysis.compare.${m}`)}</span>,
            }))}
          />
          {view.compare === 'custom' && view.comparePeriod && (
            <div data-testid="analysis-compare-period">
              <PeriodPicker
                value={view.comparePeriod}
                today={today}
                quarters={quarters}
                onChange={(p) => setUrl({ compareStart: p.startDate, compareEnd: p.endDate, pageNum: '1' })}
              />
            </div>
          )}
        </Flex>
      </Card>

      <Card>
        <Flex wrap gap={12} align="center" className="bo-data-controls">
          <Segmented
            value={view.dimension}
            onChange={(v) => setUrl({ dimension: String(v), pageNum: '1', sortField: 'change', sortOrder: 'descend' })}
            options={ANALYSIS_DIMENSIONS.map((d) => ({
              value: d,
              label: <span data-testid={`analysis-dimension-${d}`}>{t(`salesData.dimension.${d}`)}</span>,
            }))}
          />
          <Select<Measure>
            value={view.measure}
            onChange={(m) => setUrl({ measure: m, pageNum: '1' })}
            options={MEASURES.map((m) => ({ value: m, label: measureTitle(m) }))}
            style={{ width: 180 }}
            aria-label={t('salesData.measure')}
            data-testid="analysis-measure"
          />
          <Segmented
            value={view.status ?? 'all'}
            onChange={(v) => setUrl({ status: v === 'all' ? '' : String(v), pageNum: '1' })}
            options={(['all', ...CHANGE_STATUSES] as const).map((s) => ({
              value: s,
              label: <span data-testid={`analysis-status-${s}`}>{t(`salesData.analysis.status.${s}`)}</span>,
            }))}
          />
        </Flex>
        <QueryStates pending={analysis.isPending} error={analysis.error} onRetry={() => void analysis.refetch()} rows={8}>
          {reply && (
            <>
              <Totals view={view} reply={reply} />
              <ChangeChart view={view} reply={reply} />
              <AnalysisTable
                view={view}
                reply={reply}
                loading={analysis.isFetching}
                filtered={filtered}
                onQueryChange={(patch) => setUrl(toUrlPatch(patch))}
              />
            </>
          )}
        </QueryStates>
      </Card>
    </div>
  );
}

function Totals({ view, reply }: { view: AnalysisView; reply: AnalysisReply }) {
  const { t } = useTranslation();
  const m = view.measure;
  const color = reply.change === null || reply.change === 0 ? undefined : reply.change > 0 ? '#389e0d' : '#cf1322';
  return (
    <Row gutter={16} style={{ marginBottom: 16 }} data-testid="analysis-totals">
      <Col xs={12} md={6}>
        <Statistic
          title={`${t('salesData.analysis.current')} ${reply.startDate} ~ ${reply.endDate}`}
          value={formatMeasure(m, reply.current[m])}
        />
      </Col>
      <Col xs={12} md={6}>
        <Statistic
          title={`${t('salesData.analysis.base')} ${reply.compareStartDate} ~ ${reply.compareEndDate}`}
          value={formatMeasure(m, reply.base[m])}
        />
      </Col>
      <Col xs={12} md={6}>
        <Statistic
          title={t('salesData.analysis.totalChange')}
          value={formatDelta(m, reply.change)}
          valueStyle={{ fontVariantNumeric: 'tabular-nums', color }}
        />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('salesData.analysis.changePct')} value={formatChange(reply.changePct)} valueStyle={{ color }} />
      </Col>
    </Row>
  );
}

interface TableProps2 {
  view: AnalysisView;
  reply: AnalysisReply;
  loading: boolean;
  filtered: boolean;
  onQueryChange: (patch: { sortField?: string; sortOrder?: 'ascend' | 'descend'; pageNum?: number; pageSize?: number }) => void;
}

const SORTABLE = ['change', 'changePct', 'current', 'base', 'contribution', 'name'] as const;

function AnalysisTable({ view, reply, loading, filtered, onQueryChange }: TableProps2) {
  const { t } = useTranslation();
  const m = view.measure;
  const measureTitle = useMeasureTitle(reply.currency);
  useMarkFirstTable(reply.list.length);
  const sortable = sortableBy(view);
  const keyColumns = labelColumns<AnalysisRow>(t, view.dimension, {
    testId: 'analysis-row-name',
    shopPriority: 'normal',
    name: sortable('name'),
  });
  const delta = (v: number | null) => (
    <span className={`bo-sales-num bo-num ${v === null || v === 0 ? '' : v > 0 ? 'bo-data-up' : 'bo-data-down'}`}>
      {formatDelta(m, v)}
    </span>
  );
  // The row, both periods, the change and its status always show (docs/decisions.md).
  const columns: FitColumnType<AnalysisRow>[] = [
    ...keyColumns,
    {
      ...sortable('current'),
      // The measure is named above the table: the header stays short enough to read at 1280 px.
      title: t('salesData.analysis.current'),
      label: `${t('salesData.analysis.current')} ${measureTitle(m)}`,
      priority: 'key',
      align: 'right',
      width: 140,
      render: (_, r) => <MeasureCell measure={m} value={r.current[m]} />,
    },
    {
      ...sortable('base'),
      title: t('salesData.analysis.base'),
      label: `${t('salesData.analysis.base')} ${measureTitle(m)}`,
      priority: 'key',
      align: 'right',
      width: 140,
      render: (_, r) => <MeasureCell measure={m} value={r.base[m]} />,
    },
    {
      ...sortable('change'),
      title: t('salesData.analysis.change'),
      priority: 'key',
      align: 'right',
      width: 130,
      render: (_, r) => delta(r.change),
    },
    {
      ...sortable('changePct'),
      title: t('salesData.analysis.changePct'),
      priority: 'key',
      align: 'right',
      width: 100,
      render: (_, r) => <span className="bo-sales-num bo-num">{formatChange(r.changePct)}</span>,
    },
    {
      ...sortable('contribution'),
      title: (
        <Tooltip title={t('salesData.analysis.contributionHint')}>
          <span className="bo-th-text">
            {t('salesData.analysis.contribution')} <InfoCircleOutlined className="bo-muted" />
          </span>
        </Tooltip>
      ),
      label: t('salesData.analysis.contribution'),
      align: 'right',
      width: 120,
      render: (_, r) => <span className="bo-sales-num bo-num">{formatChange(r.contribution).replace(/^\+/, '')}</span>,
    },
    {
      key: 'status',
      title: t('salesData.analysis.statusTitle'),
      priority: 'key',
      width: 100,
      render: (_, r) => (
        <Tag color={STATUS_COLORS[r.status]} data-testid="analysis-row-status">
          {t(`salesData.analysis.status.${r.status}`)}
        </Tag>
      ),
    },
  ];
  const onChange = tableChangeHandler<AnalysisRow, string>(SORTABLE, 'change', view.pageSize, onQueryChange);
  return (
    <FitTable<AnalysisRow>
      tableId="sales.data.analysis"
      rowKey="key"
      data-testid="analysis-table"
      size="middle"
      columns={columns}
      dataSource={reply.list}
      loading={loading}
      onChange={onChange}
      sticky
      locale={{
        emptyText: <EmptyState filtered={filtered} text={t('salesData.noRows')} />,
      }}
      pagination={{
        current: view.pageNum,
        pageSize: view.pageSize,
        total: reply.total,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (n) => t('list.total', { count: n }),
      }}
    />
  );
}
