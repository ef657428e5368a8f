/**
 * A shipment of /logisticsMgr in the kit's detail drawer: its figures (estimate and the card that
 * priced it, actual, transit, the verdict), then its freight bills with Add / Edit / Delete (the
 * kit's edit drawer and delete confirmation, behind the button permissions) and each bill's history.
 */
import {
  BILL_CURRENCIES,
  billBody,
  CHARGE_TYPES,
  type ChargeType,
  type FreightBill,
} from '@bo/contract/logistics/shipment-costs';
import { Alert, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/components/use-notify';
import { AddButton } from '../../../shared/kit/AddButton';
import { DetailDrawer } from '../../../shared/kit/DetailDrawer';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { RowActions } from '../../../shared/kit/RowActions';
import { MarketTag } from '../../../shared/markets/MarketTag';
import { actionsColumn, FitTable } from '../../../shared/table/FitTable';
import type { logisticsZhCN } from '../logistics.locale';
import { useBillCarriers, useDeleteBill, useSaveBill, useShipmentDetail } from '../logistics.queries';
import { amountIn, usd } from './shipment-format';
import { TransitTag } from './transit-tag';

interface Values {
  carrierId: number;
  billNo: string;
  chargeType: FreightBill['chargeType'];
  amount: number;
  currency: string;
  invoiceDay: string;
  remark: string;
}

export function ShipmentDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const detail = useShipmentDetail(id);
  const [editor, setEditor] = useState<Editor<FreightBill> | null>(null);
  const [historyOf, setHistoryOf] = useState<FreightBill | null>(null);
  const carriers = useBillCarriers(editor !== null);
  const save = useSaveBill();
  const del = useDeleteBill();
  const f = (k: keyof typeof logisticsZhCN.mgr.field) => t(`logistics.mgr.field.${k}`);
  const b = (k: keyof typeof logisticsZhCN.bills.field) => t(`logistics.bills.field.${k}`);
  const typeText = (c: ChargeType) => t(`logistics.bills.chargeType.${c}`);
  const carrierOptions = (carriers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }));

  return (
    <>
      <DetailDrawer
        open={id !== null}
        onClose={onClose}
        width={900}
        title={detail.data ? t('logistics.mgr.drawerTitle', { code: detail.data.shipment.code }) : ''}
        testId="shipment-drawer"
        query={detail}
        fields={[
          { key: 'plan', label: f('plan'), render: (d) => d.shipment.planCode },
          {
            key: 'shop',
            label: f('shop'),
            render: (d) => (
              <Space size={4}>
                <MarketTag marketId={d.shipment.marketId} />
                {d.shipment.shopName}
              </Space>
            ),
          },
          { key: 'warehouse', label: f('warehouse'), render: (d) => d.shipment.warehouseCode },
          { key: 'mode', label: f('mode'), render: (d) => t(`logistics.mode.${d.shipment.mode}`) },
          { key: 'carrier', label: f('carrier'), render: (d) => d.shipment.carrier },
          { key: 'tracking', label: f('tracking'), render: (d) => d.shipment.tracking },
          { key: 'etd', label: f('etd'), render: (d) => d.shipment.etd },
          { key: 'eta', label: f('eta'), render: (d) => d.shipment.eta },
          { key: 'lastReceipt', label: f('lastReceipt'), render: (d) => d.shipment.lastReceiptDay ?? '—' },
          {
            key: 'units',
            label: f('units'),
            render: (d) => `${d.shipment.units.toLocaleString()} / ${d.shipment.receivedUnits.toLocaleString()}`,
          },
          {
            key: 'size',
            label: f('size'),
            render: (d) => t('logistics.mgr.sizeValue', { kg: d.shipment.weightKg, cbm: d.shipment.cbm }),
          },
          {
            key: 'transit',
            label: f('transit'),
            render: (d) => (
              <Space size={4}>
                {`${d.shipment.actualDays ?? '—'} / ${d.shipment.plannedDays}`}
                <TransitTag s={d.shipment} />
              </Space>
            ),
          },
          {
            key: 'estimated',
            label: f('estimated'),
            testId: 'ship-estimated',
            render: (d) =>
              d.shipment.estimatedUsd === null ? (
                t('logistics.mgr.noEstimate')
              ) : (
                <Space direction="vertical" size={0}>
                  {usd(d.shipment.estimatedUsd)}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {d.shipment.estimateBasis === 'carrier'
                      ? t('logistics.mgr.estimateBy', { carrier: d.shipment.estimateCarrier })
                      : t('logistics.mgr.estimateCheapest', { carrier: d.shipment.estimateCarrier })}
                  </Typography.Text>
                </Space>
              ),
          },
          {
            key: 'actual',
            label: f('actual'),
            testId: 'ship-actual',
            render: (d) => (d.shipment.bills === 0 ? t('logistics.mgr.noBill') : usd(d.shipment.actualUsd)),
          },
        ]}
      >
        {(d) => (
          <>
            {d.shipment.unitsWithoutInfo > 0 && (
              <Alert type="warning" showIcon title={t('logistics.mgr.withoutInfo', { units: d.shipment.unitsWithoutInfo })} />
            )}
            {d.shipment.billsWithoutRate > 0 && (
              <Alert type="warning" showIcon title={t('logistics.mgr.withoutRate', { count: d.shipment.billsWithoutRate })} />
            )}
            <Space style={{ width: '100%', justifyContent: 'space-between', margin: '16px 0 8px' }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('logistics.bills.title')}
              </Typography.Title>
              <AddButton
                permission="sales:logistics:manage:create"
                onClick={() => setEditor({ mode: 'create' })}
                testId="bill-create"
              >
                {t('logistics.bills.create')}
              </AddButton>
            </Space>
            <FitTable<FreightBill>
              tableId="logistics.bills"
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.bills}
              data-testid="bills-table"
              locale={{ emptyText: t('logistics.bills.empty') }}
              columns={[
                { key: 'billNo', priority: 'key', width: 130, title: b('billNo'), render: (_, x) => x.billNo },
                { key: 'type', priority: 'key', width: 90, title: b('chargeType'), render: (_, x) => typeText(x.chargeType) },
                {
                  key: 'carrier',
                  priority: 'detail',
                  width: 150,
                  ellipsis: true,
                  title: b('carrierId'),
                  render: (_, x) => x.carrierName,
                },
                {
                  key: 'amount',
                  priority: 'key',
                  width: 120,
                  align: 'right',
                  title: b('amount'),
                  render: (_, x) => amountIn(x.amount, x.currency),
                },
                {
                  key: 'usd',
                  priority: 'key',
                  width: 100,
                  align: 'right',
                  title: b('amountUsd'),
                  render: (_, x) => (x.amountUsd === null ? '—' : usd(x.amountUsd)),
                },
                { key: 'day', priority: 'detail', width: 100, title: b('invoiceDay'), render: (_, x) => x.invoiceDay },
                {
                  key: 'remark',
                  priority: 'detail',
                  width: 120,
                  ellipsis: true,
                  title: b('remark'),
                  render: (_, x) => x.remark || '—',
                },
                actionsColumn(t, 170, (_, x) => (
                  <RowActions
                    prefix="bill"
                    id={x.id}
                    edit={{ permission: 'sales:logistics:manage:edit', onClick: () => setEditor({ mode: 'edit', record: x }) }}
                    onHistory={() => setHistoryOf(x)}
                    remove={{
                      permission: 'sales:logistics:manage:delete',
                      title: t('logistics.bills.confirmDelete', { billNo: x.billNo, type: typeText(x.chargeType) }),
                      onConfirm: () =>
                        void notify.run(() => del.mutateAsync(x.id), t('logistics.bills.deleted', { billNo: x.billNo })),
                    }}
                  />
                )),
              ]}
            />
          </>
        )}
      </DetailDrawer>
      <EditDrawer<FreightBill, Values, FreightBill>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('logistics.bills.editTitle') : t('logistics.bills.createTitle'))}
        schema={billBody.omit({ shipmentId: true })}
        fields={[
          {
            name: 'carrierId',
            input: 'select',
            label: b('carrierId'),
            options: carrierOptions,
            testId: 'bill-carrier',
          },
          { name: 'billNo', label: b('billNo'), span: 12, testId: 'bill-no' },
          {
            name: 'chargeType',
            input: 'select',
            label: b('chargeType'),
            span: 12,
            options: CHARGE_TYPES.map((c) => ({ value: c, label: typeText(c) })),
            testId: 'bill-type',
          },
          { name: 'amount', input: 'number', label: b('amount'), span: 12, precision: 2, testId: 'bill-amount' },
          {
            name: 'currency',
            input: 'select',
            label: b('currency'),
            span: 12,
            options: BILL_CURRENCIES.map((c) => ({ value: c, label: c })),
            testId: 'bill-currency',
          },
          { name: 'invoiceDay', input: 'date', label: b('invoiceDay'), span: 12, testId: 'bill-day' },
          { name: 'remark', input: 'textarea', label: b('remark') },
        ]}
        initialValues={(e) =>
          e.record
            ? { ...e.record }
            : { billNo: '', chargeType: 'freight', currency: 'USD', invoiceDay: dayjs().format('YYYY-MM-DD'), remark: '' }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : undefined,
            body: {
              shipmentId: id as number,
              carrierId: v.carrierId,
              billNo: v.billNo,
              chargeType: v.chargeType,
              amount: v.amount,
              currency: v.currency,
              invoiceDay: v.invoiceDay,
              remark: v.remark ?? '',
            },
          })
        }
        savedText={(x) => t('logistics.bills.saved', { billNo: x.billNo })}
        conflict={() => ({ field: 'billNo', text: t('logistics.bills.taken') })}
        testId="bill-form"
        saveTestId="bill-save"
      />
      <HistoryDrawer
        entity="logistics_bill"
        entityId={historyOf?.id ?? null}
        name={historyOf?.billNo ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          carrierId: b('carrierId'),
          billNo: b('billNo'),
          chargeType: b('chargeType'),
          amount: b('amount'),
          currency: b('currency'),
          invoiceDay: b('invoiceDay'),
          remark: b('remark'),
          shipmentId: t('logistics.mgr.column.code'),
          shopId: t('logistics.mgr.column.shop'),
        }}
      />
    </>
  );
}
