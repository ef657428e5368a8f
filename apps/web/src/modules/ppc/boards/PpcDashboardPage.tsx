import { marketCode } from '@bo/contract';
import { REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import type { dashboard } from '@bo/contract/ppc/boards';
import { Alert, Card, Col, Row, Space, Typography } from 'antd';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Page } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { todayLocal } from '../../../shared/period/period-presets';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import {
  currencySymbol,
  formatChange,
  formatCount,
  formatMargin,
  formatMoney,
  formatPointChange,
  NONE,
} from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { ChartSuspense } from '../../../shared/charts/ChartSuspense';
import { KpiCard } from '../components/KpiCard';
import { metricColumn } from '../components/metric-columns';
import { AdImportButton } from '../imports/AdImportButton';
import { usePpcDashboard } from './boards.queries';
import { dashChange, FILTER_URL, higherIsBetter, readFilterView } from './boards-view';
import { PpcFilterBar } from './PpcFilterBar';

const PpcTrendChart = lazy(() => import('../board/components/PpcTrendChart'));
type Data = z.infer<typeof dashboard.data>;
type Dash = Data['current'];
type CampaignRow = Data['topCampaigns'][number];

type SplitFigures = { spend: number; sales: number; acos: number | null; clicks: number; orders: number };

const KPI_KEYS = ['spend', 'sales', 'acos', 'roas', 'orders', 'ctr', 'cpc', 'tacos'] as const;

