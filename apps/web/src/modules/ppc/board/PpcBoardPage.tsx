import { AlertOutlined } from '@ant-design/icons';
import { ppcBoard as ep } from '@bo/contract';
import { REPORTING_CURRENCY, type skuPerformRowSchema } from '@bo/contract/ppc/board';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Can } from '../../../shared/Can';
import { Page } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { listPagination, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { todayLocal } from '../../../shared/period/period-presets';
import type { ColumnPriority } from '../../../shared/table/column-fit';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { ChartSuspense } from '../../../shared/charts/ChartSuspense';
import { shopLabel } from '../../../shared/markets/markets';
import { QueryTable } from '../../../shared/table/QueryTable';
import { PpcFilterBar } from '../boards/PpcFilterBar';
import { KeywordSearch } from '../components/KeywordSearch';
import { metricColumn } from '../components/metric-columns';
import { PpcCsvExport } from '../components/PpcCsvExport';
import { MonitorsCard } from '../monitoring/MonitorsCard';
import { WatchSkuModal, type WatchTarget } from '../monitoring/WatchSkuModal';
import { usePpcChart, usePpcShops, useSkuPerform } from './board.queries';
import { BOARD_URL, PAGE_SIZES, readBoardView, type SkuSortField, skuQuery } from './board-view';
import { PpcKpiCards } from './components/PpcKpiCards';

const PpcTrendChart = lazy(() => import('./components/PpcTrendChart'));
type SkuRow = z.infer<typeof skuPerformRowSchema>;

/**
 * /ppc/index: the advertising board. Shops, campaign types, period, SKU search, sort and
 * page live in the query string; figures are in the reporting currency.
 */
export default function PpcBoardPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(BOARD_URL);
  const view = useMemo(() => readBoardView(url, today), [url, today]);
  const shops = usePpcShops();
  const [watch, setWatch] = useState<WatchTarget | null>(null);
  const chart = usePpcChart(view);
  const list = useSkuPerform(view);
  const currency = list.data?.currency ?? REPORTING_CURRENCY;
  const symbol = currencySymbol(currency);
  useStepBackToLastPage(list.isSuccess, list.data?.total ?? 0, view, setUrl);

  const sortOrder = (key: SkuSortField) => (view.sortField === key ? view.sortOrder : null);
  const metric = (key: SkuSortField, priority: ColumnPriority, width: number): FitColumnType<SkuRow> =>
    metricColumn<SkuRow>(t, key, (r) => r[key as keyof SkuRow] as number | null, symbol, {
      priority,
      width,
      sorter: true,
      sortOrder: sortOrder(key),
    });
  // The SKU, its spend, ad sales, orders and ACoS and the watch button always show (docs/decisions.md).
  const columns: FitColumnType<SkuRow>[] = [
    {
      key: 'sku',
      title: t('ppc.board.sku'),
      priority: 'key',
      sorter: true,
      sortOrder: sortOrder('sku'),
      fixed: 'left',
      width: 160,
      ellipsis: true,
      render: (_, r) => r.sku,
    },
    { key: 'asin', title: 'ASIN', width: 120, render: (_, r) => r.asin },
    {
      key: 'shop',
      title: t('ppc.board.shop'),
      width: 170,
      priority: 'detail',
      ellipsis: true,
      render: (_, r) => shopLabel(r.shopName, r.marketId),
    },
    metric('impressions', 'normal', 110),
    metric('clicks', 'normal', 90),
    metric('ctr', 'detail', 90),
    metric('cpc', 'detail', 100),
    metric('spend', 'key', 110),
    metric('orders', 'key', 80),
    metric('sales', 'key', 110),
    metric('acos', 'key', 90),
    metric('roas', 'normal', 80),
    metric('cvr', 'detail', 90),
    {
      key: 'watch',
      title: '',
      label: t('ppc.monitor.watch'),
      priority: 'key',
      width: 100,
      fixed: 'right',
      render: (_, r) => (
        <Can permission="ppc:report:create">
          <Button
            size="small"
            icon={<AlertOutlined />}
            onClick={() => setWatch({ listingId: r.listingId, shopId: r.shopId, sku: r.sku })}
            data-testid={`ppc-watch-${r.listingId}`}
          >
            {t('ppc.monitor.watch')}
          </Button>
        </Can>
      ),
    },
  ];

  return (
    <Page
      testId="page-ppc-board"
      texts="ppc.board"
      extra={
        <PpcCsvExport
          permission="ppc:report:export"
          label={t('ppc.board.export')}
          testId="ppc-sku-export"
          empty={!list.data || list.data.total === 0}
          fetchFile={(options) => download(ep.skuPerformCsv, { query: skuQuery(view) }, options)}
        />
      }
    >
      <PpcFilterBar view={view} url={url} setUrl={setUrl} today={today} markets={false} />

      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <QueryStates pending={chart.isPending} error={chart.error} onRetry={() => void chart.refetch()} rows={3}>
          {chart.data && <PpcKpiCards sum={chart.data.sum} currency={currency} />}
        </QueryStates>
        {shops.data && shops.data.length === 0 && <Alert type="info" showIcon message={t('ppc.board.noShops')} />}
        <Card title={t('ppc.board.trend')} size="small">
          <QueryStates pending={chart.isPending} error={chart.error} onRetry={() => void chart.refetch()}>
            <ChartSuspense height={320}>
              <PpcTrendChart points={chart.data?.points ?? []} currency={currency} />
            </ChartSuspense>
          </QueryStates>
          <Typography.Text type="secondary">{t('ppc.board.fromImports')}</Typography.Text>
        </Card>
        <Card
          title={t('ppc.board.skus')}
          size="small"
          extra={
            <KeywordSearch
              value={view.keyword}
              onSearch={(keyword) => setUrl({ keyword, pageNum: '1' })}
              placeholder={t('ppc.board.search')}
              testId="ppc-sku-search"
            />
          }
        >
          <QueryTable<SkuRow>
            query={list}
            tableId="ppc.board.skus"
            rowKey="listingId"
            size="small"
            columns={columns}
            locale={{ emptyText: t('ppc.board.empty') }}
            pagination={listPagination(view, list.data?.total ?? 0, t, { sizes: PAGE_SIZES, totalKey: 'ppc.board.total' })}
            onChange={tableChangeHandler<SkuRow, SkuSortField>(
              ['sku', 'impressions', 'clicks', 'ctr', 'cpc', 'spend', 'orders', 'sales', 'acos', 'roas', 'cvr'],
              'spend',
              view.pageSize,
              (patch) => setUrl(toUrlPatch({ ...patch })),
            )}
            data-testid="ppc-sku-table"
          />
        </Card>
        <MonitorsCard />
      </Space>
      <WatchSkuModal target={watch} onClose={() => setWatch(null)} />
    </Page>
  );
}
