import { AlertOutlined, FileTextOutlined } from '@ant-design/icons';
import { ppcBoard as ep } from '@bo/contract';
import { CAMPAIGN_TYPES, REPORTING_CURRENCY, type skuPerformRowSchema } from '@bo/contract/ppc/board';
import { Alert, Button, Card, Flex, Input, Select, Skeleton, Space, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { PeriodPicker } from '../../../shared/period/PeriodPicker';
import { todayLocal } from '../../../shared/period/period-presets';
import type { ColumnPriority } from '../../../shared/table/column-fit';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { CountCell, MoneyCell, PercentCell } from '../../../shared/table/NumberCells';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol, NONE } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { shopLabel } from '../../../shared/markets/markets';
import { MonitorsCard } from '../monitoring/MonitorsCard';
import { WatchSkuModal, type WatchTarget } from '../monitoring/WatchSkuModal';
import { readPpcPreferences, savePpcPreferences } from '../ppc-preferences';
import { lastUsedOf, rememberPpcShop } from '../use-ppc-shop';
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

  // A link without shop or campaign-type choices starts from the saved ones (spec §3), once.
  const restored = useRef(false);
  const oneShop = url.shopId.length === 1 ? (url.shopId[0] ?? null) : null;
  useEffect(() => {
    if (restored.current || !shops.data) return;
    restored.current = true;
    // A link to one shop is that shop's use: it becomes the last used.
    if (oneShop !== null) rememberPpcShop(shops.data.find((s) => String(s.shopId) === oneShop));
    if (url.shopId.length > 0 || url.campaignType.length > 0) return;
    const saved = readPpcPreferences();
    const shop = shops.data.find((s) => s.shopId === saved.shopId);
    if (shop || saved.campaignType) {
      setUrl({
        ...(shop ? { shopId: [String(shop.shopId)] } : {}),
        ...(saved.campaignType ? { campaignType: [saved.campaignType] } : {}),
      });
    }
  }, [shops.data, oneShop, url.shopId.length, url.campaignType.length, setUrl]);
  const chooseShops = (ids: number[]) => {
    const added = lastUsedOf(view.shopIds, ids);
    rememberPpcShop(shops.data?.find((s) => s.shopId === added));
    setUrl({ shopId: ids.map(String), pageNum: '1' });
  };
  const chooseTypes = (types: string[]) => {
    savePpcPreferences({ campaignType: CAMPAIGN_TYPES.find((c) => c === types[0]) ?? null });
    setUrl({ campaignType: types, pageNum: '1' });
  };

  const sortOrder = (key: SkuSortField) => (view.sortField === key ? view.sortOrder : null);
  const metric = (
    key: SkuSortField,
    priority: ColumnPriority,
    render: (r: SkuRow) => ReactNode,
    width = 100,
  ): FitColumnType<SkuRow> => ({
    key,
    title: t(`ppc.metric.${key}`),
    priority,
    align: 'right',
    width,
    sorter: true,
    sortOrder: sortOrder(key),
    render: (_, r) => render(r),
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
    metric('impressions', 'normal', (r) => <CountCell value={r.impressions} />, 110),
    metric('clicks', 'normal', (r) => <CountCell value={r.clicks} />, 90),
    metric('ctr', 'detail', (r) => <PercentCell value={r.ctr} />, 90),
    metric('cpc', 'detail', (r) => <MoneyCell value={r.cpc} symbol={symbol} />, 100),
    metric('spend', 'key', (r) => <MoneyCell value={r.spend} symbol={symbol} />, 110),
    metric('orders', 'key', (r) => <CountCell value={r.orders} />, 80),
    metric('sales', 'key', (r) => <MoneyCell value={r.sales} symbol={symbol} />, 110),
    metric('acos', 'key', (r) => <PercentCell value={r.acos} />, 90),
    metric('roas', 'normal', (r) => <span className="bo-num">{r.roas === null ? NONE : r.roas.toFixed(2)}</span>, 80),
    metric('cvr', 'detail', (r) => <PercentCell value={r.cvr} />, 90),
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
    <div className="bo-page" data-testid="page-ppc-board">
      <div className="bo-sales-head">
        <div>
          <Typography.Title level={3}>{t('ppc.board.title')}</Typography.Title>
          <Typography.Text type="secondary">{t('ppc.board.subtitle')}</Typography.Text>
        </div>
        <Can permission="ppc:report:export">
          <ExportButton
            label={t('ppc.board.export')}
            icon={<FileTextOutlined />}
            testId="ppc-sku-export"
            disabled={!list.data || list.data.total === 0}
            fetchFile={(options) => download(ep.skuPerformCsv, { query: skuQuery(view) }, options)}
          />
        </Can>
      </div>

      <Card className="bo-sales-filters" size="small">
        <Flex wrap gap={12} align="center">
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 220 }}
            placeholder={t('ppc.board.allShops')}
            loading={shops.isPending}
            value={view.shopIds}
            onChange={chooseShops}
            options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: shopLabel(s.name, s.marketId) }))}
            data-testid="ppc-shop-filter"
          />
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 180 }}
            placeholder={t('ppc.board.allTypes')}
            value={view.campaignTypes}
            onChange={chooseTypes}
            options={CAMPAIGN_TYPES.map((c) => ({ value: c, label: t(`ppc.campaignType.${c}`) }))}
            data-testid="ppc-type-filter"
          />
          <PeriodPicker value={view} today={today} quarters={null} onChange={(p) => setUrl({ ...p, pageNum: '1' })} />
        </Flex>
      </Card>

      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <QueryStates pending={chart.isPending} error={chart.error} onRetry={() => void chart.refetch()} rows={3}>
          {chart.data && <PpcKpiCards sum={chart.data.sum} currency={currency} />}
        </QueryStates>
        {shops.data && shops.data.length === 0 && <Alert type="info" showIcon message={t('ppc.board.noShops')} />}
        <Card title={t('ppc.board.trend')} size="small">
          <QueryStates pending={chart.isPending} error={chart.error} onRetry={() => void chart.refetch()}>
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
              <PpcTrendChart points={chart.data?.points ?? []} currency={currency} />
            </Suspense>
          </QueryStates>
          <Typography.Text type="secondary">{t('ppc.board.fromImports')}</Typography.Text>
        </Card>
        <Card
          title={t('ppc.board.skus')}
          size="small"
          extra={
            <Input.Search
              allowClear
              defaultValue={view.keyword}
              placeholder={t('ppc.board.search')}
              onSearch={(keyword) => setUrl({ keyword, pageNum: '1' })}
              style={{ width: 240 }}
              data-testid="ppc-sku-search"
            />
          }
        >
          <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
            <FitTable<SkuRow>
              tableId="ppc.board.skus"
              rowKey="listingId"
              size="small"
              columns={columns}
              dataSource={list.data?.list ?? []}
              loading={list.isFetching}
              locale={{ emptyText: t('ppc.board.empty') }}
              pagination={{
                current: view.pageNum,
                pageSize: view.pageSize,
                total: list.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (total) => t('ppc.board.total', { count: total }),
              }}
              onChange={tableChangeHandler<SkuRow, SkuSortField>(
                ['sku', 'impressions', 'clicks', 'ctr', 'cpc', 'spend', 'orders', 'sales', 'acos', 'roas', 'cvr'],
                'spend',
                view.pageSize,
                (patch) => setUrl(toUrlPatch({ ...patch })),
              )}
              data-testid="ppc-sku-table"
            />
          </QueryStates>
        </Card>
        <MonitorsCard />
      </Space>
      <WatchSkuModal target={watch} onClose={() => setWatch(null)} />
    </div>
  );
}
