import { mailTree } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { formatTimestamp } from '../../../../shared/format';
import { call } from '../../../../shared/http/http-client';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import { FitTable } from '../../../../shared/table/FitTable';

type BuyerOrder = Awaited<ReturnType<typeof call<typeof mailTree.buyerOrders>>>[number];

/**
 * The buyer's orders beside the thread: order lines of the same buyer address, or whose
 * order number the mail mentions (orders module), with item, dates, status and amount.
 */
export function BuyerOrders({ dialogueId }: { dialogueId: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['mail', 'buyerOrders', dialogueId],
    queryFn: ({ signal }) => call(mailTree.buyerOrders, { query: { dialogueId } }, { signal }),
  });
  const money = (o: BuyerOrder) =>
    o.amount === null
      ? '—'
      : new Intl.NumberFormat(undefined, { style: 'currency', currency: o.currency ?? 'USD' }).format(o.amount);
  return (
    <Card size="small" title={t('mail.thread.orders.title')} data-testid="mail-buyer-orders">
      <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
        {q.data && q.data.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mail.thread.orders.none')} />
        ) : (
          // Beside the thread at 1280 px: the order, the item, its status and amount; the dates and quantity
          // when room allows.
          <FitTable<BuyerOrder>
            tableId="mail.buyerOrders"
            size="small"
            pagination={false}
            rowKey={(o) => `${o.shopId}:${o.orderId}:${o.asin}`}
            dataSource={q.data ?? []}
            data-testid="mail-buyer-orders-table"
            columns={[
              {
                title: t('mail.thread.orders.order'),
                key: 'order',
                priority: 'key',
                width: 180,
                render: (_, o) => (
                  <Space direction="vertical" size={0}>
                    <Typography.Text copyable data-testid="mail-order-id">
                      {o.orderId}
                    </Typography.Text>
                    <Space size={4} wrap>
                      <MarketTag marketId={o.marketId} />
                      {o.matchedBy === 'orderId' && <Tag>{t('mail.thread.orders.byOrderId')}</Tag>}
                    </Space>
                  </Space>
                ),
              },
              {
                title: t('mail.thread.orders.item'),
                key: 'item',
                priority: 'key',
                width: 170,
                render: (_, o) => (
                  <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
                    <Typography.Text ellipsis={{ tooltip: o.title }}>{o.title || o.sku}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {o.asin} · {o.sku}
                    </Typography.Text>
                  </Space>
                ),
              },
              { title: t('mail.thread.orders.qty'), key: 'qty', width: 60, dataIndex: 'quantity', align: 'right' },
              {
                title: t('mail.thread.orders.purchased'),
                key: 'purchased',
                width: 110,
                render: (_, o) => formatTimestamp(o.purchaseDate, 'YYYY-MM-DD'),
              },
              {
                title: t('mail.thread.orders.delivered'),
                key: 'delivered',
                priority: 'detail',
                width: 110,
                render: (_, o) => o.deliveryDate ?? '—',
              },
              {
                title: t('mail.thread.orders.status'),
                key: 'status',
                priority: 'key',
                width: 120,
                render: (_, o) => (
                  <Space size={4} wrap>
                    <span>{o.orderStatus || '—'}</span>
                    {o.returnState === 'open' && <Tag color="orange">{t('mail.thread.orders.returnOpen')}</Tag>}
                    {o.refundState === 'open' && <Tag color="orange">{t('mail.thread.orders.refundOpen')}</Tag>}
                  </Space>
                ),
              },
              {
                title: (
                  <Tooltip title={t('mail.thread.orders.amountNote')}>
                    <span>{t('mail.thread.orders.amount')}</span>
                  </Tooltip>
                ),
                key: 'amount',
                label: t('mail.thread.orders.amount'),
                priority: 'key',
                width: 100,
                align: 'right',
                render: (_, o) => money(o),
              },
            ]}
          />
        )}
      </QueryStates>
    </Card>
  );
}
