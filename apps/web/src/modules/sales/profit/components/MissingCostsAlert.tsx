import type { SalesFilter } from '@bo/contract/sales/sales-profit';
import { Alert, Button, Drawer, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/components/QueryStates';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import type { FitColumnType } from '../../../../shared/table/FitTable';
import { CountCell, MoneyCell } from '../../../../shared/table/NumberCells';
import { QueryTable } from '../../../../shared/table/QueryTable';
import { currencySymbol } from '../../shared/sales-format';
import { useMissingCosts } from '../sales-profit.queries';

type MissingCost = NonNullable<ReturnType<typeof useMissingCosts>['data']>['list'][number];

interface Props {
  query: SalesFilter;
  currency: string;
}

const DRAWER_PAGE = 20;

/**
 * A warning when listings sold in the view without a unit cost or a fee schedule: their
 * COGS or fees count as 0, so their profit reads too high. The drawer lists them.
 */
export function MissingCostsAlert({ query, currency }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const head = useMissingCosts(query, 1, DRAWER_PAGE);
  const page = useMissingCosts(query, pageNum, DRAWER_PAGE);
  const total = head.data?.total ?? 0;
  if (total === 0) return null;

  // In the 880 px drawer: the listing, its revenue and what is missing always show; ASIN and units when room allows.
  const columns: FitColumnType<MissingCost>[] = [
    {
      key: 'sku',
      title: 'SKU',
      priority: 'key',
      width: 170,
      ellipsis: true,
      render: (_, r) => <Typography.Text strong>{r.sku}</Typography.Text>,
    },
    { key: 'asin', title: 'ASIN', width: 120, dataIndex: 'asin' },
    {
      key: 'shop',
      title: t('sales.column.shop'),
      priority: 'key',
      width: 170,
      ellipsis: true,
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <MarketTag marketId={r.marketId} /> {r.shopName}
        </span>
      ),
    },
    { key: 'units', title: t('sales.measure.units'), width: 80, align: 'right', render: (_, r) => <CountCell value={r.units} /> },
    {
      key: 'revenue',
      title: `${t('sales.measure.revenue')} (${currencySymbol(currency)})`,
      priority: 'key',
      width: 120,
      align: 'right',
      render: (_, r) => <MoneyCell value={r.revenue} />,
    },
    {
      key: 'missing',
      title: t('sales.missing.column'),
      priority: 'key',
      width: 170,
      render: (_, r) => (
        <>
          {r.missingUnitCost && <Tag color="orange">{t('sales.missing.unitCost')}</Tag>}
          {r.missingFees && <Tag color="gold">{t('sales.missing.fees')}</Tag>}
        </>
      ),
    },
  ];

  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('sales.missing.banner', { count: total })}
        data-testid="profit-missing-costs"
        action={
          <Button size="small" onClick={() => setOpen(true)} data-testid="profit-missing-open">
            {t('sales.missing.view')}
          </Button>
        }
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        size={880}
        title={t('sales.missing.title', { count: total })}
        data-testid="profit-missing-drawer"
      >
        <Typography.Paragraph type="secondary">{t('sales.missing.text')}</Typography.Paragraph>
        <QueryTable<MissingCost>
          query={page}
          tableId="sales.profit.missingCosts"
          rowKey="listingId"
          data-testid="profit-missing-table"
          size="small"
          columns={columns}
          locale={{ emptyText: <EmptyState /> }}
          pagination={{
            current: pageNum,
            pageSize: DRAWER_PAGE,
            total: page.data?.total ?? total,
            showSizeChanger: false,
            onChange: setPageNum,
            showTotal: (n) => t('list.total', { count: n }),
          }}
        />
      </Drawer>
    </>
  );
}
