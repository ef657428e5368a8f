import type { CostInduction, SalesFilter } from '@bo/contract/sales/sales-profit';
import { Drawer, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/components/QueryStates';
import { formatDateTime } from '../../../../shared/format';
import { AddButton } from '../../../../shared/kit/AddButton';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import type { FitColumnType } from '../../../../shared/table/FitTable';
import { MoneyCell } from '../../../../shared/table/NumberCells';
import { QueryTable } from '../../../../shared/table/QueryTable';
import { currencySymbol, formatMoney } from '../../shared/sales-format';
import { useCostInductions } from '../sales-profit.queries';
import { CostInductionModal } from './CostInductionModal';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The screen's filters: costs dated in its period, for its shops, marketplaces and keyword. */
  query: SalesFilter & { startDate: string; endDate: string };
  currency: string;
}

const PAGE_SIZE = 20;

/** Other costs attributed to listings (they make up "other costs"), newest first, and the form to add one. */
export function OtherCostsDrawer({ open, onClose, query, currency }: Props) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [adding, setAdding] = useState(false);
  const list = useCostInductions(query, pageNum, PAGE_SIZE, open);
  const symbol = currencySymbol(currency);

  // In the 1080 px drawer: the date, listing, category and amounts always show; the note and who added it when room allows.
  const columns: FitColumnType<CostInduction>[] = [
    { key: 'costDate', title: t('sales.costs.field.date'), priority: 'key', dataIndex: 'costDate', width: 110 },
    {
      key: 'listing',
      title: t('sales.costs.listing'),
      priority: 'key',
      width: 230,
      ellipsis: true,
      render: (_, c) => (
        <div>
          <Typography.Text strong>{c.sku}</Typography.Text>
          <div className="bo-muted" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            <MarketTag marketId={c.marketId} /> {c.shopName} · {c.asin}
          </div>
        </div>
      ),
    },
    {
      key: 'category',
      title: t('sales.costs.field.category'),
      priority: 'key',
      width: 120,
      render: (_, c) => <Tag>{t(`sales.costs.category.${c.category}`)}</Tag>,
    },
    {
      key: 'amount',
      title: t('sales.costs.field.amount'),
      priority: 'key',
      align: 'right',
      width: 120,
      render: (_, c) => (
        <span className="bo-sales-num">
          {formatMoney(c.amount)} {c.currency}
        </span>
      ),
    },
    {
      key: 'amountReporting',
      title: `${t('sales.costs.reporting')} (${symbol})`,
      priority: 'key',
      align: 'right',
      width: 120,
      render: (_, c) => <MoneyCell value={c.amountReporting} />,
    },
    {
      key: 'note',
      title: t('sales.costs.field.note'),
      width: 150,
      ellipsis: { showTitle: true },
      render: (_, c) => c.note || <span className="bo-muted">—</span>,
    },
    {
      key: 'created',
      title: t('sales.costs.createdBy'),
      width: 150,
      render: (_, c) => (
        <div style={{ fontSize: 12 }}>
          <div>{c.createdBy || '—'}</div>
          <div className="bo-muted">{formatDateTime(c.createdAt)}</div>
        </div>
      ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1080}
      title={t('sales.costs.title')}
      data-testid="costs-drawer"
      extra={
        <AddButton permission="sales:profit:edit" onClick={() => setAdding(true)} testId="cost-add">
          {t('sales.costs.add')}
        </AddButton>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('sales.costs.scope', { start: query.startDate, end: query.endDate })}
        </Typography.Text>
        <QueryTable<CostInduction>
          query={list}
          tableId="sales.profit.otherCosts"
          rowKey="id"
          size="small"
          columns={columns}
          data-testid="costs-table"
          locale={{ emptyText: <EmptyState text={t('sales.costs.empty')} /> }}
          pagination={{
            current: pageNum,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPageNum,
            showTotal: (n) => t('list.total', { count: n }),
          }}
        />
      </Flex>
      <CostInductionModal open={adding} onClose={() => setAdding(false)} period={query} />
    </Drawer>
  );
}
