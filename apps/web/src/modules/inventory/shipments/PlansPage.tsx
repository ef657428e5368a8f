import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/inventory/shipments';
import {
  type PlanSummary,
  SHIPMENT_PLAN_MACHINE,
  SHIPMENT_PLAN_STATES,
  type ShipmentPlan,
  type ShipmentPlanAction,
} from '@bo/contract/inventory/shipments';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Can, useCan } from '../../../shared/Can';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime, formatThousands } from '../../../shared/format';
import { call } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import type { Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { useKitList } from '../../../shared/kit/use-list-query';
import { shopLabel } from '../../../shared/markets/markets';
import { actionsColumn } from '../../../shared/table/FitTable';
import { modeFilter, searchAndShop, stateFilter } from './components/list-filters';
import { PlanDrawer } from './components/PlanDrawer';
import { BatchDrawer, ReceiveDrawer, ShipDrawer } from './components/ShipDrawers';
import { shipmentKeys, useDeletePlan, useMovePlan } from './shipments.queries';

type Drawer = 'plan' | 'batch' | 'ship' | 'receive';

/**
 * /inventory/planMgr: shipment plans with their state and the actions it allows; the plan's
 * form opens here (and from /inventory/createPlan, /editShipmentPlan?id=, which open this page
 * with the form: `open`).
 */
export default function PlansPage({ open }: { open?: 'create' | 'edit' }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const can = useCan();
  const client = useQueryClient();
  const list = useKitList(ep.listPlans, shipmentKeys.plans);
  const move = useMovePlan();
  const del = useDeletePlan();
  const [params] = useSearchParams();
  const [drawer, setDrawer] = useState<{ kind: Drawer; editor: Editor<ShipmentPlan> } | null>(null);
  const [history, setHistory] = useState<PlanSummary | null>(null);

  const full = (id: number) =>
    client.fetchQuery({ queryKey: shipmentKeys.plan(id), queryFn: () => call(ep.getPlan, { params: { id } }), staleTime: 0 });
  const openWith = async (kind: Drawer, p: PlanSummary) => {
    try {
      setDrawer({ kind, editor: { mode: 'edit', record: await full(p.id) } });
    } catch (err) {
      notify.failure(err);
    }
  };

  const wanted = open === 'edit' ? Number(params.get('id')) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per route and id, not again when the helpers change
  useEffect(() => {
    if (open === 'create') setDrawer({ kind: 'plan', editor: { mode: 'create' } });
    else if (wanted)
      void full(wanted)
        .then((record) => setDrawer({ kind: 'plan', editor: { mode: 'edit', record } }))
        .catch(notify.failure);
  }, [open, wanted]);

  const run = async (p: PlanSummary, action: ShipmentPlanAction) => {
    if (action === 'batch' || action === 'ship' || action === 'receive') return openWith(action, p);
    // Undoing a ship is /shipmentManageNext's delete (allow() leaves it out here).
    if (action === 'unship') return;
    try {
      await move.mutateAsync({ id: p.id, body: { action, version: p.version } });
      const label = SHIPMENT_PLAN_MACHINE.transitions.find((x) => x.action === action)?.label;
      notify.success(t('shipments.plans.moved', { code: p.code, action: label?.[lang === 'zh-CN' ? 'zh' : 'en'] ?? action }));
    } catch (err) {
      notify.failure(err);
    }
  };
  const allow = (a: ShipmentPlanAction) =>
    a === 'unship' ? false : a === 'ship' || a === 'receive' ? can('scm:shipment:list:edit') : can('scm:inventory:plan:edit');

  const columns: KitColumn<PlanSummary>[] = [
    {
      key: 'code',
      sortable: true,
      priority: 'key',
      width: 120,
      title: t('shipments.column.code'),
      render: (_, p) => (
        <Typography.Text strong data-testid={`plan-code-${p.id}`}>
          {p.code}
        </Typography.Text>
      ),
    },
    {
      key: 'state',
      priority: 'key',
      width: 96,
      title: t('shipments.column.state'),
      render: (_, p) => <StateTag machine={SHIPMENT_PLAN_MACHINE} state={p.state} testId={`plan-state-${p.id}`} />,
    },
    {
      key: 'shop',
      priority: 'key',
      width: 150,
      title: t('shipments.column.shop'),
      render: (_, p) => shopLabel(p.shopName, p.marketId),
    },
    { key: 'warehouse', width: 100, title: t('shipments.column.warehouse'), render: (_, p) => p.warehouseCode },
    { key: 'mode', width: 80, title: t('shipments.column.mode'), render: (_, p) => t(`shipments.mode.${p.mode}`) },
    {
      key: 'quantity',
      sortable: true,
      priority: 'key',
      width: 150,
      align: 'right',
      title: t('shipments.column.quantity'),
      render: (_, p) => (
        <span data-testid={`plan-qty-${p.id}`}>
          {formatThousands(p.quantity)} · {p.cartons} / {p.skus}
        </span>
      ),
    },
    {
      key: 'received',
      width: 110,
      align: 'right',
      title: `${t('shipments.column.shipped')} / ${t('shipments.column.received')}`,
      render: (_, p) => (p.shipped ? `${formatThousands(p.shipped)} / ${formatThousands(p.received)}` : '-'),
    },
    {
      key: 'batch',
      width: 100,
      title: t('shipments.column.batch'),
      render: (_, p) =>
        p.batchId !== null ? (
          <Link to={`/shipmentBatch?batch=${p.batchId}`} data-testid={`plan-batch-${p.id}`}>
            {p.batchNo}
          </Link>
        ) : (
          (p.batchNo ?? '-')
        ),
    },
    { key: 'eta', sortable: true, width: 100, title: t('shipments.column.eta'), render: (_, p) => p.shipment?.eta ?? '-' },
    {
      key: 'createdAt',
      sortable: true,
      priority: 'detail',
      width: 150,
      title: t('shipments.column.createdAt'),
      render: (_, p) => `${formatDateTime(p.createdAt)}${p.createdBy ? ` · ${p.createdBy}` : ''}`,
    },
    actionsColumn(t, 250, (_, p) => (
      <Space size={4} wrap>
        <StateActions
          machine={SHIPMENT_PLAN_MACHINE}
          state={p.state}
          allow={(a) => allow(a) && !(a === 'ship' && p.batchId !== null)}
          onAction={(a) => void run(p, a)}
          busy={move.isPending && move.variables?.id === p.id ? (move.variables.body.action as ShipmentPlanAction) : null}
          testIdPrefix={`plan-${p.id}`}
        />
        {p.state === 'draft' && (
          <Can permission="scm:inventory:plan:edit">
            <Button type="link" size="small" onClick={() => void openWith('plan', p)} data-testid={`plan-edit-${p.id}`}>
              {t('shipments.plans.edit')}
            </Button>
          </Can>
        )}
        {p.state === 'draft' && (
          <Can permission="scm:inventory:plan:delete">
            <DeleteAction
              title={t('shipments.plans.confirmDelete', { code: p.code })}
              onConfirm={() =>
                void del
                  .mutateAsync(p.id)
                  .then(() => notify.success(t('shipments.plans.deleted', { code: p.code })))
                  .catch(notify.failure)
              }
              testId={`plan-delete-${p.id}`}
            />
          </Can>
        )}
        <Button
          type="link"
          size="small"
          icon={<HistoryOutlined />}
          onClick={() => setHistory(p)}
          data-testid={`plan-history-${p.id}`}
        >
          {t('shipments.plans.history')}
        </Button>
      </Space>
    )),
  ];

  const close = () => setDrawer(null);
  const editorOf = (kind: Drawer) => (drawer?.kind === kind ? drawer.editor : null);
  return (
    <>
      <ListPage
        testId="page-shipment-plans"
        texts="shipments.plans"
        list={list}
        filters={[
          ...searchAndShop(t, { placeholder: t('shipments.search'), width: 260, testId: 'plans-search' }),
          stateFilter(SHIPMENT_PLAN_MACHINE, SHIPMENT_PLAN_STATES, lang === 'zh-CN', {
            placeholder: t('shipments.allStates'),
            width: 130,
            testId: 'plans-state',
          }),
          modeFilter(t),
        ]}
        toolbar={
          <Can permission="scm:inventory:plan:create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ kind: 'plan', editor: { mode: 'create' } })}
              data-testid="plan-create"
            >
              {t('shipments.plans.create')}
            </Button>
          </Can>
        }
        columns={columns}
        tableId="shipments.plans"
        rowKey="id"
        tableTestId="plans-table"
        emptyText={t('shipments.plans.empty')}
      />
      <PlanDrawer editor={editorOf('plan')} onClose={close} />
      <BatchDrawer editor={editorOf('batch')} onClose={close} />
      <ShipDrawer editor={editorOf('ship')} onClose={close} />
      <ReceiveDrawer editor={editorOf('receive')} onClose={close} />
      <HistoryDrawer
        entity="shipment_plan"
        entityId={history?.id ?? null}
        name={history?.code ?? ''}
        onClose={() => setHistory(null)}
      />
    </>
  );
}
