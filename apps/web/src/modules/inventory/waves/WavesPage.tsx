import { PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/inventory/waves';
import { SHIPMENT_WAVE_MACHINE, WAVE_KINDS, WAVE_STATES, type WaveState, type WaveSummary } from '@bo/contract/inventory/waves';
import { Button, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Can } from '../../../shared/Can';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime, formatThousands } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { StateTag } from '../../../shared/kit/StateTag';
import { useKitList, useListRows } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { useLatestSearchParams } from '../../../shared/url-state';
import { useCurrentUser } from '../../access/session/session.queries';
import { DecideModal, marketsText, WaveActions, WaveDetailDrawer } from './WaveParts';
import { useDeleteWave, waveKeys } from './waves.queries';

type Decision = Parameters<typeof DecideModal>[0]['decision'];

/**
 * /shipmentPlanNext: the shipment waves (state tabs with their counts, filters in the URL, server
 * paging and sorting); a row opens its detail (`?wave=`: lines, totals, approval, the plans of its
 * split); the owner submits, withdraws, splits or cancels, the approvers decide.
 */
export default function WavesPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const me = useCurrentUser().data?.id;
  const list = useKitList(ep.listWaves, waveKeys.list);
  const counts = (useListRows(ep.listWaves, list, waveKeys.list).data as { counts?: Record<WaveState, number> } | undefined)
    ?.counts;
  const del = useDeleteWave();
  const [params, setParams] = useLatestSearchParams();
  const detailId = Number(params.get('wave')) || null;
  const openDetail = (id: number | null) =>
    setParams(
      (p) => {
        if (id === null) p.delete('wave');
        else p.set('wave', String(id));
        return p;
      },
      { replace: true },
    );
  const [history, setHistory] = useState<{ id: number; code: string } | null>(null);
  const [decision, setDecision] = useState<Decision>(null);
  const stateText = (s: WaveState) => SHIPMENT_WAVE_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'];
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;

  const columns: KitColumn<WaveSummary>[] = [
    {
      key: 'code',
      sortable: true,
      priority: 'key',
      width: 110,
      title: t('waves.column.code'),
      render: (_, w) => (
        <Typography.Link strong onClick={() => openDetail(w.id)} data-testid={`wave-code-${w.id}`}>
          {w.code}
        </Typography.Link>
      ),
    },
    {
      key: 'state',
      priority: 'key',
      width: 110,
      title: t('waves.column.state'),
      render: (_, w) => <StateTag machine={SHIPMENT_WAVE_MACHINE} state={w.state} testId={`wave-state-${w.id}`} />,
    },
    { key: 'kind', width: 100, title: t('waves.column.kind'), render: (_, w) => t(`waves.kind.${w.kind}`) },
    {
      key: 'shipWeek',
      sortable: true,
      priority: 'key',
      width: 110,
      title: t('waves.column.shipWeek'),
      render: (_, w) => w.shipWeek,
    },
    {
      key: 'markets',
      width: 140,
      title: t('waves.column.markets'),
      render: (_, w) => `${marketsText(w.marketIds)} · ${w.shops}`,
    },
    { key: 'lines', width: 70, align: 'right', title: t('waves.column.lines'), render: (_, w) => w.lines },
    {
      key: 'units',
      sortable: true,
      priority: 'key',
      width: 140,
      align: 'right',
      title: `${t('waves.column.units')} · ${t('waves.column.cartons')}`,
      render: (_, w) => (
        <span data-testid={`wave-units-${w.id}`}>{`${formatThousands(w.units)} · ${w.kind === 'sample' ? '-' : w.cartons}`}</span>
      ),
    },
    { key: 'owner', width: 130, title: t('waves.column.owner'), render: (_, w) => w.ownerName },
    { key: 'remark', width: 180, priority: 'detail', title: t('waves.column.remark'), render: (_, w) => w.remark || '-' },
    {
      key: 'createdAt',
      sortable: true,
      priority: 'detail',
      width: 150,
      title: t('waves.column.createdAt'),
      render: (_, w) => formatDateTime(w.createdAt),
    },
    actionsColumn(t, 300, (_, w) => (
      <Space size={4} wrap>
        <WaveActions wave={w} onDecide={setDecision} />
        {(w.state === 'draft' || w.state === 'rejected') && w.ownerId === me && (
          <Can permission="scm:shipment:planNext:edit">
            <Link
              to={`${w.kind === 'sample' ? '/newSampleShipmentPlan' : '/newShipmentPlan'}?id=${w.id}`}
              data-testid={`wave-edit-${w.id}`}
            >
              {t('waves.edit')}
            </Link>
          </Can>
        )}
        {w.state === 'draft' && w.ownerId === me && (
          <Can permission="scm:shipment:planNext:delete">
            <DeleteAction
              title={t('waves.confirmDelete', { code: w.code })}
              onConfirm={() =>
                void del
                  .mutateAsync(w.id)
                  .then(() => notify.success(t('waves.deleted', { code: w.code })))
                  .catch(notify.failure)
              }
              testId={`wave-delete-${w.id}`}
            />
          </Can>
        )}
        <Button type="link" size="small" onClick={() => setHistory(w)} data-testid={`wave-history-${w.id}`}>
          {t('waves.history')}
        </Button>
      </Space>
    )),
  ];

  return (
    <>
      <ListPage
        testId="page-shipment-waves"
        texts="waves"
        list={list}
        above={
          <Tabs
            activeKey={list.query.state ?? 'all'}
            onChange={(k) => list.set({ state: k === 'all' ? undefined : (k as WaveState) })}
            data-testid="waves-state-tabs"
            items={[
              { key: 'all', label: total === undefined ? t('waves.all') : `${t('waves.all')} (${total})` },
              ...WAVE_STATES.map((s) => ({
                key: s,
                label: counts ? `${stateText(s)} (${counts[s] ?? 0})` : stateText(s),
              })),
            ]}
          />
        }
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('waves.search'), width: 220, testId: 'waves-search' },
          { kind: 'shop', key: 'shopId', testId: 'waves-shop' },
          { kind: 'market', key: 'marketId', testId: 'waves-market' },
          {
            kind: 'select',
            key: 'kind',
            placeholder: t('waves.allKinds'),
            width: 130,
            testId: 'waves-kind',
            options: WAVE_KINDS.map((k) => ({ value: k, label: t(`waves.kind.${k}`) })),
          },
          {
            kind: 'select',
            key: 'awaitingMe',
            placeholder: t('waves.awaitingMe'),
            width: 150,
            testId: 'waves-awaiting',
            options: [{ value: 'true', label: t('waves.awaitingMe') }],
          },
        ]}
        toolbar={
          <Space>
            <Can permission="scm:shipment:smart:create">
              <Link to="/smartShipment">
                <Button icon={<ThunderboltOutlined />} data-testid="waves-smart">
                  {t('waves.smart')}
                </Button>
              </Link>
            </Can>
            <Can permission="scm:shipment:planNext:create">
              <Link to="/newSampleShipmentPlan">
                <Button data-testid="waves-create-sample">{t('waves.createSample')}</Button>
              </Link>
            </Can>
            <Can permission="scm:shipment:planNext:create">
              <Link to="/newShipmentPlan">
                <Button type="primary" icon={<PlusOutlined />} data-testid="waves-create">
                  {t('waves.create')}
                </Button>
              </Link>
            </Can>
          </Space>
        }
        columns={columns}
        tableId="inventory.waves"
        rowKey="id"
        tableTestId="waves-table"
        emptyText={t('waves.empty')}
      />
      <WaveDetailDrawer id={detailId} onClose={() => openDetail(null)} onHistory={(w) => setHistory(w)} />
      <DecideModal decision={decision} onClose={() => setDecision(null)} />
      <HistoryDrawer
        entity="shipment_wave"
        entityId={history?.id ?? null}
        name={history?.code ?? ''}
        onClose={() => setHistory(null)}
      />
    </>
  );
}
