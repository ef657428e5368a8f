import { FileTextOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/inventory/batches';
import {
  BATCH_STATES,
  type BatchAction,
  type BatchSummary,
  SHIPMENT_BATCH_MACHINE,
  type ShipmentBatch,
} from '@bo/contract/inventory/batches';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Can, useCan } from '../../../shared/Can';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { ExportButton } from '../../../shared/components/ExportButton';
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
import { useLatestSearchParams } from '../../../shared/url-state';
import { BatchDetailDrawer, BatchFormDrawer, loadText, ShipBatchDrawer } from './components/BatchDrawers';
import { modeFilter, searchAndShop, stateFilter } from './components/list-filters';
import { exportBatches, shipmentKeys, useDeleteBatch, useMoveBatch } from './shipments.queries';

type Drawer = 'form' | 'ship';

/**
 * /shipmentBatch: batches of confirmed plans with their totals and state; a row opens the batch's
 * detail (`?batch=`: its plans, to add or take out while open, and its packing lines), and its
 * actions close it for loading, ship it (every plan), reopen or cancel it.
 */
export default function BatchesPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const can = useCan();
  const client = useQueryClient();
  const list = useKitList(ep.listBatches, shipmentKeys.batches);
  const move = useMoveBatch();
  const del = useDeleteBatch();
  const [params, setParams] = useLatestSearchParams();
  const detailId = Number(params.get('batch')) || null;
  const openDetail = (id: number | null) =>
    setParams(
      (p) => {
        if (id === null) p.delete('batch');
        else p.set('batch', String(id));
        return p;
      },
      { replace: true },
    );
  const [drawer, setDrawer] = useState<{ kind: Drawer; editor: Editor<ShipmentBatch> } | null>(null);
  const [history, setHistory] = useState<BatchSummary | null>(null);

  const openWith = async (kind: Drawer, b: BatchSummary) => {
    try {
      const record = await client.fetchQuery({
        queryKey: shipmentKeys.batch(b.id),
        queryFn: () => call(ep.getBatch, { params: { id: b.id } }),
        staleTime: 0,
      });
      setDrawer({ kind, editor: { mode: 'edit', record } });
    } catch (err) {
      notify.failure(err);
    }
  };

  const run = async (b: BatchSummary, action: BatchAction) => {
    if (action === 'ship') return openWith('ship', b);
    try {
      await move.mutateAsync({ id: b.id, body: { action, version: b.version } });
      const label = SHIPMENT_BATCH_MACHINE.transitions.find((x) => x.action === action)?.label;
      notify.success(t('batches.moved', { code: b.code, action: label?.[lang === 'zh-CN' ? 'zh' : 'en'] ?? action }));
    } catch (err) {
      notify.failure(err);
    }
  };

  const { pageNum: _n, pageSize: _s, ...query } = list.query;
  const columns: KitColumn<BatchSummary>[] = [
    {
      key: 'code',
      sortable: true,
      priority: 'key',
      width: 110,
      title: t('batches.column.code'),
      render: (_, b) => (
        <Typography.Link strong onClick={() => openDetail(b.id)} data-testid={`batch-code-${b.id}`}>
          {b.code}
        </Typography.Link>
      ),
    },
    {
      key: 'state',
      priority: 'key',
      width: 110,
      title: t('batches.column.state'),
      render: (_, b) => <StateTag machine={SHIPMENT_BATCH_MACHINE} state={b.state} testId={`batch-state-${b.id}`} />,
    },
    {
      key: 'shop',
      priority: 'key',
      width: 150,
      title: t('batches.column.shop'),
      render: (_, b) => shopLabel(b.shopName, b.marketId),
    },
    {
      key: 'warehouse',
      width: 130,
      title: t('batches.column.warehouse'),
      render: (_, b) => `${b.warehouseCode} · ${t(`shipments.mode.${b.mode}`)}`,
    },
    {
      key: 'shipOn',
      sortable: true,
      priority: 'key',
      width: 120,
      title: t('batches.column.shipOn'),
      render: (_, b) => b.shipOn ?? '-',
    },
    { key: 'plans', width: 90, align: 'right', title: t('batches.column.plans'), render: (_, b) => `${b.plans} / ${b.skus}` },
    {
      key: 'units',
      sortable: true,
      priority: 'key',
      width: 150,
      align: 'right',
      title: `${t('batches.column.units')} · ${t('batches.column.cartons')}`,
      render: (_, b) => <span data-testid={`batch-units-${b.id}`}>{`${formatThousands(b.units)} · ${b.cartons}`}</span>,
    },
    { key: 'load', width: 140, align: 'right', title: t('batches.column.load'), render: (_, b) => loadText(b) },
    {
      key: 'carrier',
      width: 150,
      title: t('batches.column.carrier'),
      render: (_, b) => [b.carrier, b.tracking].filter(Boolean).join(' · ') || '-',
    },
    { key: 'days', width: 170, title: t('batches.column.etaEtd'), render: (_, b) => (b.etd ? `${b.etd} → ${b.eta}` : '-') },
    {
      key: 'createdAt',
      sortable: true,
      priority: 'detail',
      width: 150,
      title: t('batches.column.createdAt'),
      render: (_, b) => `${formatDateTime(b.createdAt)}${b.createdBy ? ` · ${b.createdBy}` : ''}`,
    },
    actionsColumn(t, 280, (_, b) => (
      <Space size={4} wrap>
        <StateActions
          machine={SHIPMENT_BATCH_MACHINE}
          state={b.state}
          allow={() => can('scm:shipment:batch:edit')}
          onAction={(a) => void run(b, a)}
          busy={move.isPending && move.variables?.id === b.id ? (move.variables.body.action as BatchAction) : null}
          testIdPrefix={`batch-${b.id}`}
        />
        {(b.state === 'open' || b.state === 'loading') && b.plans > 0 && (
          <Can permission="scm:shipment:batch:create">
            <Link to={`/batchCreateDl?batch=${b.id}`} data-testid={`batch-list-${b.id}`}>
              {t('batches.makeList')}
            </Link>
          </Can>
        )}
        {(b.state === 'open' || b.state === 'loading') && (
          <Can permission="scm:shipment:batch:edit">
            <Button type="link" size="small" onClick={() => void openWith('form', b)} data-testid={`batch-edit-${b.id}`}>
              {t('batches.edit')}
            </Button>
          </Can>
        )}
        {b.state === 'open' && b.plans === 0 && b.deliveryLists === 0 && (
          <Can permission="scm:shipment:batch:delete">
            <DeleteAction
              title={t('batches.confirmDelete', { code: b.code })}
              onConfirm={() =>
                void del
                  .mutateAsync(b.id)
                  .then(() => notify.success(t('batches.deleted', { code: b.code })))
                  .catch(notify.failure)
              }
              testId={`batch-delete-${b.id}`}
            />
          </Can>
        )}
        <Button
          type="link"
          size="small"
          icon={<HistoryOutlined />}
          onClick={() => setHistory(b)}
          data-testid={`batch-history-${b.id}`}
        >
          {t('batches.history')}
        </Button>
      </Space>
    )),
  ];

  const close = () => setDrawer(null);
  return (
    <>
      <ListPage
        testId="page-shipment-batches"
        texts="batches"
        list={list}
        filters={[
          ...searchAndShop(t, { placeholder: t('batches.search'), width: 260, testId: 'batches-search' }),
          stateFilter(SHIPMENT_BATCH_MACHINE, BATCH_STATES, lang === 'zh-CN', {
            placeholder: t('batches.allStates'),
            width: 150,
            testId: 'batches-state',
          }),
          modeFilter(t),
        ]}
        toolbar={
          <Space>
            <Link to="/batchCreateDl">
              <Button icon={<FileTextOutlined />} data-testid="batches-delivery-lists">
                {t('batches.deliveryLists')}
              </Button>
            </Link>
            <Can permission="scm:shipment:batch:export">
              <ExportButton label={t('batches.export')} fetchFile={(o) => exportBatches(query, o)} testId="batches-export" />
            </Can>
            <Can permission="scm:shipment:batch:create">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDrawer({ kind: 'form', editor: { mode: 'create' } })}
                data-testid="batch-create"
              >
                {t('batches.create')}
              </Button>
            </Can>
          </Space>
        }
        columns={columns}
        tableId="shipments.batches"
        rowKey="id"
        tableTestId="batches-table"
        emptyText={t('batches.empty')}
      />
      <BatchFormDrawer editor={drawer?.kind === 'form' ? drawer.editor : null} onClose={close} />
      <ShipBatchDrawer editor={drawer?.kind === 'ship' ? drawer.editor : null} onClose={close} />
      <BatchDetailDrawer id={detailId} onClose={() => openDetail(null)} />
      <HistoryDrawer
        entity="shipment_batch"
        entityId={history?.id ?? null}
        name={history?.code ?? ''}
        onClose={() => setHistory(null)}
      />
    </>
  );
}
