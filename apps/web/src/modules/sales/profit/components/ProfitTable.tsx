import { InfoCircleOutlined } from '@ant-design/icons';
import type { DirectorRow, Measure, ProductLineRow, SalesDimension, ShopRow, SkuRow } from '@bo/contract/sales/sales-profit';
import { MEASURES, MONEY_MEASURES } from '@bo/contract/sales/sales-profit';
import { useQuery } from '@tanstack/react-query';
import { Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { EmptyState } from '../../../../shared/components/QueryStates';
import { useTexts } from '../../../../shared/i18n/lang';
import { tableChangeHandler } from '../../../../shared/list-paging';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import { lineName } from '../../../../shared/product-lines/product-line-tree';
import { type FitColumnType, FitTable } from '../../../../shared/table/FitTable';
import { CountCell, MoneyCell, PercentCell } from '../../../../shared/table/NumberCells';
import { productLinesQuery } from '../../../access/session/session.queries';
import { useMarkFirstTable } from '../../shared/FigureCells';
import { MEASURE_PRIORITY, sortableBy } from '../../shared/sales-columns';
import { currencySymbol } from '../../shared/sales-format';
import { PAGE_SIZES, type ProfitView, type SortOrder, sortableFields } from '../profit-view';
import type { ProfitPage, ProfitRow } from '../sales-profit.queries';

interface Props {
  view: ProfitView;
  page: ProfitPage | undefined;
  loading: boolean;
  /** Filters beyond the period narrow the list (the empty text says so). */
  filtered: boolean;
  onQueryChange: (patch: { sortField?: string; sortOrder?: SortOrder; pageNum?: number; pageSize?: number }) => void;
}

type ColumnType<T> = FitColumnType<T>;

const ROW_KEY: Record<SalesDimension, (r: ProfitRow) => number> = {
  sku: (r) => (r as SkuRow).listingId,
  shop: (r) => (r as ShopRow).shopId,
  product_line: (r) => (r as ProductLineRow).productLineId,
  sale_director: (r) => (r as DirectorRow).directorId,
};

/** One breakdown's rows: key columns, then the measures; server-side sort and paging; the totals row of the whole set. */
export function ProfitTable({ view, page, loading, filtered, onQueryChange }: Props) {
  const { t, lang } = useTexts();
  const rows = page?.list ?? [];
  useMarkFirstTable(rows.length);
  // SKU rows carry the line's Chinese name only; the session's product lines give it in the UI language.
  const lines = useQuery(productLinesQuery());
  const lineNames = useMemo(() => new Map((lines.data ?? []).map((l) => [l.id, lineName(l, lang)])), [lines.data, lang]);
  const lineParents = useMemo(() => new Map((lines.data ?? []).map((l) => [l.id, l.parentId])), [lines.data]);
  const symbol = currencySymbol(page?.currency ?? 'USD');
  const sortable = sortableBy(view);

  const keyColumns = ((): ColumnType<ProfitRow>[] => {
    switch (view.dimension) {
      case 'sku':
        return [
          {
            ...sortable('sku'),
            title: 'SKU',
            fixed: 'left',
            width: 240,
            priority: 'key',
            render: (_, r) => {
              const row = r as SkuRow;
              return (
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong data-testid="profit-row-sku">
                    {row.sku}
                  </Typography.Text>
                  <Typography.Paragraph
                    type="secondary"
                    ellipsis={{ rows: 1, tooltip: row.title }}
                    style={{ margin: 0, fontSize: 12 }}
                  >
                    {row.title}
                  </Typography.Paragraph>
                </div>
              );
            },
          },
          {
            ...sortable('asin'),
            title: 'ASIN',
            width: 120,
            priority: 'detail',
            render: (_, r) => <span className="bo-sales-num">{(r as SkuRow).asin}</span>,
          },
          {
            ...sortable('shopName'),
            title: t('sales.column.shop'),
            width: 170,
            render: (_, r) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                <MarketTag marketId={(r as SkuRow).marketId} /> {(r as SkuRow).shopName}
              </span>
            ),
          },
          {
            key: 'productLineName',
            title: t('sales.column.productLine'),
            width: 130,
            priority: 'detail',
            ellipsis: true,
            render: (_, r) => {
              const row = r as SkuRow;
              const name = (row.productLineId !== null && lineNames.get(row.productLineId)) || row.productLineName;
              return name ?? <span className="bo-muted">—</span>;
            },
          },
        ];
      case 'shop':
        return [
          {
            ...sortable('shopName'),
            title: t('sales.column.shop'),
            fixed: 'left',
            width: 200,
            priority: 'key',
            render: (_, r) => (
              <Typography.Text strong data-testid="profit-row-shop">
                {(r as ShopRow).shopName}
              </Typography.Text>
            ),
          },
          {
            ...sortable('marketId'),
            title: t('sales.column.market'),
            width: 130,
            render: (_, r) => <MarketTag marketId={(r as ShopRow).marketId} />,
          },
        ];
      case 'product_line':
        return [
          {
            ...sortable('productLineName'),
            title: t('sales.column.productLine'),
            fixed: 'left',
            width: 200,
            priority: 'key',
            render: (_, r) => {
              const row = r as ProductLineRow;
              return (
                <Typography.Text strong data-testid="profit-row-line">
                  {lang === 'en-US' && row.productLineNameEn ? row.productLineNameEn : row.productLineName}
                </Typography.Text>
              );
            },
          },
          {
            key: 'parentName',
            title: t('sales.column.parentLine'),
            width: 140,
            render: (_, r) => {
              const parentId = lineParents.get((r as ProductLineRow).productLineId);
              const name =
                (parentId !== undefined && parentId !== null && lineNames.get(parentId)) || (r as ProductLineRow).parentName;
              return name ?? <span className="bo-muted">—</span>;
            },
          },
        ];
      case 'sale_director':
        return [
          {
            ...sortable('directorName'),
            title: t('sales.column.director'),
            fixed: 'left',
            width: 180,
            priority: 'key',
            render: (_, r) => {
              const row = r as DirectorRow;
              return row.directorName ? (
                <Typography.Text strong data-testid="profit-row-director">
                  {row.directorName}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('sales.column.noTeam')}</Typography.Text>
              );
            },
          },
          {
            key: 'teamNames',
            title: t('sales.column.teams'),
            width: 200,
            render: (_, r) =>
              (r as DirectorRow).teamNames.length ? (
                (r as DirectorRow).teamNames.map((n) => <Tag key={n}>{n}</Tag>)
              ) : (
                <span className="bo-muted">—</span>
              ),
          },
        ];
    }
  })();

  // Money cells carry the currency ("US$ 12.3k", exact figure on hover), so headers stay short.
  const isMoney = (m: Measure) => (MONEY_MEASURES as readonly string[]).includes(m);
  const measureCell = (m: Measure, values: Record<Measure, number | null>) => {
    const v = values[m];
    if (m === 'margin') return <PercentCell value={v} signed />;
    if (m === 'units' || m === 'orders') return <CountCell value={v ?? 0} />;
    return <MoneyCell value={v ?? 0} symbol={symbol} signed={m === 'profit'} />;
  };
  const measureColumns: ColumnType<ProfitRow>[] = MEASURES.map((m) => ({
    ...sortable(m),
    title: t(`sales.measure.${m}`),
    label: isMoney(m) ? `${t(`sales.measure.${m}`)} (${symbol})` : t(`sales.measure.${m}`),
    align: 'right',
    priority: MEASURE_PRIORITY[m],
    width: isMoney(m) ? 120 : 100,
    render: (_, r) => measureCell(m, r),
  }));
  const columns: ColumnType<ProfitRow>[] = [...keyColumns, ...measureColumns];
  const keyColumnKeys = new Set(keyColumns.map((c) => c.key));
  const onChange = tableChangeHandler<ProfitRow, string>(sortableFields(view.dimension), 'revenue', view.pageSize, onQueryChange);

  return (
    <FitTable<ProfitRow>
      tableId={`sales.profit.${view.dimension}`}
      rowKey={ROW_KEY[view.dimension]}
      data-testid="profit-table"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onChange={onChange}
      sticky
      locale={{
        emptyText: <EmptyState filtered={filtered} text={t('sales.empty.list')} />,
      }}
      pagination={{
        current: view.pageNum,
        pageSize: view.pageSize,
        total: page?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (n) => t('list.total', { count: n }),
      }}
      summary={(shown) => {
        if (!page || page.total === 0) return null;
        const keysShown = shown.filter((c) => keyColumnKeys.has(c.key)).length;
        const measuresShown = MEASURES.filter((m) => shown.some((c) => c.key === m));
        return (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="bo-sales-summary" data-testid="profit-totals">
              <Table.Summary.Cell index={0} colSpan={keysShown}>
                <Tooltip title={t('sales.totals.hint', { count: page.total })}>
                  <span>
                    {t('sales.totals.label')} <InfoCircleOutlined className="bo-muted" />
                  </span>
                </Tooltip>
              </Table.Summary.Cell>
              {measuresShown.map((m, i) => (
                <Table.Summary.Cell key={m} index={keysShown + i} align="right">
                  {measureCell(m, page.sum)}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        );
      }}
    />
  );
}
