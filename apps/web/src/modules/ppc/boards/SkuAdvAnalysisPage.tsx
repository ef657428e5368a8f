import { ppcBoard } from '@bo/contract';
import { REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import { MAX_ANALYSIS_SKUS, type skuAdvAnalysis } from '@bo/contract/ppc/boards';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Row, Select, Space, Typography } from 'antd';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FilterCard, Page } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { call } from '../../../shared/http/http-client';
import { PeriodPicker } from '../../../shared/period/PeriodPicker';
import { todayLocal } from '../../../shared/period/period-presets';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol, formatMargin, formatMoney, NONE } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { ChartSuspense } from '../../../shared/charts/ChartSuspense';
import { shopLabel } from '../../../shared/markets/markets';
import { KpiCard } from '../components/KpiCard';
import { metricColumn } from '../components/metric-columns';
import { ppcKeys } from '../ppc.keys';
import { useSkuAdvAnalysis } from './boards.queries';
import { readSkuAdvView, SKU_ADV_URL } from './boards-view';

const PpcTrendChart = lazy(() => import('../board/components/PpcTrendChart'));
type Data = z.infer<typeof skuAdvAnalysis.data>;
type Point = Data['points'][number];
type CampaignRow = Data['byCampaign'][number];

/** Advertised SKUs matching the search, from the SKU performance list of the period. */
function useSkuOptions(keyword: string, startDate: string, endDate: string) {
  const query = {
    startDate,
    endDate,
    keyword,
    sortField: 'spend' as const,
    sortOrder: 'desc' as const,
    pageNum: 1,
    pageSize: 20,
  };
  return useQuery({
    queryKey: ppcKeys.skuPerform(query),
    queryFn: ({ signal }) => call(ppcBoard.skuPerform, { query }, { signal }),
    staleTime: 60_000,
  });
}

