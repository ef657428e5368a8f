/**
 * The plan actions that take input, each on the kit's EditDrawer: batch (an open shipment batch),
 * ship (mode, carrier, tracking, shipment id, ETD and ETA) and receive (units per line, in
 * part if need be). Dates are picked as days and sent as YYYY-MM-DD.
 */
import * as ep from '@bo/contract/inventory/shipments';
import { SHIPMENT_MODES, type ShipmentPlan, TRANSIT_DAYS } from '@bo/contract/inventory/shipments';
import { DatePicker, Form, InputNumber, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditDrawer, type Editor } from '../../../../shared/kit/EditDrawer';
import { useMovePlan, usePlanBatches, useReceivePlan, useShipPlan } from '../shipments.queries';

const DAY = 'YYYY-MM-DD';
const dayRule = [{ required: true }];

/** Batch: the plan joins one of the open batches of its shop, destination and mode (made on /shipmentBatch). */
export function BatchDrawer({ editor, onClose }: { editor: Editor<ShipmentPlan> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const move = useMovePlan();
  const batches = usePlanBatches(editor?.mode === 'edit' ? editor.record.id : null);
  const none = batches.isSuccess && batches.data.length === 0;
  return (
    <EditDrawer<ShipmentPlan, { batchId: number }, ShipmentPlan>
      editor={editor}
      onClose={onClose}
      title={(e) => t('shipments.plans.batchTitle', { code: e.record?.code ?? '' })}
      schema={ep.movePlan.body}
      width={480}
      drawerTestId="plan-batch-drawer"
      saveTestId="plan-batch-save"
      initialValues={() => ({ batchId: batches.data?.[0]?.id as number })}
      fields={[
        {
          name: 'batchId',
          label: t('batches.plan.pick'),
          extra: none ? (
            <Typography.Text type="warning" data-testid="plan-batch-none">
              {t('batches.plan.none')} <Link to="/shipmentBatch">{t('batches.title')}</Link>
            </Typography.Text>
          ) : (
            t('batches.plan.pickHint')
          ),
          rules: [{ required: true }],
          input: (
            <Select
              loading={batches.isPending}
              options={(batches.data ?? []).map((b) => ({
                value: b.id,
                label: t('batches.plan.option', { code: b.code, day: b.shipOn ?? t('batches.plan.noDay'), plans: b.plans }),
              }))}
              data-testid="plan-batch-pick"
            />
          ),
        },
      ]}
      onSubmit={(v, e) =>
        move.mutateAsync({
          id: (e.record as ShipmentPlan).id,
          body: { action: 'batch', version: (e.record as ShipmentPlan).version, batchId: v.batchId },
        })
      }
      savedText={(p) => t('shipments.plans.moved', { code: p.code, action: `${t('shipments.column.batch')} ${p.batchNo ?? ''}` })}
    />
  );
}

interface ShipValues {
  mode: ShipmentPlan['mode'];
  carrier: string;
  tracking: string;
  code: string;
  etdDay: Dayjs;
  etaDay: Dayjs;
}

export function ShipDrawer({ editor, onClose }: { editor: Editor<ShipmentPlan> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ship = useShipPlan();
  return (
    <EditDrawer<ShipmentPlan, ShipValues, ShipmentPlan>
      editor={editor}
      onClose={onClose}
      title={(e) => t('shipments.ship.title', { code: e.record?.code ?? '' })}
      schema={ep.shipPlan.body}
      width={560}
      drawerTestId="plan-ship-drawer"
      saveTestId="plan-ship-save"
      initialValues={(e) => ({
        mode: e.record?.mode ?? 'sea',
        code: '',
        etdDay: dayjs(),
        etaDay: dayjs().add(TRANSIT_DAYS[e.record?.mode ?? 'sea'], 'day'),
      })}
      fields={[
        {
          name: 'mode',
          input: 'radio',
          label: t('shipments.column.mode'),
          options: SHIPMENT_MODES.map((m) => ({ value: m, label: t(`shipments.mode.${m}`) })),
          testId: 'ship-mode',
        },
        { name: 'carrier', label: t('shipments.ship.carrier'), span: 12, testId: 'ship-carrier' },
        { name: 'tracking', label: t('shipments.ship.tracking'), span: 12, testId: 'ship-tracking' },
        { name: 'code', label: t('shipments.ship.code'), extra: t('shipments.ship.codeHint'), testId: 'ship-code' },
        {
          name: 'etdDay',
          label: t('shipments.ship.etd'),
          span: 12,
          rules: dayRule,
          input: <DatePicker style={{ width: '100%' }} data-testid="ship-etd" />,
        },
        {
          name: 'etaDay',
          label: t('shipments.ship.eta'),
          span: 12,
          rules: dayRule,
          input: <DatePicker style={{ width: '100%' }} data-testid="ship-eta" />,
        },
      ]}
      onSubmit={(v, e) => {
        const p = e.record as ShipmentPlan;
        return ship.mutateAsync({
          id: p.id,
          body: {
            version: p.version,
            mode: v.mode,
            carrier: v.carrier,
            tracking: v.tracking,
            code: v.code ?? '',
            etd: v.etdDay.format(DAY),
            eta: v.etaDay.format(DAY),
          },
        });
      }}
      savedText={(p) => t('shipments.ship.saved', { code: p.code })}
    />
  );
}

interface ReceiveValues {
  receivedDay: Dayjs;
  qty: Record<string, number>;
}

function ReceiveLines({ plan }: { plan: ShipmentPlan }) {
  const { t } = useTranslation();
  return (
    <>
      {plan.lines.map((l) => {
        const open = l.shipped - l.received;
        return (
          <Form.Item
            key={l.id}
            name={['qty', String(l.id)]}
            label={
              <span>
                {l.sku} <Typography.Text type="secondary">{t('shipments.receive.open', { n: open })}</Typography.Text>
              </span>
            }
            rules={[{ type: 'integer', min: 0, max: open }]}
          >
            <InputNumber min={0} max={open} precision={0} style={{ width: 160 }} data-testid={`receive-qty-${l.sku}`} />
          </Form.Item>
        );
      })}
    </>
  );
}

export function ReceiveDrawer({ editor, onClose }: { editor: Editor<ShipmentPlan> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const receive = useReceivePlan();
  return (
    <EditDrawer<ShipmentPlan, ReceiveValues, ShipmentPlan>
      editor={editor}
      onClose={onClose}
      title={(e) => t('shipments.receive.title', { code: e.record?.code ?? '' })}
      schema={ep.receivePlan.body}
      width={520}
      drawerTestId="plan-receive-drawer"
      saveTestId="plan-receive-save"
      intro={() => <Typography.Paragraph type="secondary">{t('shipments.receive.intro')}</Typography.Paragraph>}
      initialValues={(e) => ({
        receivedDay: dayjs(),
        qty: Object.fromEntries((e.record?.lines ?? []).map((l) => [String(l.id), l.shipped - l.received])),
      })}
      fields={(e) => [
        {
          name: 'receivedDay',
          label: t('shipments.receive.receivedOn'),
          rules: dayRule,
          input: <DatePicker style={{ width: 200 }} data-testid="receive-day" />,
        },
        { name: 'qty', label: '', bare: true, input: <ReceiveLines plan={e.record as ShipmentPlan} /> },
      ]}
      onSubmit={(v, e) => {
        const p = e.record as ShipmentPlan;
        return receive.mutateAsync({
          id: p.id,
          body: {
            version: p.version,
            receivedOn: v.receivedDay.format(DAY),
            lines: p.lines.map((l) => ({ lineId: l.id, quantity: Number(v.qty?.[String(l.id)] ?? 0) })),
          },
        });
      }}
      savedText={(p) => t('shipments.receive.saved', { code: p.code })}
    />
  );
}
