import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { SHIPMENT_PLAN_MACHINE, SHIPMENT_STATES, type ShipmentPlan, type ShipmentRow } from '@bo/contract/inventory/shipments';
import * as manage from '@bo/contract/supplyboards/manage';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { useNotify } from '../../shared/components/use-notify';
import { formatThousands } from '../../shared/format';
import { useTexts } from '../../shared/i18n/lang';
import type { Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { ActionLinks } from '../../shared/kit/RowActions';
import { StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { shopLabel } from '../../shared/markets/markets';
import { actionsColumn } from '../../shared/table/FitTable';
import { modeFilter, searchAndShop, stateFilter } from '../inventory/shipments/components/list-filters';
import { CreateShipmentDrawer, EditShipmentDrawer } from './components/ShipmentDrawers';
import { exportShipments, fetchShipment, supplyBoardKeys, useDeleteShipment } from './supplyboards.queries';

/**
 * /shipmentManageNext: the shipments of shipped plans (filters in the URL, paged and sorted on the server, export of
 * the same query); create ships a confirmed plan in no batch, edit changes a shipment under its plan's version, delete
 * undoes a mistaken ship while nothing is received (asking first, naming the plan); each shipment's history.
 */
export default function ShipmentManagePage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(manage.listManagedShipments, supplyBoardKeys.shipments);
  const del = useDeleteShipment();
  const [creating, setCreating] = useState(false);
  const [editor, setEditor] = useState<Editor<ShipmentPlan> | null>(null);
  const [history, setHistory] = useState<{ planId: number; name: string } | null>(null);

  const edit = async (r: ShipmentRow) => {
    try {
      setEditor({ mode: 'edit', record: await fetchShipment(r.planId) });
    } catch (err) {
      notify.failure(err);
    }
  };
  const undo = async (r: ShipmentRow) => {
    try {
      const p = await fetchShipment(r.planId);
      await del.mutateAsync({ planId: r.planId, version: p.version });
      notify.success(t('supplyBoards.manage.deleted', { code: r.code, plan: r.planCode }));
    } catch (err) {
      notify.failure(err);
    }
  };

  const columns: KitColumn<ShipmentRow>[] = [
    {
      key: 'code',
      priority: 'key',
      width: 160,
      title: t('supplyBoards.column.shipment'),
      render: (_, r) => (
        <Typography.Text strong data-testid={`manage-shipment-${r.planId}`}>
          {r.code}
        </Typography.Text>
      ),
    },
    {
      key: 'planCode',
      priority: 'key',
      width: 110,
      title: t('supplyBoards.column.plan'),
      render: (_, r) => <Link to={`/editShipmentPlan?id=${r.planId}`}>{r.planCode}</Link>,
    },
    {
      key: 'state',
      priority: 'key',
      width: 96,
      title: t('shipments.column.state'),
      render: (_, r) => <StateTag machine={SHIPMENT_PLAN_MACHINE} state={r.state} />,
    },
    { key: 'shop', width: 150, title: t('supplyBoards.column.shop'), render: (_, r) => shopLabel(r.shopName, r.marketId) },
    { key: 'warehouse', width: 100, title: t('supplyBoards.column.warehouse'), render: (_, r) => r.warehouseCode },
    { key: 'mode', width: 80, title: t('supplyBoards.column.mode'), render: (_, r) => t(`shipments.mode.${r.mode}`) },
    { key: 'carrier', width: 160, title: t('supplyBoards.column.carrier'), render: (_, r) => `${r.carrier} ${r.tracking}` },
    { key: 'etd', sortable: true, priority: 'key', width: 100, title: t('supplyBoards.column.etd'), render: (_, r) => r.etd },
    { key: 'eta', sortable: true, priority: 'key', width: 100, title: t('supplyBoards.column.eta'), render: (_, r) => r.eta },
    {
      key: 'shipped',
      sortable: true,
      width: 130,
      align: 'right',
      title: `${t('supplyBoards.column.shipped')} / ${t('supplyBoards.column.received')}`,
      render: (_, r) => `${formatThousands(r.shipped)} / ${formatThousands(r.received)}`,
    },
    actionsColumn(t, 200, (_, r) => (
      <ActionLinks
        actions={[
          {
            key: 'edit',
            label: t('supplyBoards.manage.edit'),
            permission: 'scm:shipment:manage:edit',
            hidden: r.state === 'closed',
            onClick: () => edit(r),
            testId: `manage-edit-${r.planId}`,
          },
          {
            key: 'history',
            label: t('supplyBoards.manage.history'),
            icon: <HistoryOutlined />,
            onClick: () => setHistory({ planId: r.planId, name: r.code }),
            testId: `manage-history-${r.planId}`,
          },
          {
            key: 'delete',
            permission: 'scm:shipment:manage:delete',
            // Only a shipment nothing of which arrived can be undone (the server answers 409 otherwise).
            hidden: r.state !== 'shipped' || r.received > 0,
            remove: {
              title: t('supplyBoards.manage.confirmDelete', { code: r.code, plan: r.planCode }),
              description: t('supplyBoards.manage.confirmDeleteNote', { plan: r.planCode, units: formatThousands(r.shipped) }),
              onConfirm: () => void undo(r),
              confirmTestId: `manage-delete-ok-${r.planId}`,
            },
            testId: `manage-delete-${r.planId}`,
          },
        ]}
      />
    )),
  ];

  return (
    <>
      <ListPage
        testId="page-shipment-manage"
        texts="supplyBoards.manage"
        list={list}
        filters={[
          ...searchAndShop(t, { placeholder: t('supplyBoards.manage.search'), width: 260, testId: 'manage-search' }),
          stateFilter(SHIPMENT_PLAN_MACHINE, SHIPMENT_STATES, lang === 'zh-CN', {
            placeholder: t('supplyBoards.manage.allStates'),
            width: 140,
          }),
          modeFilter(t),
        ]}
        toolbar={
          <Space>
            <Can permission="scm:shipment:manage:export">
              <ExportButton
                label={t('supplyBoards.manage.export')}
                fetchFile={(o) => exportShipments(list.query, o)}
                testId="manage-export"
              />
            </Can>
            <Can permission="scm:shipment:manage:create">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="manage-create">
                {t('supplyBoards.manage.create')}
              </Button>
            </Can>
          </Space>
        }
        columns={columns}
        tableId="supplyBoards.shipments"
        rowKey="planId"
        tableTestId="manage-table"
        emptyText={t('supplyBoards.manage.empty')}
      />
      <CreateShipmentDrawer open={creating} onClose={() => setCreating(false)} />
      <EditShipmentDrawer
        editor={editor}
        onClose={() => setEditor(null)}
        onHistory={(p) => setHistory({ planId: p.id, name: p.shipment?.code ?? p.code })}
      />
      <HistoryDrawer
        entity="shipment"
        entityId={history?.planId ?? null}
        name={history?.name ?? ''}
        onClose={() => setHistory(null)}
        fieldLabels={{
          plan: t('supplyBoards.column.plan'),
          code: t('supplyBoards.column.shipment'),
          mode: t('supplyBoards.column.mode'),
          carrier: t('shipments.ship.carrier'),
          tracking: t('shipments.ship.tracking'),
          etd: t('supplyBoards.column.etd'),
          eta: t('supplyBoards.column.eta'),
          units: t('supplyBoards.column.shipped'),
        }}
      />
    </>
  );
}
