import type { ProductSales } from '@bo/contract/catalog/products';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../../../shared/i18n/lang';
import { marketName, marketOf } from '../../../../shared/markets/markets';
import { FitTable } from '../../../../shared/table/FitTable';
import { CountCell, MoneyCell } from '../../../../shared/table/NumberCells';
import { currencySymbol, formatCount, formatMoney } from '../../../sales/shared/sales-format';
import { useMayOpen } from '../../../sales/shared/sales-reference.queries';
import { productSalesQuery } from '../products.queries';

/** The chart colours of the sales screens (echarts-core's), kept here so this page loads echarts only with the chart. */
const CHART_COLORS = {
  revenue: '#2459d6',
  profit: '#f59e0b',
  loss: '#cf1322',
  axis: 'rgba(0, 0, 0, 0.45)',
  split: 'rgba(0, 0, 0, 0.06)',
};

const EChart = lazy(() => import('../../../../shared/charts/EChart').then((m) => ({ default: m.EChart })));

type MarketRow = ProductSales['markets'][number];

/** The weekly trend: revenue and profit lines (money), units as bars on a second axis. */
export function trendOption(s: ProductSales, labels: { revenue: string; profit: string; units: string }): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [labels.revenue, labels.profit, labels.units], bottom: 0 },
    grid: { left: 56, right: 48, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: s.weeks.map((w) => w.week), axisLabel: { color: CHART_COLORS.axis } },
    yAxis: [
      { type: 'value', axisLabel: { color: CHART_COLORS.axis }, splitLine: { lineStyle: { color: CHART_COLORS.split } } },
      { type: 'value', axisLabel: { color: CHART_COLORS.axis }, splitLine: { show: false } },
    ],
    series: [
      {
        name: labels.units,
        type: 'bar',
        yAxisIndex: 1,
        data: s.weeks.map((w) => w.units),
        itemStyle: { color: 'rgba(36, 89, 214, 0.18)' },
      },
      {
        name: labels.revenue,
        type: 'line',
        smooth: true,
        data: s.weeks.map((w) => w.revenue),
        itemStyle: { color: CHART_COLORS.revenue },
      },
      {
        name: labels.profit,
        type: 'line',
        smooth: true,
        data: s.weeks.map((w) => w.profit),
        itemStyle: { color: CHART_COLORS.profit },
      },
    ],
  };
}

/** Last 90 days of the product in the visible shops: totals, per marketplace and per week (from the rollups). */
export function ProductSalesPanel({ productId, model }: { productId: number; model: string }) {
  const { t, lang } = useTexts();
  const sales = useQuery(productSalesQuery(productId));
  const mayOpenProfit = useMayOpen('sales:profit');
  const s = sales.data;
  const labels = useMemo(
    () => ({
      revenue: t('catalog.details.sales.revenue'),
      profit: t('catalog.details.sales.profit'),
      units: t('catalog.details.sales.units'),
    }),
    [t],
  );
  const option = useMemo(() => (s ? trendOption(s, labels) : null), [s, labels]);

  if (sales.isPending)
    return (
      <Card title={t('catalog.details.sales.title')}>
        <Skeleton active />
      </Card>
    );
  if (!s)
    return (
      <Card title={t('catalog.details.sales.title')}>
        <Empty description={t('list.loadFailed')} />
      </Card>
    );
  const money = (v: number) => `${currencySymbol(s.currency)} ${formatMoney(v)}`;
  const profitLink = `/salesProfit?tab=sku&keyword=${encodeURIComponent(model)}&startDate=${s.startDate}&endDate=${s.endDate}`;

  return (
    <Card
      title={t('catalog.details.sales.title')}
      extra={mayOpenProfit ? <Link to={profitLink}>{t('catalog.details.sales.openProfit')}</Link> : null}
      data-testid="product-sales"
    >
      <Typography.Paragraph type="secondary">
        {t('catalog.details.sales.period', { start: s.startDate, end: s.endDate, currency: s.currency })}
      </Typography.Paragraph>
      {s.total.units === 0 && s.total.revenue === 0 ? (
        <Empty description={t('catalog.details.sales.empty')} data-testid="product-sales-empty" />
      ) : (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={24} md={8}>
              <Statistic
                title={t('catalog.details.sales.revenue')}
                value={money(s.total.revenue)}
                data-testid="product-sales-revenue"
              />
            </Col>
            <Col xs={24} md={8}>
              <Statistic title={t('catalog.details.sales.units')} value={formatCount(s.total.units)} />
            </Col>
            <Col xs={24} md={8}>
              <Statistic
                title={t('catalog.details.sales.profit')}
                value={money(s.total.profit)}
                styles={{ content: { color: s.total.profit < 0 ? CHART_COLORS.loss : undefined } }}
              />
            </Col>
          </Row>
          <Row gutter={24}>
            <Col xs={24} lg={9}>
              <Typography.Title level={5}>{t('catalog.details.sales.byMarket')}</Typography.Title>
              {/* A third of the card at 1280 px: the marketplace, revenue and profit; units when room allows. */}
              <FitTable<MarketRow>
                tableId="catalog.product.salesByMarket"
                rowKey="marketId"
                size="small"
                pagination={false}
                dataSource={s.markets}
                columns={[
                  {
                    key: 'market',
                    title: t('catalog.market'),
                    priority: 'key',
                    width: 140,
                    ellipsis: true,
                    render: (_, r) => {
                      const m = marketOf(r.marketId);
                      return m ? `${m.code} · ${marketName(m, lang)}` : r.marketId;
                    },
                  },
                  {
                    key: 'units',
                    title: t('catalog.details.sales.units'),
                    width: 70,
                    align: 'right',
                    render: (_, r) => <CountCell value={r.units} />,
                  },
                  {
                    key: 'revenue',
                    title: t('catalog.details.sales.revenue'),
                    priority: 'key',
                    width: 90,
                    align: 'right',
                    render: (_, r) => <MoneyCell value={r.revenue} />,
                  },
                  {
                    key: 'profit',
                    title: t('catalog.details.sales.profit'),
                    priority: 'key',
                    width: 90,
                    align: 'right',
                    render: (_, r) => <MoneyCell value={r.profit} signed />,
                  },
                ]}
                data-testid="product-sales-markets"
              />
            </Col>
            <Col xs={24} lg={15}>
              <Typography.Title level={5}>{t('catalog.details.sales.trend')}</Typography.Title>
              <Suspense fallback={<Skeleton active />}>
                {option && <EChart option={option} height={280} hasData testId="product-sales-trend" />}
              </Suspense>
              <Typography.Text type="secondary">{t('catalog.details.sales.partial')}</Typography.Text>
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
}