/** /skuAdvAnalysis: one or more SKUs' ad figures against their sales: ad sales share, TACoS, profit after ads. */
export default function SkuAdvAnalysisPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(SKU_ADV_URL);
  const view = useMemo(() => readSkuAdvView(url, today), [url, today]);
  const [search, setSearch] = useState('');
  const options = useSkuOptions(search, view.startDate, view.endDate);
  const q = useSkuAdvAnalysis(view);
  const d = q.data;
  const symbol = currencySymbol(d?.currency ?? REPORTING_CURRENCY);
  const money = (v: number | null) => (v === null ? NONE : `${symbol} ${formatMoney(v)}`);
  const known = new Map<number, string>();
  for (const l of d?.listings ?? []) known.set(l.listingId, `${l.sku} · ${shopLabel(l.shopName, l.marketId)}`);
  for (const r of options.data?.list ?? []) known.set(r.listingId, `${r.sku} · ${shopLabel(r.shopName, r.marketId)}`);

  const s = d?.summary;
  const cards = s
    ? [
        { key: 'spend', title: t('ppc.metric.spend'), value: money(s.ads.spend) },
        { key: 'adSales', title: t('ppc.metric.sales'), value: money(s.ads.sales) },
        { key: 'revenue', title: t('ppc.skuAdv.revenue'), value: money(s.revenue) },
        { key: 'share', title: t('ppc.skuAdv.adSalesShare'), value: formatMargin(s.adSalesShare) },
        { key: 'acos', title: t('ppc.metric.acos'), value: formatMargin(s.ads.acos) },
        { key: 'tacos', title: t('ppc.boards.tacos'), value: formatMargin(s.tacos) },
        { key: 'before', title: t('ppc.skuAdv.profitBeforeAds'), value: money(s.profitBeforeAds) },
        { key: 'after', title: t('ppc.skuAdv.profitAfterAds'), value: money(s.profitAfterAds) },
        { key: 'margin', title: t('ppc.skuAdv.marginAfterAds'), value: formatMargin(s.marginAfterAds) },
      ]
    : [];
  // At 1280 px the day, spend, ad sales, revenue, ad-sales share, ACoS and TACoS show; clicks and orders when room allows.
  const dayColumns: FitColumnType<Point>[] = [
    {
      key: 'day',
      title: t('ppc.skuAdv.day'),
      priority: 'key',
      width: 110,
      render: (_, r) => <span className="bo-num">{r.settlement < 2 ? `${r.day} *` : r.day}</span>,
    },
    metricColumn<Point>(t, 'spend', (r) => r.spend, symbol, { priority: 'key', width: 110 }),
    metricColumn<Point>(t, 'sales', (r) => r.sales, symbol, { priority: 'key', width: 110 }),
    metricColumn<Point>(t, 'revenue', (r) => r.revenue, symbol, { title: t('ppc.skuAdv.revenue'), priority: 'key', width: 110 }),
    metricColumn<Point>(t, 'share', (r) => r.adSalesShare, symbol, {
      title: t('ppc.skuAdv.adSalesShare'),
      priority: 'key',
      width: 120,
    }),
    metricColumn<Point>(t, 'acos', (r) => r.acos, symbol, { priority: 'key', width: 90 }),
    metricColumn<Point>(t, 'tacos', (r) => r.tacos, symbol, { title: t('ppc.boards.tacos'), priority: 'key', width: 90 }),
    metricColumn<Point>(t, 'clicks', (r) => r.clicks, symbol, { width: 90 }),
    metricColumn<Point>(t, 'orders', (r) => r.orders, symbol, { width: 90 }),
  ];
  const campaignColumns: FitColumnType<CampaignRow>[] = [
    {
      key: 'name',
      title: t('ppc.boards.campaign'),
      priority: 'key',
      width: 340,
      ellipsis: { showTitle: false },
      render: (_, r) => {
        const where = `${r.shopName} · ${r.campaignType.toUpperCase()}`;
        return (
          <span title={`${r.campaignName} · ${where}`}>
            {r.campaignName}
            <Typography.Text type="secondary"> · {where}</Typography.Text>
          </span>
        );
      },
    },
    metricColumn<CampaignRow>(t, 'spend', (r) => r.spend, symbol, { priority: 'key', width: 110 }),
    metricColumn<CampaignRow>(t, 'sales', (r) => r.sales, symbol, { priority: 'key', width: 110 }),
    metricColumn<CampaignRow>(t, 'acos', (r) => r.acos, symbol, { priority: 'key', width: 90 }),
    metricColumn<CampaignRow>(t, 'clicks', (r) => r.clicks, symbol, { width: 90 }),
    metricColumn<CampaignRow>(t, 'orders', (r) => r.orders, symbol, { priority: 'key', width: 90 }),
  ];

  return (
    <Page testId="page-ppc-sku-adv" texts="ppc.skuAdv">
      <FilterCard>
        <Select
          mode="multiple"
          showSearch
          filterOption={false}
          style={{ minWidth: 360 }}
          maxCount={MAX_ANALYSIS_SKUS}
          placeholder={t('ppc.skuAdv.pick')}
          value={view.listingIds}
          onSearch={setSearch}
          loading={options.isFetching}
          onChange={(ids: number[]) => setUrl({ listingId: ids.map(String) })}
          options={[...known].map(([value, label]) => ({ value, label }))}
          notFoundContent={options.isFetching ? null : t('ppc.skuAdv.noMatch')}
          data-testid="ppc-sku-adv-pick"
        />
        <PeriodPicker value={view} today={today} quarters={null} onChange={(p) => setUrl(p)} />
      </FilterCard>
      {view.listingIds.length === 0 ? (
        <Card>
          <Empty description={t('ppc.skuAdv.none')} />
        </Card>
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()} rows={3}>
            <Row gutter={[12, 12]} data-testid="ppc-sku-adv-summary">
              {cards.map((c) => (
                <KpiCard key={c.key} title={c.title} value={c.value} testId={`ppc-sku-adv-${c.key}`} />
              ))}
            </Row>
          </QueryStates>
          <Card title={t('ppc.board.trend')} size="small">
            <ChartSuspense height={320}>
              <PpcTrendChart points={d?.points ?? []} currency={d?.currency ?? REPORTING_CURRENCY} />
            </ChartSuspense>
          </Card>
          <Card title={t('ppc.skuAdv.byCampaign')} size="small">
            <FitTable<CampaignRow>
              tableId="ppc.skuAdv.campaigns"
              rowKey="campaignId"
              size="small"
              pagination={false}
              dataSource={d?.byCampaign ?? []}
              columns={campaignColumns}
              loading={q.isFetching}
              locale={{ emptyText: t('ppc.board.empty') }}
              data-testid="ppc-sku-adv-campaigns"
            />
            {d && d.unattributed.spend !== 0 && (
              <Alert
                style={{ marginTop: 8 }}
                type="info"
                showIcon
                message={t('ppc.skuAdv.unattributed', { spend: money(d.unattributed.spend), sales: money(d.unattributed.sales) })}
              />
            )}
          </Card>
          <Card title={t('ppc.skuAdv.byDay')} size="small">
            <FitTable<Point>
              tableId="ppc.skuAdv.days"
              rowKey="day"
              size="small"
              dataSource={[...(d?.points ?? [])].reverse()}
              columns={dayColumns}
              loading={q.isFetching}
              pagination={{ pageSize: 31, hideOnSinglePage: true }}
              data-testid="ppc-sku-adv-days"
            />
            <Typography.Text type="secondary">{t('ppc.skuAdv.settling')}</Typography.Text>
          </Card>
        </Space>
      )}
    </Page>
  );
}
