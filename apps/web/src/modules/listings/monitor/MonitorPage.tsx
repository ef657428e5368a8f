import { DeleteOutlined, FileExcelOutlined, SlidersOutlined } from '@ant-design/icons';
import { listingMonitor as ep } from '@bo/contract';
import type { WatchRow } from '@bo/contract/listings/monitor';
import { REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Popconfirm, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { download } from '../../../shared/http/http-client';
import { listPagination, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { formatCompact, formatExactMoney } from '../../../shared/table/compact-number';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol, formatChange, formatCount, formatMargin, formatMoney } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { FilterCard, Page } from '../../../shared/components/PageHead';
import { SearchBox } from '../../../shared/components/SearchBox';
import { AddButton } from '../../../shared/kit/AddButton';
import { MarketTag } from '../../../shared/markets/MarketTag';
import { MarketSelect } from '../../shops/shops-auth/components/MarketSelect';
import { userShopsQuery } from '../../shops/shops-auth/shops-auth.queries';
import { AddWatchModal } from './components/AddWatchModal';
import { Sparkline } from './components/Sparkline';
import { ThresholdsModal } from './components/ThresholdsModal';
import { useMonitorList, useRemoveWatch } from './monitor.queries';
import { alertText, MONITOR_URL, type MonitorSortField, monitorFilterQuery, PAGE_SIZES, readMonitorView } from './monitor-view';

const SORTABLE: readonly MonitorSortField[] = ['sku', 'shopName', 'units', 'revenue', 'sessions', 'margin', 'alerts'];

/** A change against the 7 days before, green up / red down. */
function Change({ value }: { value: number | null }) {
  const tone = value === null || Math.abs(value) < 0.00005 ? 'neutral' : value > 0 ? 'good' : 'bad';
  return <span className={`bo-kpi-change ${tone}`}>{formatChange(value)}</span>;
}

/**
 * /listings/index: the caller's watchlist. Each watched listing's last 7 days against the
 * 7 before, a 14-day sparkline and the alerts its thresholds raise; filters, sort and page
 * in the query string.
 */
export default function MonitorPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const can = useCan();
  const [url, setUrl, resetUrl] = useUrlFilters(MONITOR_URL);
  const view = readMonitorView(url);
  const list = useMonitorList(view);
  const shops = useQuery(userShopsQuery());
  const remove = useRemoveWatch();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WatchRow | null>(null);
  const page = list.data;
  const total = page?.total ?? 0;
  useStepBackToLastPage(Boolean(page), total, view, setUrl);
  const symbol = currencySymbol(page?.currency ?? REPORTING_CURRENCY);
  const filtered = Boolean(view.keyword) || view.shopIds.length > 0 || view.marketIds.length > 0 || view.alertsOnly;

  const sortable = (key: MonitorSortField): Pick<FitColumnType<WatchRow>, 'key' | 'sorter' | 'sortOrder' | 'sortDirections'> => ({
    key,
    sorter: true,
    sortOrder: view.sortField === key ? view.sortOrder : null,
    sortDirections: ['descend', 'ascend', 'descend'],
  });

  // The listing, its alerts, units, revenue, margin and the actions always show (docs/decisions.md).
  const columns: FitColumnType<WatchRow>[] = [
    {
      ...sortable('sku'),
      title: t('listings.monitor.column.listing'),
      priority: 'key',
      fixed: 'left',
      width: 180,
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong data-testid="monitor-row-sku">
            {r.sku}
          </Typography.Text>{' '}
          <Typography.Text className="bo-sales-num" data-testid="monitor-row-asin">
            {r.asin}
          </Typography.Text>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 1, tooltip: r.title }} style={{ margin: 0, fontSize: 12 }}>
            {r.title}
          </Typography.Paragraph>
        </div>
      ),
    },
    {
      ...sortable('shopName'),
      title: `${t('listings.common.shop')} / ${t('listings.common.price')}`,
      width: 150,
      render: (_, r) => (
        <div style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} data-testid="monitor-row-shop">
          <MarketTag marketId={r.marketId} /> {r.shopName}
          <div className="bo-sales-num" style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>
            {r.price === null ? '—' : `${formatMoney(r.price)} ${r.priceCurrency}`}
          </div>
        </div>
      ),
    },
    {
      ...sortable('alerts'),
      title: t('listings.monitor.column.alerts'),
      priority: 'key',
      width: 170,
      render: (_, r) =>
        r.alerts.length === 0 ? (
          <Tag color="green">{t('listings.monitor.alert.none')}</Tag>
        ) : (
          <Space direction="vertical" size={2} data-testid="monitor-row-alerts">
            {r.alerts.map((a) => {
              const text = alertText(a);
              return (
                <Tag
                  key={a.kind}
                  color={a.kind === 'noSales' ? 'red' : a.kind === 'unitsDrop' ? 'volcano' : 'gold'}
                  style={{ marginInlineEnd: 0 }}
                >
                  {t(text.key as 'listings.monitor.alert.unitsDrop', text.values)}
                </Tag>
              );
            })}
          </Space>
        ),
    },
    {
      ...sortable('units'),
      title: t('listings.monitor.column.units'),
      priority: 'key',
      align: 'right',
      width: 120,
      render: (_, r) => (
        <Tooltip title={t('listings.monitor.previous', { value: formatCount(r.previous.units) })}>
          <div className="bo-sales-num" data-testid="monitor-row-units">
            {formatCount(r.current.units)}
          </div>
          <Change value={r.unitsChange} />
        </Tooltip>
      ),
    },
    {
      ...sortable('revenue'),
      title: `${t('listings.monitor.column.revenue')} (${symbol})`,
      priority: 'key',
      align: 'right',
      width: 150,
      render: (_, r) => (
        <Tooltip
          title={`${formatExactMoney(r.current.revenue, symbol)} · ${t('listings.monitor.previous', { value: formatMoney(r.previous.revenue) })}`}
        >
          <div className="bo-sales-num bo-num">{formatCompact(r.current.revenue)}</div>
          <Change value={r.revenueChange} />
        </Tooltip>
      ),
    },
    {
      ...sortable('sessions'),
      title: `${t('listings.monitor.column.sessions')} / ${t('listings.monitor.column.conversion')}`,
      align: 'right',
      width: 110,
      render: (_, r) => (
        <Tooltip
          title={t('listings.monitor.previous', {
            value: `${formatCount(r.previous.sessions)} / ${formatMargin(r.previous.conversion)}`,
          })}
        >
          <div className="bo-sales-num">{formatCount(r.current.sessions)}</div>
          <div className="bo-sales-num" style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>
            {formatMargin(r.current.conversion)}
          </div>
        </Tooltip>
      ),
    },
    {
      ...sortable('margin'),
      title: t('listings.monitor.column.margin'),
      priority: 'key',
      align: 'right',
      width: 90,
      render: (_, r) => (
        <span className={`bo-sales-num${r.current.margin !== null && r.current.margin < 0 ? ' bo-sales-negative' : ''}`}>
          {formatMargin(r.current.margin)}
        </span>
      ),
    },
    {
      key: 'spark',
      title: t('listings.monitor.column.trend'),
      width: 100,
      render: (_, r) => (
        <Tooltip title={r.lastSaleDate ? t('listings.monitor.lastSale', { date: r.lastSaleDate }) : t('listings.monitor.noSale')}>
          <span>
            <Sparkline values={r.spark} label={r.spark.join(', ')} />
          </span>
        </Tooltip>
      ),
    },
    ...(can('listings:monitor:edit') || can('listings:monitor:delete')
      ? [
          {
            key: 'actions',
            title: t('listings.monitor.column.actions'),
            priority: 'key' as const,
            fixed: 'right' as const,
            width: 80,
            render: (_: unknown, r: WatchRow) => (
              <Space size={0}>
                <Can permission="listings:monitor:edit">
                  <Tooltip title={t('listings.monitor.thresholds.edit')}>
                    <Button
                      type="text"
                      icon={<SlidersOutlined />}
                      aria-label={t('listings.monitor.thresholds.edit')}
                      onClick={() => setEditing(r)}
                      data-testid="monitor-row-thresholds"
                    />
                  </Tooltip>
                </Can>
                <Can permission="listings:monitor:delete">
                  <Popconfirm
                    title={t('listings.monitor.removeConfirm', { asin: r.asin, shop: r.shopName })}
                    okText={t('listings.monitor.remove')}
                    okButtonProps={{ danger: true, ...({ 'data-testid': 'monitor-remove-confirm' } as Record<string, string>) }}
                    cancelText={t('common.cancel')}
                    onConfirm={async () => {
                      await notify.run(() => remove.mutateAsync(r.id), t('listings.monitor.removed'));
                    }}
                  >
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('listings.monitor.remove')}
                      title={t('listings.monitor.remove')}
                      data-testid="monitor-row-remove"
                    />
                  </Popconfirm>
                </Can>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Page
      testId="page-listing-monitor"
      title={t('listings.monitor.title')}
      subtitle={
        page
          ? t('listings.monitor.subtitle', {
              start: page.currentStart,
              end: page.currentEnd,
              prevStart: page.previousStart,
              prevEnd: page.previousEnd,
            })
          : '\u00a0'
      }
      extra={
        <Space wrap>
          <Can permission="listings:monitor:export">
            <ExportButton
              label={t('listings.common.export')}
              icon={<FileExcelOutlined />}
              testId="monitor-export"
              disabled={total === 0}
              fetchFile={(options) => download(ep.monitorExcel, { query: monitorFilterQuery(view) }, options)}
            />
          </Can>
          <AddButton permission="listings:monitor:create" onClick={() => setAdding(true)} testId="monitor-add">
            {t('listings.monitor.add')}
          </AddButton>
        </Space>
      }
    >
      <FilterCard>
        <SearchBox
          value={view.keyword}
          onSearch={(text) => setUrl({ keyword: text, pageNum: '1' })}
          placeholder={t('listings.monitor.keyword')}
          testId="monitor-keyword"
        />
        <MarketSelect
          placeholder={t('sales.filter.markets')}
          value={view.marketIds}
          onChange={(ids) => setUrl({ marketId: ids.map(String), pageNum: '1' })}
          style={{ width: 190 }}
        />
        <Select<number[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('sales.filter.shops')}
          value={view.shopIds}
          onChange={(ids) => setUrl({ shopId: ids.map(String), pageNum: '1' })}
          options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          optionFilterProp="label"
          loading={shops.isPending}
          style={{ width: 180 }}
        />
        <Space>
          <Switch
            checked={view.alertsOnly}
            onChange={(on) => setUrl({ alertsOnly: on ? 'true' : '', pageNum: '1' })}
            data-testid="monitor-alerts-only"
          />
          <span>{t('listings.monitor.alertsOnly')}</span>
        </Space>
        {page && page.alertCount > 0 && (
          <Badge
            status="error"
            text={t('listings.monitor.alertCount', { count: formatCount(page.alertCount) })}
            data-testid="monitor-alert-count"
          />
        )}
        <Button onClick={resetUrl}>{t('common.reset')}</Button>
      </FilterCard>

      <Card>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()} rows={8}>
          <FitTable<WatchRow>
            tableId="listings.monitor"
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={page?.list ?? []}
            loading={list.isFetching && !list.isPending}
            locale={{
              emptyText: (
                <Empty
                  description={filtered ? t('listings.monitor.emptyFiltered') : t('listings.monitor.empty')}
                  data-testid="monitor-empty"
                />
              ),
            }}
            onChange={tableChangeHandler<WatchRow, MonitorSortField>(SORTABLE, 'alerts', view.pageSize, (patch) =>
              setUrl(toUrlPatch({ ...patch })),
            )}
            pagination={listPagination(view, total, t, { sizes: PAGE_SIZES })}
            data-testid="monitor-table"
          />
        </QueryStates>
      </Card>

      <AddWatchModal open={adding} onClose={() => setAdding(false)} />
      <ThresholdsModal watch={editing} onClose={() => setEditing(null)} onReload={() => list.refetch()} />
    </Page>
  );
}
