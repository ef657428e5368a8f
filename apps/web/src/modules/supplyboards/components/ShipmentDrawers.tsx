/**
 * /shipmentManageNext's forms on the kit's EditDrawer: a new shipment (a confirmed plan in no batch, its mode,
 * carrier, tracking, shipment id, ETD and ETA) and a shipment's edit (the same fields but the plan and mode, under
 * the plan's version: a stale one shows the kit's banner with Reload). Days are the contract's `YYYY-MM-DD`.
 */

import {
  type PlanSummary,
  SHIPMENT_MODES,
  type ShipmentMode,
  type ShipmentPlan,
  TRANSIT_DAYS,
} from '@bo/contract/inventory/shipments';
import * as manage from '@bo/contract/supplyboards/manage';
import dayjs from 'dayjs';
import { useTexts } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor, type FormField } from '../../../shared/kit/EditDrawer';
import { shopLabel } from '../../../shared/markets/markets';
import { fetchShipment, useCreateShipment, useShippablePlans, useUpdateShipment } from '../supplyboards.queries';

const DAY = 'YYYY-MM-DD';

interface ShipmentValues {
  carrier: string;
  tracking: string;
  code: string;
  etd: string;
  eta: string;
}

interface CreateValues extends ShipmentValues {
  planId: number;
  mode: ShipmentMode;
}

function shipmentFields(t: ReturnType<typeof useTexts>['t'], prefix: string): FormField<ShipmentValues>[] {
  return [
    { name: 'carrier', label: t('shipments.ship.carrier'), span: 12, testId: `${prefix}-carrier` },
    { name: 'tracking', label: t('shipments.ship.tracking'), span: 12, testId: `${prefix}-tracking` },
    { name: 'code', label: t('shipments.ship.code'), extra: t('shipments.ship.codeHint'), testId: `${prefix}-code` },
    { name: 'etd', input: 'date', label: t('shipments.ship.etd'), span: 12, testId: `${prefix}-etd` },
    { name: 'eta', input: 'date', label: t('shipments.ship.eta'), span: 12, testId: `${prefix}-eta` },
  ];
}

/** Create: ship one of the confirmed plans in no batch (the server refuses any other with a 409). */
export function CreateShipmentDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTexts();
  const plans = useShippablePlans('', open);
  const create = useCreateShipment();
  const byId = new Map((plans.data ?? []).map((p) => [p.id, p]));
  const label = (p: PlanSummary) =>
    t('supplyBoards.manage.planOption', {
      code: p.code,
      shop: shopLabel(p.shopName, p.marketId),
      warehouse: p.warehouseCode,
      units: p.quantity,
    });
  const today = dayjs().format(DAY);
  const editor: Editor<ShipmentPlan> | null = open ? { mode: 'create' } : null;
  return (
    <EditDrawer<ShipmentPlan, CreateValues, ShipmentPlan>
      editor={editor}
      onClose={onClose}
      title={() => t('supplyBoards.manage.createTitle')}
      schema={manage.createShipment.body}
      width={600}
      drawerTestId="shipment-create-drawer"
      saveTestId="shipment-create-save"
      intro={() => t('supplyBoards.manage.createIntro')}
      initialValues={() => ({ mode: 'sea', code: '', etd: today, eta: dayjs().add(TRANSIT_DAYS.sea, 'day').format(DAY) })}
      fields={[
        {
          name: 'planId',
          input: 'select',
          label: t('supplyBoards.manage.plan'),
          options: (plans.data ?? []).map((p) => ({ value: p.id, label: label(p) })),
          extra: plans.isSuccess && plans.data.length === 0 ? t('supplyBoards.manage.noPlans') : undefined,
          testId: 'shipment-create-plan',
          // The plan's own mode, and an ETA by its transit days.
          effects: (value, values) => {
            const p = byId.get(Number(value));
            if (!p) return {};
            return {
              mode: p.mode,
              eta: dayjs(values.etd || today)
                .add(TRANSIT_DAYS[p.mode], 'day')
                .format(DAY),
            };
          },
        },
        {
          name: 'mode',
          input: 'radio',
          label: t('shipments.column.mode'),
          options: SHIPMENT_MODES.map((m) => ({ value: m, label: t(`shipments.mode.${m}`) })),
          testId: 'shipment-create-mode',
        },
        ...(shipmentFields(t, 'shipment-create') as FormField<CreateValues>[]),
      ]}
      onSubmit={(v) => {
        const p = byId.get(v.planId);
        return create.mutateAsync({ ...v, code: v.code ?? '', version: p?.version ?? 1 });
      }}
      savedText={(p) => t('shipments.ship.saved', { code: p.code })}
    />
  );
}

/** Edit: the shipment's carrier, tracking, id and days, under the plan's version. */
export function EditShipmentDrawer({
  editor,
  onClose,
  onHistory,
}: {
  editor: Editor<ShipmentPlan> | null;
  onClose: () => void;
  onHistory: (p: ShipmentPlan) => void;
}) {
  const { t } = useTexts();
  const update = useUpdateShipment();
  return (
    <EditDrawer<ShipmentPlan, ShipmentValues, ShipmentPlan>
      editor={editor}
      onClose={onClose}
      title={(e) => t('supplyBoards.manage.editTitle', { code: e.record?.shipment?.code ?? '', plan: e.record?.code ?? '' })}
      schema={manage.updateShipment.body}
      width={560}
      drawerTestId="shipment-edit-drawer"
      saveTestId="shipment-edit-save"
      initialValues={(e) => {
        const s = e.record?.shipment;
        return {
          carrier: s?.carrier ?? '',
          tracking: s?.tracking ?? '',
          code: s?.code ?? '',
          etd: s?.etd ?? '',
          eta: s?.eta ?? '',
        };
      }}
      fields={shipmentFields(t, 'shipment-edit')}
      onSubmit={(v, e) => {
        const p = e.record as ShipmentPlan;
        return update.mutateAsync({ planId: p.id, body: { ...v, code: v.code ?? '', version: p.version } });
      }}
      reload={(p) => fetchShipment(p.id).catch(() => null)}
      history={{ open: onHistory, testId: 'shipment-edit-history' }}
      savedText={(p) => t('supplyBoards.manage.saved', { code: p.shipment?.code ?? p.code })}
    />
  );
}
