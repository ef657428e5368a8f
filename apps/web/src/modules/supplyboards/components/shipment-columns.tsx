import { SHIPMENT_PLAN_MACHINE } from '@bo/contract/inventory/shipments';
import type { BoardShipment } from '@bo/contract/supplyboards/boards';
import { Progress, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatThousands } from '../../../shared/format';
import type { FilterField } from '../../../shared/kit/FilterBar';
import type { KitColumn } from '../../../shared/kit/ListPage';
import { StateTag } from '../../../shared/kit/StateTag';
import { shopLabel } from '../../../shared/markets/markets';

/** The shipment's code, linking to /shipmentSearch on it, and its plan, linking to the plan's form. */
function ShipmentCell({ r, t }: { r: BoardShipment; t: TFunction }) {
  return (
    <>
      <Link
        to={`/shipmentSearch?keyword=${encodeURIComponent(r.code)}`}
        title={t('supplyBoards.logistics.search')}
        data-testid={`board-shipment-${r.planId}`}
      >
        <Typography.Text strong>{r.code}</Typography.Text>
      </Link>
      <div>
        <Link to={`/editShipmentPlan?id=${r.planId}`} data-testid={`board-plan-${r.planId}`}>
          {r.planCode}
        </Link>
      </div>
    </>
  );
}

/** The days since ETA: red once past it. */
const DaysCell = ({ days }: { days: number }) => <Typography.Text type={days > 0 ? 'danger' : undefined}>{days}</Typography.Text>;

/** The columns both boards' shipment tables share; `progress` adds the receipt bar. */
export function boardShipmentColumns(t: TFunction, opts: { progress: boolean }): KitColumn<BoardShipment>[] {
  const cols: KitColumn<BoardShipment>[] = [
    {
      key: 'code',
      priority: 'key',
      width: 170,
      title: t('supplyBoards.column.shipment'),
      render: (_, r) => <ShipmentCell r={r} t={t} />,
    },
    {
      key: 'state',
      width: 96,
      title: t('shipments.column.state'),
      render: (_, r) => <StateTag machine={SHIPMENT_PLAN_MACHINE} state={r.state} />,
    },
    { key: 'shop', width: 150, title: t('supplyBoards.column.shop'), render: (_, r) => shopLabel(r.shopName, r.marketId) },
    { key: 'warehouse', width: 100, title: t('supplyBoards.column.warehouse'), render: (_, r) => r.warehouseCode },
    { key: 'mode', width: 80, title: t('supplyBoards.column.mode'), render: (_, r) => t(`shipments.mode.${r.mode}`) },
    {
      key: 'carrier',
      priority: 'detail',
      width: 160,
      title: t('supplyBoards.column.carrier'),
      render: (_, r) => `${r.carrier} ${r.tracking}`,
    },
    { key: 'etd', sortable: true, width: 100, title: t('supplyBoards.column.etd'), render: (_, r) => r.etd },
    { key: 'eta', sortable: true, priority: 'key', width: 100, title: t('supplyBoards.column.eta'), render: (_, r) => r.eta },
    {
      key: 'daysSinceEta',
      sortable: true,
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('supplyBoards.column.daysSinceEta'),
      render: (_, r) => <DaysCell days={r.daysSinceEta} />,
    },
  ];
  if (opts.progress)
    cols.push(
      {
        key: 'shipped',
        sortable: true,
        width: 130,
        align: 'right',
        title: `${t('supplyBoards.column.shipped')} / ${t('supplyBoards.column.received')}`,
        render: (_, r) => `${formatThousands(r.shipped)} / ${formatThousands(r.received)}`,
      },
      {
        key: 'progress',
        sortable: true,
        priority: 'key',
        width: 160,
        title: t('supplyBoards.column.progress'),
        render: (_, r) => (
          <Progress
            percent={r.shipped ? Math.round((r.received / r.shipped) * 100) : 0}
            size="small"
            data-testid={`board-progress-${r.planId}`}
          />
        ),
      },
    );
  else
    cols.push({
      key: 'remaining',
      sortable: true,
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('supplyBoards.column.remaining'),
      render: (_, r) => formatThousands(r.remaining),
    });
  return cols;
}

/** The shop and marketplace pickers of both boards. */
export function boardFilters(t: TFunction, prefix: string): FilterField<'shopId' | 'marketId'>[] {
  return [
    { kind: 'shop', key: 'shopId', placeholder: t('supplyBoards.allShops'), width: 170, testId: `${prefix}-shop` },
    { kind: 'market', key: 'marketId', placeholder: t('supplyBoards.allMarkets'), width: 140, testId: `${prefix}-market` },
  ];
}
