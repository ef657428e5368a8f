import type { SkuListingRow } from '@bo/contract/listings/sku-analysis';
import { Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import { Count, Margin, Money } from '../../../sales/shared/FigureCells';
import { currencySymbol, formatMargin, formatMoney } from '../../../sales/shared/sales-format';

interface Props {
  rows: readonly SkuListingRow[];
  currency: string;
}

/** Every listing of the SKU with its figures of the period and its share of the SKU's revenue. */
export function MarketSplitTable({ rows, currency }: Props) {
  const { t } = useTranslation();
  const symbol = currencySymbol(currency);
  const total = rows.reduce((s, r) => s + Math.max(0, r.revenue), 0);
  const columns: ColumnType<SkuListingRow>[] = [
    {
      key: 'listing',
      title: t('listings.sku.markets.listing'),
      width: 220,
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong className="bo-sales-num" data-testid="sku-listing-asin">
            {r.asin}
          </Typography.Text>
          {r.status === 0 && (
            <Tag style={{ marginLeft: 6 }} color="default">
              {t('listings.sku.markets.inactive')}
            </Tag>
          )}
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 1, tooltip: r.title }} style={{ margin: 0, fontSize: 12 }}>
            {r.title}
          </Typography.Paragraph>
        </div>
      ),
    },
    {
      key: 'shop',
      title: t('listings.common.shop'),
      width: 190,
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <MarketTag marketId={r.marketId} /> {r.shopName}
        </span>
      ),
    },
    {
      key: 'price',
      title: t('listings.common.price'),
      align: 'right',
      width: 110,
      render: (_, r) =>
        r.price === null ? (
          <span className="bo-muted">—</span>
        ) : (
          <span className="bo-sales-num">{`${formatMoney(r.price)} ${r.priceCurrency}`}</span>
        ),
    },
    { key: 'units', title: t('sales.measure.units'), align: 'right', width: 80, render: (_, r) => <Count value={r.units} /> },
    {
      key: 'revenue',
      title: `${t('sales.measure.revenue')} (${symbol})`,
      align: 'right',
      width: 120,
      render: (_, r) => <Money value={r.revenue} />,
    },
    {
      key: 'profit',
      title: `${t('sales.measure.profit')} (${symbol})`,
      align: 'right',
      width: 120,
      render: (_, r) => <Money value={r.profit} signed />,
    },
    { key: 'margin', title: t('sales.measure.margin'), align: 'right', width: 90, render: (_, r) => <Margin value={r.margin} /> },
    {
      key: 'share',
      title: t('listings.sku.markets.share'),
      align: 'right',
      width: 100,
      render: (_, r) => <span className="bo-sales-num">{total > 0 ? formatMargin(Math.max(0, r.revenue) / total) : '—'}</span>,
    },
  ];
  return (
    <Table<SkuListingRow>
      rowKey="listingId"
      size="small"
      columns={columns}
      dataSource={[...rows]}
      pagination={false}
      scroll={{ x: 1000 }}
      data-testid="sku-listings"
    />
  );
}
