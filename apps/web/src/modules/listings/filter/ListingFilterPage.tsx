import { FileExcelOutlined, SaveOutlined } from '@ant-design/icons';
import { listingFilter as ep } from '@bo/contract';
import type { FilterRow } from '@bo/contract/listings/filter';
import { REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import { listPagination, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { todayLocal } from '../../../shared/period/period-presets';
import { lineName } from '../../../shared/product-lines/product-line-tree';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { CountCell, MoneyCell, PercentCell } from '../../../shared/table/NumberCells';
import { useUrlFilters } from '../../../shared/url-filters';
import { productLinesQuery } from '../../access/session/session.queries';
import { SalesFilterBar } from '../../sales/filters/SalesFilterBar';
import { salesFilterPatch } from '../../sales/filters/sales-filters';
import { useMarkFirstTable } from '../../sales/shared/FigureCells';
import { currencySymbol, formatCount, formatMoney } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { Page } from '../../../shared/components/PageHead';
import { MarketTag } from '../../../shared/markets/MarketTag';
import { lifecycleKey, statusKey } from '../labels';
import { type Criteria, CriteriaForm } from './components/CriteriaForm';
import { SavedFiltersMenu } from './components/SavedFiltersMenu';
import { SaveFilterModal } from './components/SaveFilterModal';
import { useListingFilter } from './filter.queries';
import {
  FILTER_URL,
  type FilterSortField,
  filterQuery,
  PAGE_SIZES,
  rangesPatch,
  readFilterView,
  savedQueryOf,
} from './filter-view';

const SORTABLE: readonly FilterSortField[] = ['sku', 'shopName', 'price', 'units', 'revenue', 'adSpend', 'profit', 'margin'];

/**
 * /listingFilter: listings by what they are and how they did in the period. Every
 * criterion, the sort and the page live in the query string; a user saves the criteria
 * under a name and reopens them from the saved-filter menu.
 */
export default function ListingFilterPage() {
  const { t, lang } = useTexts();
  const today = todayLocal();
  const [params, setParams] = useSearchParams();
  const [url, setUrl, resetUrl] = useUrlFilters(FILTER_URL);
  const view = useMemo(() => readFilterView(url, today), [url, today]);
  const list = useListingFilter(view);
  const lines = useQuery(productLinesQuery());
  const lineNames = useMemo(() => new Map((lines.data ?? []).map((l) => [l.id, lineName(l, lang)])), [lines.data, lang]);
  const [saving, setSaving] = useState(false);
  const page = list.data;
  const total = page?.total ?? 0;
  const rows = page?.list ?? [];
  useMarkFirstTable(rows.length);
  useStepBackToLastPage(Boolean(page), total, view, setUrl);
  const symbol = currencySymbol(page?.currency ?? REPORTING_CURRENCY);

  const applyCriteria = (c: Criteria) =>
    setUrl({
      keyword: c.keyword.trim(),
      lifecycle: c.lifecycle.map(String),
      status: c.status.map(String),
      ...rangesPatch(c.ranges),
      noSales: c.noSales ? 'true' : '',
      missingCost: c.missingCost ? 'true' : '',
      pageNum: '1',
    });

  const sortable = (key: FilterSortField): Pick<FitColumnType<FilterRow>, 'key' | 'sorter' | 'sortOrder' | 'sortDirections'> => ({
    key,
    sorter: true,
    sortOrder: view.sortField === key ? view.sortOrder : null,
    sortDirections: ['descend', 'ascend', 'descend'],
  });
  // Money cells carry the currency ("US$ 12.3k", exact on hover), so headers stay short.
  const money = (key: 'revenue' | 'adSpend' | 'profit', priority: 'key' | 'normal'): FitColumnType<FilterRow> => ({
    ...sortable(key),
    title: t(`sales.measure.${key}`),
    label: `${t(`sales.measure.${key}`)} (${symbol})`,
    priority,
    align: 'right',
    width: 120,
    render: (_, r) => <MoneyCell value={r[key]} symbol={symbol} signed={key === 'profit'} />,
  });

  // The listing, units, revenue, profit and margin always show (docs/decisions.md).
  const columns: FitColumnType<FilterRow>[] = [
    {
      ...sortable('sku'),
      title: 'SKU / ASIN',
      priority: 'key',
      fixed: 'left',
      width: 240,
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong data-testid="filter-row-sku">
            {r.sku}
          </Typography.Text>{' '}
          <Typography.Text className="bo-sales-num" data-testid="filter-row-asin">
            {r.asin}
          </Typography.Text>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 1, tooltip: r.title }} style={{ margin: 0, fontSize: 12 }}>
            {r.model} · {r.title}
          </Typography.Paragraph>
        </div>
      ),
    },
    {
      ...sortable('shopName'),
      title: t('listings.common.shop'),
      width: 150,
      ellipsis: true,
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <MarketTag marketId={r.marketId} /> {r.shopName}
        </span>
      ),
    },
    {
      ...sortable('units'),
      title: t('sales.measure.units'),
      priority: 'key',
      align: 'right',
      width: 90,
      render: (_, r) => <CountCell value={r.units} />,
    },
    money('revenue', 'key'),
    money('profit', 'key'),
    {
      ...sortable('margin'),
      title: t('sales.measure.margin'),
      priority: 'key',
      align: 'right',
      width: 90,
      render: (_, r) => <PercentCell value={r.margin} signed />,
    },
    money('adSpend', 'normal'),
    {
      ...sortable('price'),
      title: t('listings.common.price'),
      priority: 'detail',
      align: 'right',
      width: 120,
      render: (_, r) =>
        r.price === null ? (
          <span className="bo-muted">—</span>
        ) : (
          <span className="bo-sales-num">{`${formatMoney(r.price)} ${r.priceCurrency}`}</span>
        ),
    },
    {
      key: 'line',
      title: t('sales.column.productLine'),
      priority: 'detail',
      width: 130,
      ellipsis: true,
      render: (_, r) =>
        (r.productLineId !== null && lineNames.get(r.productLineId)) ||
        (lang === 'zh-CN' ? r.productLineName : r.productLineNameEn) || <span className="bo-muted">—</span>,
    },
    {
      key: 'state',
      title: `${t('listings.filter.lifecycle')} / ${t('listings.filter.status')}`,
      width: 150,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={r.lifecycle === 2 ? 'default' : r.lifecycle === 1 ? 'green' : 'blue'}>{t(lifecycleKey(r.lifecycle))}</Tag>
          <Tag color={r.status === 1 ? 'processing' : 'default'}>{t(statusKey(r.status))}</Tag>
        </Space>
      ),
    },
    {
      key: 'missing',
      title: t('listings.filter.missingCost'),
      width: 150,
      render: (_, r) =>
        r.missingUnitCost || r.missingFees ? (
          <Space size={4} wrap data-testid="filter-row-missing">
            {r.missingUnitCost && <Tag color="orange">{t('listings.filter.missingUnitCost')}</Tag>}
            {r.missingFees && <Tag color="orange">{t('listings.filter.missingFees')}</Tag>}
          </Space>
        ) : null,
    },
  ];

  return (
    <Page
      testId="page-listing-filter"
      texts="listings.filter"
      extra={
        <Space wrap>
          <SavedFiltersMenu onOpen={(query) => setParams(new URLSearchParams(query), { replace: false })} />
          <Button icon={<SaveOutlined />} onClick={() => setSaving(true)} data-testid="filter-save">
            {t('listings.filter.saved.save')}
          </Button>
          <Can permission="listings:filter:export">
            <ExportButton
              label={t('listings.common.export')}
              icon={<FileExcelOutlined />}
              testId="filter-export"
              disabled={total === 0}
              fetchFile={(options) => download(ep.listingFilterExcel, { query: filterQuery(view) }, options)}
            />
          </Can>
        </Space>
      }
    >
      <Card className="bo-sales-filters" size="small">
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <SalesFilterBar
            value={view.filters}
            today={today}
            onChange={(patch) => setUrl({ ...salesFilterPatch(patch), pageNum: '1' })}
            onReset={resetUrl}
          />
          <CriteriaForm view={view} onApply={applyCriteria} />
        </Space>
      </Card>

      <Card>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()} rows={10}>
          <Typography.Text type="secondary" data-testid="filter-total">
            {page ? t('listings.filter.total', { count: formatCount(total) }) : ''}
            {page && ` · ${page.startDate} – ${page.endDate}`}
          </Typography.Text>
          <FitTable<FilterRow>
            tableId="listings.filter"
            rowKey="listingId"
            size="middle"
            style={{ marginTop: 8 }}
            columns={columns}
            dataSource={rows}
            loading={list.isFetching && !list.isPending}
            locale={{ emptyText: <Empty description={t('listings.filter.empty')} data-testid="filter-empty" /> }}
            onChange={tableChangeHandler<FilterRow, FilterSortField>(SORTABLE, 'revenue', view.pageSize, (patch) =>
              setUrl(toUrlPatch({ ...patch })),
            )}
            pagination={listPagination(view, total, t, { sizes: PAGE_SIZES })}
            data-testid="filter-table"
          />
        </QueryStates>
      </Card>

      <SaveFilterModal open={saving} query={savedQueryOf(params)} onClose={() => setSaving(false)} />
    </Page>
  );
}
