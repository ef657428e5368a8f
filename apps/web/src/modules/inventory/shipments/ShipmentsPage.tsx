import * as ep from '@bo/contract/inventory/shipments';
import { SHIPMENT_PLAN_MACHINE, SHIPMENT_STATES, type ShipmentRow } from '@bo/contract/inventory/shipments';
import { Typography } from 'antd';
import { formatThousands } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { StateTag } from '../../../shared/kit/StateTag';
import { useKitList } from '../../../shared/kit/use-list-query';
import { shopLabel } from '../../../shared/markets/markets';
import { modeFilter, searchAndShop, stateFilter } from './components/list-filters';
import { shipmentKeys } from './shipments.queries';

/** /shipments: the shipments of shipped plans with mode, carrier, tracking, ETD / ETA and what has arrived. */
export default function ShipmentsPage() {
  const { t, lang } = useTexts();
  const list = useKitList(ep.listShipments, shipmentKeys.shipments);
  const columns: KitColumn<ShipmentRow>[] = [
    {
      key: 'code',
      priority: 'key',
      width: 150,
      title: t('shipments.column.shipment'),
      render: (_, r) => (
        <Typography.Text strong data-testid={`shipment-${r.code}`}>
          {r.code}
        </Typography.Text>
      ),
    },
    { key: 'planCode', priority: 'key', width: 110, title: t('shipments.column.code'), render: (_, r) => r.planCode },
    {
      key: 'state',
      priority: 'key',
      width: 96,
      title: t('shipments.column.state'),
      render: (_, r) => <StateTag machine={SHIPMENT_PLAN_MACHINE} state={r.state} />,
    },
    { key: 'shop', width: 150, title: t('shipments.column.shop'), render: (_, r) => shopLabel(r.shopName, r.marketId) },
    { key: 'warehouse', width: 100, title: t('shipments.column.warehouse'), render: (_, r) => r.warehouseCode },
    { key: 'mode', width: 80, title: t('shipments.column.mode'), render: (_, r) => t(`shipments.mode.${r.mode}`) },
    { key: 'carrier', width: 150, title: t('shipments.column.tracking'), render: (_, r) => `${r.carrier} ${r.tracking}` },
    { key: 'etd', sortable: true, priority: 'key', width: 100, title: t('shipments.column.etd'), render: (_, r) => r.etd },
    { key: 'eta', sortable: true, priority: 'key', width: 100, title: t('shipments.column.eta'), render: (_, r) => r.eta },
    {
      key: 'shipped',
      sortable: true,
      priority: 'key',
      width: 130,
      align: 'right',
      title: `${t('shipments.column.shipped')} / ${t('shipments.column.received')}`,
      render: (_, r) => `${formatThousands(r.shipped)} / ${formatThousands(r.received)}`,
    },
    { key: 'receivedOn', width: 100, title: t('shipments.column.receivedOn'), render: (_, r) => r.receivedOn ?? '-' },
  ];
  return (
    <ListPage
      testId="page-shipments"
      texts="shipments.shipments"
      list={list}
      filters={[
        ...searchAndShop(t, { placeholder: t('shipments.search'), width: 260, testId: 'shipments-search' }),
        stateFilter(SHIPMENT_PLAN_MACHINE, SHIPMENT_STATES, lang === 'zh-CN', {
          placeholder: t('shipments.shipments.allStates'),
          width: 140,
        }),
        modeFilter(t),
      ]}
      columns={columns}
      tableId="shipments.shipments"
      rowKey="id"
      tableTestId="shipments-table"
      emptyText={t('shipments.shipments.empty')}
    />
  );
}