/** /ppc/dashboard: KPIs against the previous period, the trend, the splits, the best and worst campaigns. */
export default function PpcDashboardPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(FILTER_URL);
  const view = useMemo(() => readFilterView(url, today), [url, today]);
  const q = usePpcDashboard(view);
  const d = q.data;
  const currency = d?.currency ?? REPORTING_CURRENCY;
  const symbol = currencySymbol(currency);
  const money = (v: number | null) => (v === null ? NONE : `${symbol} ${formatMoney(v)}`);
  const show = (key: (typeof KPI_KEYS)[number], f: Dash) => {
    const v = f[key];
    if (key === 'spend' || key === 'sales' || key === 'cpc') return money(v);
    if (key === 'orders') return formatCount(v);
    if (key === 'roas') return v === null ? NONE : v.toFixed(2);
    return formatMargin(v);
  };
  const unsettled = d?.points.find((p) => p.settlement < 2);
  const figureColumns = <T extends SplitFigures>(total: number): FitColumnType<T>[] => [
    metricColumn<T>(t, 'spend', (r) => r.spend, symbol, { priority: 'key', width: 100 }),
    metricColumn<T>(t, 'share', (r) => (total === 0 ? null : r.spend / total), symbol, {
      title: t('ppc.boards.spendShare'),
      width: 120,
    }),
    metricColumn<T>(t, 'sales', (r) => r.sales, symbol, { priority: 'key', width: 100 }),
    metricColumn<T>(t, 'acos', (r) => r.acos, symbol, { priority: 'key', width: 80 }),
    metricColumn<T>(t, 'clicks', (r) => r.clicks, symbol, { width: 80 }),
    metricColumn<T>(t, 'orders', (r) => r.orders, symbol, { priority: 'key', width: 80 }),
  ];
  /** A split of the period (by campaign type, by marketplace): its name, then spend and its share, ad sales and ACoS. */
  const splitCard = <T extends SplitFigures>(
    title: string,
    table: 'byType' | 'byMarket',
    rowKey: keyof T & string,
    rows: T[],
    first: FitColumnType<T>,
  ) => (
    <Col xs={24} xl={12}>
      <Card title={title} size="small">
        <FitTable<T>
          tableId={`ppc.dashboard.${table}`}
          rowKey={rowKey}
          size="small"
          pagination={false}
          loading={q.isFetching}
          dataSource={rows}
          locale={{ emptyText: t('ppc.board.empty') }}
          columns={[first, ...figureColumns<T>(d?.current.spend ?? 0).filter((c) => c.key !== 'clicks' && c.key !== 'orders')]}
          data-testid={table === 'byType' ? 'ppc-dash-by-type' : 'ppc-dash-by-market'}
        />
      </Card>
    </Col>
  );
  const campaignsCard = (title: string, which: 'top' | 'bottom', rows: CampaignRow[]) => (
    <Col span={24}>
      <Card title={title} size="small">
        <FitTable
          tableId={`ppc.dashboard.${which}`}
          rowKey="campaignId"
          size="small"
          pagination={false}
          dataSource={rows}
          columns={campaignColumns}
          locale={{ emptyText: t('ppc.board.empty') }}
          data-testid={`ppc-dash-${which}`}
        />
      </Card>
    </Col>
  );
  // The campaign, spend, ad sales, ACoS and orders always show; the campaign type next.
  const campaignColumns: FitColumnType<CampaignRow>[] = [
    {
      key: 'name',
      title: t('ppc.boards.campaign'),
      priority: 'key',
      width: 320,
      ellipsis: true,
      render: (_, r) => (
        <span>
          {r.campaignName}
          <Typography.Text type="secondary"> · {r.shopName}</Typography.Text>
        </span>
      ),
    },
    { key: 'type', title: t('ppc.boards.type'), width: 70, render: (_, r) => r.campaignType.toUpperCase() },
    ...figureColumns<CampaignRow>(d?.current.spend ?? 0).filter((c) => c.key !== 'share' && c.key !== 'clicks'),
  ];

  return (
    <Page
      testId="page-ppc-dashboard"
      title={t('ppc.dashboard.title')}
      subtitle={d ? t('ppc.dashboard.subtitle', { start: d.previousStartDate, end: d.previousEndDate }) : ''}
      extra={<AdImportButton />}
    >
      <PpcFilterBar view={view} url={url} setUrl={setUrl} today={today} paged={false} />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()} rows={3}>
          {d && (
            <Row gutter={[12, 12]} data-testid="ppc-dash-kpis">
              {KPI_KEYS.map((key) => {
                const c = dashChange(key, d);
                const good = c.value === null || c.value === 0 ? null : c.value > 0 === higherIsBetter(key);
                return (
                  <KpiCard
                    key={key}
                    title={key === 'tacos' ? t('ppc.boards.tacos') : t(`ppc.metric.${key}`)}
                    value={show(key, d.current)}
                    testId={`ppc-dash-kpi-${key}`}
                    span={{ xs: 12, md: 6 }}
                  >
                    {!c.noData ? (
                      <>
                        <Typography.Text
                          type={good === null ? 'secondary' : good ? 'success' : 'danger'}
                          data-testid={`ppc-dash-change-${key}`}
                        >
                          {c.kind === 'points' ? formatPointChange(c.value) : formatChange(c.value)}
                        </Typography.Text>
                        <Typography.Text type="secondary"> {t('ppc.dashboard.vsPrevious')}</Typography.Text>
                      </>
                    ) : (
                      <Typography.Text type="secondary" data-testid={`ppc-dash-change-${key}`}>
                        {t('ppc.dashboard.noPrevious')}
                      </Typography.Text>
                    )}
                  </KpiCard>
                );
              })}
            </Row>
          )}
        </QueryStates>
        {d && (
          <Typography.Text type="secondary" data-testid="ppc-dash-total-sales">
            {t('ppc.dashboard.totalSales', { value: money(d.current.totalSales) })}
          </Typography.Text>
        )}
        {unsettled && (
          <Alert
            type="info"
            showIcon
            message={t('ppc.dashboard.settling', { day: unsettled.day })}
            data-testid="ppc-dash-settling"
          />
        )}
        <Card title={t('ppc.board.trend')} size="small">
          <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
            <ChartSuspense height={320}>
              <PpcTrendChart points={d?.points ?? []} currency={currency} />
            </ChartSuspense>
          </QueryStates>
          <Typography.Text type="secondary">{t('ppc.board.fromImports')}</Typography.Text>
        </Card>
        <Row gutter={[16, 16]}>
          {splitCard(t('ppc.dashboard.byType'), 'byType', 'campaignType', d?.byType ?? [], {
            key: 'type',
            title: t('ppc.boards.type'),
            priority: 'key',
            width: 150,
            ellipsis: true,
            render: (_, r) => t(`ppc.campaignType.${r.campaignType}`),
          })}
          {splitCard(t('ppc.dashboard.byMarket'), 'byMarket', 'marketId', d?.byMarket ?? [], {
            key: 'market',
            title: t('ppc.boards.market'),
            priority: 'key',
            width: 110,
            render: (_, r) => marketCode(r.marketId),
          })}
          {campaignsCard(t('ppc.dashboard.top'), 'top', d?.topCampaigns ?? [])}
          {campaignsCard(t('ppc.dashboard.bottom'), 'bottom', d?.bottomCampaigns ?? [])}
        </Row>
      </Space>
    </Page>
  );
}
