/** One removal order: its figures, its lines and its parcels (when a shipment report was imported). */
import type { RemovalLine } from '@bo/contract/inventory/removals';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatThousands } from '../../../shared/format';
import { DetailDrawer } from '../../../shared/kit/DetailDrawer';
import { shopLabel } from '../../../shared/markets/markets';
import { useRemovalOrder } from '../ledger.queries';

export const REMOVAL_STATUS_COLORS = {
  pending: 'default',
  processing: 'processing',
  completed: 'success',
  cancelled: 'warning',
} as const;

export function RemovalStatusTag({ status }: { status: RemovalLine['status'] }) {
  const { t } = useTranslation();
  return <Tag color={REMOVAL_STATUS_COLORS[status]}>{t(`removals.status.${status}`)}</Tag>;
}

const sum = (lines: readonly RemovalLine[], f: 'requested' | 'cancelled' | 'disposed' | 'shipped' | 'inProcess') =>
  lines.reduce((a, l) => a + l[f], 0);

export function RemovalOrderDrawer({
  order,
  onClose,
}: {
  order: { shopId: number; orderId: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useRemovalOrder(order);
  type Order = NonNullable<typeof query.data>;
  const first = (o: Order) => o.lines[0] as RemovalLine;
  const fee = (o: Order) => {
    const fees = o.lines.filter((l) => l.removalFee !== null);
    return fees.length === 0 ? '—' : `${fees.reduce((a, l) => a + Number(l.removalFee), 0).toFixed(2)} ${first(o).currency}`;
  };
  return (
    <DetailDrawer<Order>
      open={order !== null}
      onClose={onClose}
      width={820}
      testId="removal-detail"
      title={order ? t('removals.detail.title', { orderId: order.orderId }) : ''}
      query={query}
      fields={[
        { key: 'shop', label: t('removals.column.shop'), render: (o) => shopLabel(first(o).shopName, first(o).marketId) },
        { key: 'type', label: t('removals.column.type'), render: (o) => t(`removals.type.${first(o).type}`) },
        { key: 'status', label: t('removals.column.status'), render: (o) => <RemovalStatusTag status={first(o).status} /> },
        { key: 'requestDate', label: t('removals.column.requestDate'), render: (o) => first(o).requestDate },
        {
          key: 'lastUpdated',
          label: t('removals.column.lastUpdated'),
          render: (o) => first(o).lastUpdated?.replace('T', ' ').replace('Z', '') ?? '—',
        },
        { key: 'fee', label: t('removals.column.removalFee'), render: fee, testId: 'removal-detail-fee' },
        { key: 'requested', label: t('removals.column.requested'), render: (o) => formatThousands(sum(o.lines, 'requested')) },
        { key: 'shipped', label: t('removals.column.shipped'), render: (o) => formatThousands(sum(o.lines, 'shipped')) },
        { key: 'inProcess', label: t('removals.column.inProcess'), render: (o) => formatThousands(sum(o.lines, 'inProcess')) },
      ]}
    >
      {(o) => (
        <>
          <Typography.Title level={5}>{t('removals.detail.lines')}</Typography.Title>
          <Table<RemovalLine>
            size="small"
            pagination={false}
            rowKey={(l) => `${l.sku}|${l.disposition}`}
            dataSource={o.lines}
            data-testid="removal-detail-lines"
            columns={[
              { key: 'sku', title: t('removals.column.sku'), render: (_, l) => `${l.sku} · ${l.fnsku}` },
              { key: 'disposition', title: t('removals.column.disposition'), dataIndex: 'disposition' },
              ...(['requested', 'cancelled', 'disposed', 'shipped', 'inProcess'] as const).map((f) => ({
                key: f,
                align: 'right' as const,
                title: t(`removals.column.${f}`),
                render: (_: unknown, l: RemovalLine) => formatThousands(l[f]),
              })),
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('removals.detail.shipments')}
          </Typography.Title>
          {o.shipments.length === 0 ? (
            <Typography.Text type="secondary" data-testid="removal-detail-no-shipments">
              {t('removals.detail.noShipments')}
            </Typography.Text>
          ) : (
            <Table
              size="small"
              pagination={false}
              rowKey={(s) => `${s.sku}|${s.disposition}|${s.shipmentDate}|${s.trackingNumber}`}
              dataSource={o.shipments}
              data-testid="removal-detail-shipments"
              columns={[
                { key: 'day', title: t('removals.detail.shipmentDate'), dataIndex: 'shipmentDate' },
                { key: 'sku', title: t('removals.column.sku'), dataIndex: 'sku' },
                { key: 'carrier', title: t('removals.detail.carrier'), dataIndex: 'carrier' },
                { key: 'tracking', title: t('removals.detail.tracking'), dataIndex: 'trackingNumber' },
                { key: 'quantity', align: 'right', title: t('removals.detail.quantity'), dataIndex: 'quantity' },
              ]}
            />
          )}
        </>
      )}
    </DetailDrawer>
  );
}
