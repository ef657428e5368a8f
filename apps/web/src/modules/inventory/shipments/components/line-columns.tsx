/** The columns of a shipment line (search and differences): plan, shop, shipment, SKU, shipped and received. */
import { SHIPMENT_PLAN_MACHINE, type ShipmentLineRow } from '@bo/contract/inventory/shipments';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatThousands } from '../../../../shared/format';
import type { KitColumn } from '../../../../shared/kit/ListPage';
import { StateTag } from '../../../../shared/kit/StateTag';
import { shopLabel } from '../../../../shared/markets/markets';

export function lineColumns(t: TFunction): KitColumn<ShipmentLineRow>[] {
  return [
    {
      key: 'sku',
      priority: 'key',
      width: 200,
      title: t('shipments.column.sku'),
      render: (_, r) => (
        <>
          <Typography.Text strong data-testid={`line-sku-${r.lineId}`}>
            {r.sku}
          </Typography.Text>
          {r.model && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.model}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    { key: 'planCode', priority: 'key', width: 110, title: t('shipments.column.code'), render: (_, r) => r.planCode },
    {
      key: 'state',
      width: 96,
      title: t('shipments.column.state'),
      render: (_, r) => <StateTag machine={SHIPMENT_PLAN_MACHINE} state={r.state} />,
    },
    { key: 'shop', width: 150, title: t('shipments.column.shop'), render: (_, r) => shopLabel(r.shopName, r.marketId) },
    {
      key: 'shipment',
      priority: 'key',
      width: 170,
      title: t('shipments.column.shipment'),
      render: (_, r) => `${r.shipmentCode} · ${r.warehouseCode}`,
    },
    { key: 'tracking', width: 150, title: t('shipments.column.tracking'), render: (_, r) => `${r.carrier} ${r.tracking}` },
    { key: 'eta', width: 100, title: t('shipments.column.eta'), render: (_, r) => r.eta },
    {
      key: 'shipped',
      priority: 'key',
      width: 80,
      align: 'right',
      title: t('shipments.column.shipped'),
      render: (_, r) => formatThousands(r.shipped),
    },
    {
      key: 'received',
      priority: 'key',
      width: 80,
      align: 'right',
      title: t('shipments.column.received'),
      render: (_, r) => formatThousands(r.received),
    },
  ];
}
