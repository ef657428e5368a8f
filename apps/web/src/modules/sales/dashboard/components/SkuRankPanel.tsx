import type { SalesFilter, SkuRow } from '@bo/contract/sales/sales-profit';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../shared/components/QueryStates';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import { type FitColumnType, FitTable } from '../../../../shared/table/FitTable';
import { MoneyCell, PercentCell } from '../../../../shared/table/NumberCells';
import { skuAnalysisHref } from '../../../listings/sku-analysis/sku-view';
import { salesProfitHref } from '../../profit/profit-view';
import { useMarkFirstTable } from '../../shared/FigureCells';
import { currencySymbol } from '../../shared/sales-format';
import { type SkuOrder, useRankedSkus } from '../dashboard.queries';
import { PanelCard } from './PanelCard';

interface Props {
  query: SalesFilter & { startDate: string; endDate: string };
  order: SkuOrder;
  currency: string;
  /** The user may open /skuAnalysis: SKUs link there, kept to the listing's marketplace and the period. */
  linkToSku: boolean;
  /** Else, the user may open /salesProfit: SKUs link there. */
  linkToProfit: boolean;
}

/** The 10 listings with the most (top) or least (bottom) profit in the period. */
export function SkuRankPanel({ query, order, currency, linkToSku, linkToProfit }: Props) {
  const { t } = useTranslation();
  const skus = useRankedSkus(query, order, true);
  const rows = skus.data ?? [];
  useMarkFirstTable(rows.length);
  const symbol = currencySymbol(currency);

  // In the half-width panel at 1280 px: the SKU, revenue, profit and margin; the shop when room allows.
  const columns: FitColumnType<SkuRow>[] = [
    {
      key: 'sku',
      title: t('sales.column.skuAsin'),
      priority: 'key',
      width: 130,
      ellipsis: true,
      render: (_, r) => (
        <div style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          <Tooltip title={r.title} placement="topLeft">
            {linkToSku || linkToProfit ? (
              <Link
                to={
                  linkToSku
                    ? skuAnalysisHref({ sku: r.sku, startDate: query.startDate, endDate: query.endDate, marketIds: [r.marketId] })
                    : salesProfitHref({ keyword: r.sku, startDate: query.startDate, endDate: query.endDate })
                }
                data-testid={`rank-${order}-sku`}
              >
                {r.sku}
              </Link>
            ) : (
              <Typography.Text>{r.sku}</Typography.Text>
            )}
          </Tooltip>
          <div className="bo-muted bo-sales-num" style={{ fontSize: 12 }}>
            {r.asin}
          </div>
        </div>
      ),
    },
    {
      key: 'shop',
      title: t('sales.column.shop'),
      width: 160,
      ellipsis: true,
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <MarketTag marketId={r.marketId} /> {r.shopName}
        </span>
      ),
    },
    {
      key: 'revenue',
      title: `${t('sales.measure.revenue')} (${symbol})`,
      priority: 'key',
      width: 110,
      align: 'right',
      render: (_, r) => <MoneyCell value={r.revenue} />,
    },
    {
      key: 'profit',
      title: `${t('sales.measure.profit')} (${symbol})`,
      priority: 'key',
      width: 110,
      align: 'right',
      render: (_, r) => <MoneyCell value={r.profit} signed />,
    },
    {
      key: 'margin',
      title: t('sales.measure.margin'),
      priority: 'key',
      width: 80,
      align: 'right',
      render: (_, r) => <PercentCell value={r.margin} signed />,
    },
  ];

  return (
    <PanelCard title={t(`sales.panel.${order}Skus`)} testId={`dashboard-${order}-skus`} query={skus}>
      <FitTable<SkuRow>
        tableId={`sales.dashboard.${order}Skus`}
        rowKey="listingId"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        data-testid={`dashboard-${order}-table`}
        locale={{ emptyText: <EmptyState text={t('sales.empty.panel')} /> }}
      />
    </PanelCard>
  );
}
