/**
 * A shipment batch's form (create; edit of the planned day, carrier and remark), its ship form
 * (carrier, tracking, ETD, ETA for every plan) on the kit's EditDrawer, and its detail on the
 * kit's DetailDrawer: the figures, the plans (add while open, remove) and the packing lines.
 */
import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/inventory/batches';
import { SHIPMENT_BATCH_MACHINE, type ShipmentBatch } from '@bo/contract/inventory/batches';
import { SHIPMENT_MODES, SHIPMENT_PLAN_MACHINE, TRANSIT_DAYS } from '@bo/contract/inventory/shipments';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/Can';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatDateTime, formatThousands } from '../../../../shared/format';
import { call } from '../../../../shared/http/http-client';
import { useTexts } from '../../../../shared/i18n/lang';
import { DetailDrawer } from '../../../../shared/kit/DetailDrawer';
import { EditDrawer, type Editor } from '../../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../../shared/kit/HistoryDrawer';
import { StateTag } from '../../../../shared/kit/StateTag';
import { shopLabel } from '../../../../shared/markets/markets';
import { userShopsQuery } from '../../../../shared/session/session-queries';
import {
  shipmentKeys,
  useAddBatchPlans,
  useBatch,
  useBatchCandidates,
  useRemoveBatchPlan,
  useSaveBatch,
  useShipBatch,
} from '../shipments.queries';

interface FormValues {
  shopId: number;
  warehouseId: number;
  mode: ShipmentBatch['mode'];
  shipOn: string | null;
  carrier: string;
  remark: string;
}

const useBatchWarehouses = () =>
  useQuery({
    queryKey: [...shipmentKeys.batches, 'warehouses'],
    queryFn: ({ signal }) => call(ep.batchWarehouses, {}, { signal }),
    staleTime: 300_000,
  });

