/**
 * /logisticsMgr: one row per shipment of our shipment plans with its estimated freight, its actual
 * cost (the freight bills), planned against actual transit and the late / on-time verdicts; the
 * filters, paging and sorting in the URL (the kit's list), `?ship=` opens a shipment's drawer with
 * its bills (ShipmentDrawer). docs/logistics.md "Shipments and freight bills".
 */
import { listShipmentCosts as ep, SHIPMENT_STATE_FILTER, type ShipmentCost } from '@bo/contract/logistics/shipment-costs';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { MarketTag } from '../../../shared/markets/MarketTag';
import { actionsColumn } from '../../../shared/table/FitTable';
import { useModeOptions } from '../carriers/mode-tags';
import { logisticsKeys } from '../logistics.queries';
import { ShipmentDrawer } from './ShipmentDrawer';
import { usd } from './shipment-format';
import { TransitTag } from './transit-tag';

export default function LogisticsMgrPage() {
  const { t } = useTranslation();
  const list = useKitList(ep, logisticsKeys.shipments);
  const modeOptions = useModeOptions();
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('ship')) || null;
  const setOpen = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('ship');
        else next.set('ship', String(id));
        return next;
      },
      { replace: true },
    );

  const columns: KitColumn<ShipmentCost>[] = [
    {
      key: 'code',
      sortable: true,
      priority: 'key',
      width: 170,
      title: t('logistics.mgr.column.code'),
      render: (_, s) => (
        <Button type="link" size="small" onClick={() => setOpen(s.id)} data-testid={`ship-open-${s.id}`} style={{ padding: 0 }}>
          {s.code}
        </Button>
      ),
    },
    {
      key: 'plan',
      priority: 'detail',
      width: 110,
      title: t('logistics.mgr.column.plan'),
      render: (_, s) => s.planCode,
    },
    {
      key: 'shop',
      priority: 'key',
      width: 150,
      ellipsis: true,
      title: t('logistics.mgr.column.shop'),
      render: (_, s) => (
        <Space size={4}>
          <MarketTag marketId={s.marketId} />
          {s.shopName}
        </Space>
      ),
    },
    {
      key: 'mode',
      priority: 'key',
      width: 80,
      title: t('logistics.mgr.column.mode'),
      render: (_, s) => t(`logistics.mode.${s.mode}`),
    },
    {
      key: 'carrier',
      priority: 'key',
      width: 100,
      ellipsis: true,
      title: t('logistics.mgr.column.carrier'),
      render: (_, s) => s.carrier,
    },
    { key: 'tracking', priority: 'detail', width: 140, title: t('logistics.mgr.column.tracking'), render: (_, s) => s.tracking },
    { key: 'etd', sortable: true, priority: 'key', width: 110, title: t('logistics.mgr.column.etd'), render: (_, s) => s.etd },
    { key: 'eta', sortable: true, priority: 'detail', width: 110, title: t('logistics.mgr.column.eta'), render: (_, s) => s.eta },
    {
      key: 'units',
      sortable: true,
      priority: 'detail',
      width: 90,
      align: 'right',
      title: t('logistics.mgr.column.units'),
      render: (_, s) => s.units.toLocaleString(),
    },
    {
      key: 'estimated',
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('logistics.mgr.column.estimated'),
      render: (_, s) =>
        s.estimatedUsd === null ? (
          <Typography.Text type="secondary">{t('logistics.mgr.noEstimate')}</Typography.Text>
        ) : (
          usd(s.estimatedUsd)
        ),
    },
    {
      key: 'actualUsd',
      sortable: true,
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('logistics.mgr.column.actual'),
      render: (_, s) =>
        s.bills === 0 ? <Typography.Text type="secondary">{t('logistics.mgr.noBill')}</Typography.Text> : usd(s.actualUsd),
    },
    {
      key: 'variance',
      priority: 'detail',
      width: 100,
      align: 'right',
      title: t('logistics.mgr.column.variance'),
      render: (_, s) =>
        s.varianceUsd === null ? (
          '—'
        ) : (
          <Typography.Text type={s.varianceUsd > 0 ? 'danger' : 'success'}>
            {s.varianceUsd > 0 ? '+' : ''}
            {usd(s.varianceUsd)}
          </Typography.Text>
        ),
    },
    {
      key: 'transit',
      priority: 'key',
      width: 130,
      align: 'right',
      title: t('logistics.mgr.column.transit'),
      render: (_, s) => `${s.actualDays ?? '—'} / ${s.plannedDays}`,
    },
    {
      key: 'state',
      priority: 'key',
      width: 110,
      title: t('logistics.mgr.column.state'),
      render: (_, s) => (
        <Tooltip title={s.lastReceiptDay ? `${t('logistics.mgr.field.lastReceipt')} ${s.lastReceiptDay}` : undefined}>
          <span>
            <TransitTag s={s} />
          </span>
        </Tooltip>
      ),
    },
    actionsColumn(t, 80, (_, s) => (
      <Button type="link" size="small" onClick={() => setOpen(s.id)} data-testid={`ship-detail-${s.id}`}>
        {t('logistics.mgr.open')}
      </Button>
    )),
  ];

  return (
    <>
      <ListPage
        testId="page-logistics-mgr"
        texts="logistics.mgr"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('logistics.mgr.search'), maxLength: 100, testId: 'ship-search' },
          { kind: 'shop', key: 'shopId', width: 170 },
          { kind: 'market', key: 'marketId', width: 140 },
          { kind: 'select', key: 'mode', placeholder: t('logistics.mgr.allModes'), width: 130, options: modeOptions },
          {
            kind: 'text',
            key: 'carrier',
            placeholder: t('logistics.mgr.carrier'),
            maxLength: 100,
            width: 170,
            testId: 'ship-carrier',
          },
          { kind: 'date-range', key: 'etdFrom', to: 'etdTo', testId: 'ship-etd' },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('logistics.mgr.allStates'),
            width: 130,
            options: SHIPMENT_STATE_FILTER.map((v) => ({ value: v, label: t(`logistics.mgr.state.${v}`) })),
            testId: 'ship-state',
          },
        ]}
        columns={columns}
        tableId="logistics.shipments"
        rowKey="id"
        tableTestId="shipments-table"
        emptyText={t('logistics.mgr.empty')}
      />
      <ShipmentDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
