import type { SkuListingRow } from '@bo/contract/listings/sku-analysis';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import { type FitColumnType, FitTable } from '../../../../shared/table/FitTable';
import { CountCell, MoneyCell, PercentCell } from '../../../../shared/table/NumberCells';
import { currencySymbol, formatMoney } from '../../../sales/shared/sales-format';

interface Props {
  rows: readonly SkuListingRow[];
  currency: string;
}

/** Every listing of the SKU with its figures of the period and its share of the SKU's revenue. */
export function MarketSplitTable({ rows, currency }: Props) {
  const { t } = useTranslation();
  const symbol = currencySymbol(currency);
  const total = rows.reduce((s, r) => s + Math.max(0, r.revenue), 0);
  // At 1280 px the listing, its shop, revenue, profit, margin and share show; price and units when room allows.
  const columns: FitColumnType<SkuListingRow>[] = [
    {
      key: 'listing',
      title: t('listings.sku.markets.listing'),
      priority: 'key',
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
      priority: 'key',
      width: 190,
      ellipsis: true,
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
      width: 100,
      render: (_, r) =>
        r.price === null ? (
          <span className="bo-muted">—</span>
        ) : (
          <span className="bo-num">{`${formatMoney(r.price)} ${r.priceCurrency}`}</span>
        ),
    },
    { key: 'units', title: t('sales.measure.units'), align: 'right', width: 80, render: (_, r) => <CountCell value={r.units} /> },
    {
      key: 'revenue',
      title: `${t('sales.measure.revenue')} (${symbol})`,
      priority: 'key',
      align: 'right',
      width: 110,
      render: (_, r) => <MoneyCell value={r.revenue} />,
    },
    {
      key: 'profit',
      title: `${t('sales.measure.profit')} (${symbol})`,
      priority: 'key',
      align: 'right',
      width: 110,
      render: (_, r) => <MoneyCell value={r.profit} signed />,
    },
    {
      key: 'margin',
      title: t('sales.measure.margin'),
      priority: 'key',
      align: 'right',
      width: 90,
      render: (_, r) => <PercentCell value={r.margin} signed />,
    },
    {
      key: 'share',
      title: t('listings.sku.markets.share'),
      priority: 'key',
      align: 'right',
      width: 100,
      render: (_, r) => <PercentCell value={total > 0 ? Math.max(0, r.revenue) / total : null} />,
    },
  ];
  return (
    <FitTable<SkuListingRow>
      tableId="listings.sku.markets"
      rowKey="listingId"
      size="small"
      columns={columns}
      dataSource={[...rows]}
      pagination={false}
      data-testid="sku-listings"
    />
  );
}