export function BatchFormDrawer({ editor, onClose }: { editor: Editor<ShipmentBatch> | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const save = useSaveBatch();
  const shops = useQuery(userShopsQuery());
  const warehouses = useBatchWarehouses();
  const fixed = (mode: string) => mode === 'edit';
  return (
    <EditDrawer<ShipmentBatch, FormValues, ShipmentBatch>
      editor={editor}
      onClose={onClose}
      title={(e) => (e.mode === 'edit' ? t('batches.editTitle', { code: e.record.code }) : t('batches.createTitle'))}
      schema={ep.createBatch.body}
      updateSchema={ep.updateBatch.body}
      width={560}
      drawerTestId="batch-drawer"
      saveTestId="batch-save"
      initialValues={(e) =>
        e.record
          ? {
              shopId: e.record.shopId,
              warehouseId: e.record.warehouseId,
              mode: e.record.mode,
              shipOn: e.record.shipOn,
              carrier: e.record.carrier,
              remark: e.record.remark,
            }
          : { mode: 'sea', shipOn: dayjs().add(7, 'day').format('YYYY-MM-DD'), carrier: '', remark: '' }
      }
      fields={[
        {
          name: 'shopId',
          label: t('batches.field.shopId'),
          span: 12,
          disabled: fixed,
          input: (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={shops.isPending}
              options={(shops.data ?? []).map((s) => ({ value: s.id, label: shopLabel(s.name, s.marketId) }))}
              data-testid="batch-shop"
            />
          ),
        },
        {
          name: 'warehouseId',
          label: t('batches.field.warehouseId'),
          span: 12,
          disabled: fixed,
          input: (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={warehouses.isPending}
              options={(warehouses.data ?? []).map((w) => ({
                value: w.id,
                label: `${w.code} · ${lang === 'zh-CN' ? w.name : w.nameEn}`,
              }))}
              data-testid="batch-warehouse"
            />
          ),
        },
        {
          name: 'mode',
          input: 'radio',
          label: t('batches.field.mode'),
          disabled: fixed,
          extra: t('batches.field.fixedHint'),
          options: SHIPMENT_MODES.map((m) => ({ value: m, label: t(`shipments.mode.${m}`) })),
          testId: 'batch-mode',
        },
        { name: 'shipOn', input: 'date', label: t('batches.field.shipOn'), span: 12, testId: 'batch-ship-on' },
        { name: 'carrier', label: t('batches.field.carrier'), span: 12, testId: 'batch-carrier' },
        { name: 'remark', input: 'textarea', label: t('batches.field.remark'), testId: 'batch-remark' },
      ]}
      onSubmit={(v, e) =>
        e.mode === 'edit'
          ? save.mutateAsync({
              id: e.record.id,
              edit: { version: e.record.version, shipOn: v.shipOn ?? null, carrier: v.carrier ?? '', remark: v.remark ?? '' },
            })
          : save.mutateAsync({
              id: null,
              create: { ...v, shipOn: v.shipOn ?? null, carrier: v.carrier ?? '', remark: v.remark ?? '' },
            })
      }
      savedText={(b) => t('batches.saved', { code: b.code })}
    />
  );
}

interface ShipValues {
  carrier: string;
  tracking: string;
  etd: string;
  eta: string;
}

export function ShipBatchDrawer({ editor, onClose }: { editor: Editor<ShipmentBatch> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ship = useShipBatch();
  return (
    <EditDrawer<ShipmentBatch, ShipValues, ShipmentBatch>
      editor={editor}
      onClose={onClose}
      title={(e) => t('batches.ship.title', { code: e.record?.code ?? '' })}
      schema={ep.shipBatch.body}
      width={520}
      drawerTestId="batch-ship-drawer"
      saveTestId="batch-ship-save"
      initialValues={(e) => {
        const etd = e.record?.shipOn && e.record.shipOn >= dayjs().format('YYYY-MM-DD') ? dayjs(e.record.shipOn) : dayjs();
        return {
          carrier: e.record?.carrier ?? '',
          tracking: '',
          etd: etd.format('YYYY-MM-DD'),
          eta: etd.add(TRANSIT_DAYS[e.record?.mode ?? 'sea'], 'day').format('YYYY-MM-DD'),
        };
      }}
      fields={[
        { name: 'carrier', label: t('shipments.ship.carrier'), span: 12, testId: 'batch-ship-carrier' },
        { name: 'tracking', label: t('shipments.ship.tracking'), span: 12, testId: 'batch-ship-tracking' },
        { name: 'etd', input: 'date', label: t('shipments.ship.etd'), span: 12, testId: 'batch-ship-etd' },
        {
          name: 'eta',
          input: 'date',
          label: t('shipments.ship.eta'),
          span: 12,
          testId: 'batch-ship-eta',
          extra: t('batches.ship.intro'),
        },
      ]}
      onSubmit={(v, e) =>
        ship.mutateAsync({ id: (e.record as ShipmentBatch).id, body: { version: (e.record as ShipmentBatch).version, ...v } })
      }
      savedText={(b) => t('batches.ship.saved', { code: b.code })}
    />
  );
}

/** Weight and volume, with what they leave out. */
export function loadText(b: { weightKg: number | null; volumeM3: number | null }): string {
  if (b.weightKg === null && b.volumeM3 === null) return '-';
  return `${b.weightKg === null ? '-' : `${formatThousands(b.weightKg)} kg`} / ${b.volumeM3 === null ? '-' : `${b.volumeM3} m³`}`;
}

function AddPlans({ batch }: { batch: ShipmentBatch }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const candidates = useBatchCandidates(batch.id);
  const add = useAddBatchPlans();
  const [picked, setPicked] = useState<number[]>([]);
  return (
    <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
      <Select
        mode="multiple"
        style={{ flex: 1 }}
        value={picked}
        onChange={setPicked}
        loading={candidates.isPending}
        placeholder={t('batches.detail.addPlaceholder')}
        notFoundContent={t('batches.detail.noCandidates')}
        options={(candidates.data ?? []).map((p) => ({
          value: p.id,
          label: `${p.code} · ${formatThousands(p.units)} / ${p.cartons} · ${p.skus} SKU`,
        }))}
        data-testid="batch-add-pick"
      />
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={picked.length === 0}
        loading={add.isPending}
        onClick={() =>
          void add
            .mutateAsync({ id: batch.id, version: batch.version, planIds: picked })
            .then(() => {
              setPicked([]);
              notify.success(t('batches.detail.added', { n: picked.length }));
            })
            .catch(notify.failure)
        }
        data-testid="batch-add"
      >
        {t('batches.detail.add')}
      </Button>
    </Space.Compact>
  );
}

function BatchContents({ batch }: { batch: ShipmentBatch }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const can = useCan();
  const remove = useRemoveBatchPlan();
  const open = batch.state === 'open';
  const mayEdit = can('scm:shipment:batch:edit');
  return (
    <>
      <Typography.Title level={5}>{t('batches.detail.plans')}</Typography.Title>
      {open && mayEdit && <AddPlans batch={batch} />}
      {!open && batch.state !== 'cancelled' && batch.state !== 'shipped' && (
        <Alert type="info" showIcon title={t('batches.detail.onlyOpen')} style={{ marginBottom: 12 }} />
      )}
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={batch.planList}
        locale={{ emptyText: t('batches.detail.empty') }}
        data-testid="batch-plans"
        columns={[
          {
            key: 'code',
            title: t('shipments.column.code'),
            render: (_, p) => <span data-testid={`batch-plan-${p.id}`}>{p.code}</span>,
          },
          {
            key: 'state',
            title: t('shipments.column.state'),
            render: (_, p) => <StateTag machine={SHIPMENT_PLAN_MACHINE} state={p.state} />,
          },
          { key: 'skus', title: t('shipments.column.skus'), align: 'right', render: (_, p) => p.skus },
          { key: 'cartons', title: t('shipments.column.cartons'), align: 'right', render: (_, p) => p.cartons },
          { key: 'units', title: t('batches.column.units'), align: 'right', render: (_, p) => formatThousands(p.units) },
          { key: 'shipment', title: t('shipments.column.shipment'), render: (_, p) => p.shipmentCode ?? '-' },
          {
            key: 'actions',
            title: '',
            render: (_, p) =>
              open && mayEdit ? (
                <Popconfirm
                  title={t('batches.detail.confirmRemove', { code: p.code })}
                  onConfirm={() =>
                    remove
                      .mutateAsync({ id: batch.id, version: batch.version, planId: p.id })
                      .then(() => notify.success(t('batches.detail.removed', { code: p.code })))
                      .catch(notify.failure)
                  }
                  okButtonProps={{ 'data-testid': `batch-remove-ok-${p.id}` } as never}
                >
                  <Button type="link" size="small" danger data-testid={`batch-remove-${p.id}`}>
                    {t('batches.detail.remove')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('batches.detail.lines')}
      </Typography.Title>
      {batch.unitsWithoutInfo > 0 && (
        <Typography.Paragraph type="secondary">
          {t('batches.detail.withoutInfo', { units: formatThousands(batch.unitsWithoutInfo) })}
        </Typography.Paragraph>
      )}
      <Table
        size="small"
        rowKey={(l) => `${l.planId}-${l.sku}`}
        pagination={false}
        dataSource={batch.lines}
        scroll={{ x: 'max-content' }}
        data-testid="batch-lines"
        columns={[
          { key: 'plan', title: t('shipments.column.code'), render: (_, l) => l.planCode },
          { key: 'sku', title: 'SKU', render: (_, l) => l.sku },
          { key: 'fnsku', title: 'FNSKU', render: (_, l) => l.fnsku ?? '-' },
          {
            key: 'product',
            title: t('batches.dl.column.product'),
            render: (_, l) => (lang === 'zh-CN' ? l.productName : (l.productNameEn ?? l.productName)) ?? '-',
          },
          { key: 'upc', title: t('batches.dl.column.unitsPerCarton'), align: 'right', render: (_, l) => l.unitsPerCarton },
          { key: 'cartons', title: t('shipments.column.cartons'), align: 'right', render: (_, l) => l.cartons },
          { key: 'units', title: t('batches.column.units'), align: 'right', render: (_, l) => formatThousands(l.units) },
        ]}
      />
    </>
  );
}

export function BatchDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const batch = useBatch(id);
  const [history, setHistory] = useState(false);
  return (
    <>
      <DetailDrawer<ShipmentBatch>
        open={id !== null}
        onClose={onClose}
        title={t('batches.detail.title', { code: batch.data?.code ?? '' })}
        testId="batch-detail"
        query={batch}
        width={860}
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} data-testid="batch-detail-history">
            {t('batches.history')}
          </Button>
        }
        fields={[
          {
            key: 'state',
            label: t('batches.column.state'),
            render: (b) => <StateTag machine={SHIPMENT_BATCH_MACHINE} state={b.state} testId="batch-detail-state" />,
          },
          { key: 'shop', label: t('batches.column.shop'), render: (b) => shopLabel(b.shopName, b.marketId) },
          { key: 'warehouse', label: t('batches.column.warehouse'), render: (b) => b.warehouseCode },
          { key: 'mode', label: t('batches.column.mode'), render: (b) => t(`shipments.mode.${b.mode}`) },
          { key: 'shipOn', label: t('batches.column.shipOn'), render: (b) => b.shipOn ?? '-' },
          { key: 'carrier', label: t('batches.field.carrier'), render: (b) => b.carrier || '-' },
          {
            key: 'totals',
            label: `${t('batches.column.plans')} · ${t('batches.column.cartons')} · ${t('batches.column.units')}`,
            render: (b) => (
              <span data-testid="batch-detail-totals">
                {b.plans} / {b.skus} · {b.cartons} · {formatThousands(b.units)}
              </span>
            ),
          },
          { key: 'load', label: t('batches.column.load'), render: (b) => loadText(b) },
          { key: 'tracking', label: t('shipments.ship.tracking'), render: (b) => b.tracking ?? '-', hidden: (b) => !b.tracking },
          { key: 'days', label: t('batches.column.etaEtd'), render: (b) => `${b.etd} → ${b.eta}`, hidden: (b) => !b.etd },
          {
            key: 'lists',
            label: t('batches.deliveryLists'),
            render: (b) => t('batches.detail.deliveryLists', { n: b.deliveryLists }),
          },
          { key: 'remark', label: t('batches.field.remark'), span: 2, render: (b) => b.remark || '-' },
          {
            key: 'createdAt',
            label: t('batches.column.createdAt'),
            render: (b) => `${formatDateTime(b.createdAt)}${b.createdBy ? ` · ${b.createdBy}` : ''}`,
          },
        ]}
      >
        {(b) => <BatchContents batch={b} />}
      </DetailDrawer>
      <HistoryDrawer
        entity="shipment_batch"
        entityId={history ? id : null}
        name={batch.data?.code ?? ''}
        onClose={() => setHistory(false)}
      />
    </>
  );
}
