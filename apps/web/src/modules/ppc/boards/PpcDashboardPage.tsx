import { marketCode } from '@bo/contract';
import { REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import type { dashboard } from '@bo/contract/ppc/boards';
import { Alert, Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { QueryStates } from '../../../shared/components/QueryStates';
import { todayLocal } from '../../../shared/period/period-presets';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { CountCell, MoneyCell, PercentCell } from '../../../shared/table/NumberCells';
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
import { AdImportButton } from '../imports/AdImportButton';
import { usePpcDashboard } from './boards.queries';
import { dashChange, FILTER_URL, higherIsBetter, readFilterView } from './boards-view';
import { PpcFilterBar } from './PpcFilterBar';

const PpcTrendChart = lazy(() => import('../board/components/PpcTrendChart'));
type Data = z.infer<typeof dashboard.data>;
type Dash = Data['current'];
type CampaignRow = Data['topCampaigns'][number];

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
  const figureColumns = <T extends { spend: number; sales: number; acos: number | null; clicks: number; orders: number }>(
    total: number,
  ): FitColumnType<T>[] => [
    {
      key: 'spend',
      title: t('ppc.metric.spend'),
      priority: 'key',
      width: 100,
      align: 'right',
      render: (_, r) => <MoneyCell value={r.spend} symbol={symbol} />,
    },
    {
      key: 'share',
      title: t('ppc.boards.spendShare'),
      width: 120,
      align: 'right',
      render: (_, r) => <PercentCell value={total === 0 ? null : r.spend / total} />,
    },
    {
      key: 'sales',
      title: t('ppc.metric.sales'),
      priority: 'key',
      width: 100,
      align: 'right',
      render: (_, r) => <MoneyCell value={r.sales} symbol={symbol} />,
    },
    {
      key: 'acos',
      title: t('ppc.metric.acos'),
      priority: 'key',
      width: 80,
      align: 'right',
      render: (_, r) => <PercentCell value={r.acos} />,
    },
    { key: 'clicks', title: t('ppc.metric.clicks'), width: 80, align: 'right', render: (_, r) => <CountCell value={r.clicks} /> },
    {
      key: 'orders',
      title: t('ppc.metric.orders'),
      priority: 'key',
      width: 80,
      align: 'right',
      render: (_, r) => <CountCell value={r.orders} />,
    },
  ];
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
    <div className="bo-page" data-testid="page-ppc-dashboard">
      <div className="bo-sales-head">
        <div>
          <Typography.Title level={3}>{t('ppc.dashboard.title')}</Typography.Title>
          <Typography.Text type="secondary">
            {d ? t('ppc.dashboard.subtitle', { start: d.previousStartDate, end: d.previousEndDate }) : ''}
          </Typography.Text>
        </div>
        <AdImportButton />
      </div>
      <PpcFilterBar view={view} url={url} setUrl={setUrl} today={today} paged={false} />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()} rows={3}>
          {d && (
            <Row gutter={[12, 12]} data-testid="ppc-dash-kpis">
              {KPI_KEYS.map((key) => {
                const c = dashChange(key, d);
                const good = c.value === null || c.value === 0 ? null : c.value > 0 === higherIsBetter(key);
                return (
                  <Col key={key} xs={12} md={6}>
                    <Card size="small">
                      <Statistic
                        title={key === 'tacos' ? t('ppc.boards.tacos') : t(`ppc.metric.${key}`)}
                        value={show(key, d.current)}
                        valueStyle={{ fontSize: 20, whiteSpace: 'nowrap' }}
                        data-testid={`ppc-dash-kpi-${key}`}
                      />
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
                    </Card>
                  </Col>
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
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
              <PpcTrendChart points={d?.points ?? []} currency={currency} />
            </Suspense>
          </QueryStates>
          <Typography.Text type="secondary">{t('ppc.board.fromImports')}</Typography.Text>
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card title={t('ppc.dashboard.byType')} size="small">
              <FitTable
                tableId="ppc.dashboard.byType"
                rowKey="campaignType"
                size="small"
                pagination={false}
                loading={q.isFetching}
                dataSource={d?.byType ?? []}
                locale={{ emptyText: t('ppc.board.empty') }}
                columns={[
                  {
                    key: 'type',
                    title: t('ppc.boards.type'),
                    priority: 'key',
                    width: 150,
                    ellipsis: true,
                    render: (_, r) => t(`ppc.campaignType.${r.campaignType}`),
                  },
                  ...figureColumns<Data['byType'][number]>(d?.current.spend ?? 0).filter(
                    (c) => c.key !== 'clicks' && c.key !== 'orders',
                  ),
                ]}
                data-testid="ppc-dash-by-type"
              />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title={t('ppc.dashboard.byMarket')} size="small">
              <FitTable
                tableId="ppc.dashboard.byMarket"
                rowKey="marketId"
                size="small"
                pagination={false}
                loading={q.isFetching}
                dataSource={d?.byMarket ?? []}
                locale={{ emptyText: t('ppc.board.empty') }}
                columns={[
                  {
                    key: 'market',
                    title: t('ppc.boards.market'),
                    priority: 'key',
                    width: 110,
                    render: (_, r) => marketCode(r.marketId),
                  },
                  ...figureColumns<Data['byMarket'][number]>(d?.current.spend ?? 0).filter(
                    (c) => c.key !== 'clicks' && c.key !== 'orders',
                  ),
                ]}
                data-testid="ppc-dash-by-market"
              />
            </Card>
          </Col>
          <Col span={24}>
            <Card title={t('ppc.dashboard.top')} size="small">
              <FitTable
                tableId="ppc.dashboard.top"
                rowKey="campaignId"
                size="small"
                pagination={false}
                dataSource={d?.topCampaigns ?? []}
                columns={campaignColumns}
                locale={{ emptyText: t('ppc.board.empty') }}
                data-testid="ppc-dash-top"
              />
            </Card>
          </Col>
          <Col span={24}>
            <Card title={t('ppc.dashboard.bottom')} size="small">
              <FitTable
                tableId="ppc.dashboard.bottom"
                rowKey="campaignId"
                size="small"
                pagination={false}
                dataSource={d?.bottomCampaigns ?? []}
                columns={campaignColumns}
                locale={{ emptyText: t('ppc.board.empty') }}
                data-testid="ppc-dash-bottom"
              />
            </Card>
          </Col>
        </Row>
      </Space>
    </div>
  );
}
