import * as ep from '@bo/contract/inventory/claims';
import { CLAIM_STATES, type Claim, type ClaimAction, FBA_CLAIM_MACHINE } from '@bo/contract/inventory/claims';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import type { Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { useKitList } from '../../../shared/kit/use-list-query';
import { shopLabel } from '../../../shared/markets/markets';
import { actionsColumn } from '../../../shared/table/FitTable';
import { useLatestSearchParams } from '../../../shared/url-state';
import { ClaimDetailDrawer, ClaimMoveDrawer } from './components/ClaimDrawers';
import { searchAndShop, stateFilter } from './components/list-filters';
import { ReimbursementImportButton } from './components/ReimbursementImportButton';
import { shipmentKeys, useMoveClaim } from './shipments.queries';

/** /fbaClaim/index (and /fbaClaim/detail?id=, which opens the claim's drawer): claims with their state and actions. */
export default function ClaimsPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const can = useCan();
  const list = useKitList(ep.listClaims, shipmentKeys.claims);
  const move = useMoveClaim();
  const [params, setParams] = useLatestSearchParams();
  const detailId = Number(params.get('id')) || null;
  const openDetail = (id: number | null) =>
    setParams(
      (p) => {
        if (id === null) p.delete('id');
        else p.set('id', String(id));
        return p;
      },
      { replace: true },
    );
  const [moving, setMoving] = useState<{ action: ClaimAction; editor: Editor<Claim> } | null>(null);

  const run = async (c: Claim, action: ClaimAction) => {
    if (action === 'submit' || action === 'reimburse') return setMoving({ action, editor: { mode: 'edit', record: c } });
    try {
      await move.mutateAsync({ id: c.id, body: { action, version: c.version } });
      const label = FBA_CLAIM_MACHINE.transitions.find((x) => x.action === action)?.label[lang === 'zh-CN' ? 'zh' : 'en'];
      notify.success(t('shipments.claims.moved', { id: c.id, action: label ?? action }));
    } catch (err) {
      notify.failure(err);
    }
  };

  const columns: KitColumn<Claim>[] = [
    {
      key: 'id',
      priority: 'key',
      width: 80,
      title: '#',
      render: (_, c) => (
        <Typography.Link onClick={() => openDetail(c.id)} data-testid={`claim-open-${c.id}`}>
          #{c.id}
        </Typography.Link>
      ),
    },
    {
      key: 'state',
      priority: 'key',
      width: 96,
      title: t('shipments.column.state'),
      render: (_, c) => <StateTag machine={FBA_CLAIM_MACHINE} state={c.state} testId={`claim-state-${c.id}`} />,
    },
    { key: 'sku', priority: 'key', width: 160, title: t('shipments.column.sku'), render: (_, c) => c.sku },
    {
      key: 'quantity',
      sortable: true,
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('shipments.claims.quantity'),
      render: (_, c) => c.quantity,
    },
    { key: 'shop', width: 150, title: t('shipments.column.shop'), render: (_, c) => shopLabel(c.shopName, c.marketId) },
    { key: 'shipment', width: 170, title: t('shipments.column.shipment'), render: (_, c) => `${c.shipmentCode} · ${c.planCode}` },
    { key: 'caseId', width: 120, title: t('shipments.claims.caseId'), render: (_, c) => c.caseId || '-' },
    {
      key: 'amount',
      width: 110,
      align: 'right',
      title: t('shipments.claims.amount'),
      render: (_, c) => (c.state === 'reimbursed' || c.reimbursedUnits ? `${c.reimbursedAmount} ${c.currency}`.trim() : '-'),
    },
    {
      key: 'createdAt',
      sortable: true,
      priority: 'detail',
      width: 150,
      title: t('shipments.column.createdAt'),
      render: (_, c) => formatDateTime(c.createdAt),
    },
    actionsColumn(t, 230, (_, c) => (
      <Space size={4} wrap>
        <StateActions
          machine={FBA_CLAIM_MACHINE}
          state={c.state}
          allow={() => can('tools:fbaClaim:edit')}
          onAction={(a) => void run(c, a)}
          busy={move.isPending && move.variables?.id === c.id ? (move.variables.body.action as ClaimAction) : null}
          testIdPrefix={`claim-${c.id}`}
        />
        <Button type="link" size="small" onClick={() => openDetail(c.id)}>
          {t('shipments.claims.view')}
        </Button>
      </Space>
    )),
  ];

  return (
    <>
      <ListPage
        testId="page-fba-claims"
        texts="shipments.claims"
        list={list}
        toolbar={<ReimbursementImportButton />}
        filters={[
          ...searchAndShop(t, { placeholder: t('shipments.claims.search'), width: 240, testId: 'claims-search' }),
          stateFilter(FBA_CLAIM_MACHINE, CLAIM_STATES, lang === 'zh-CN', {
            placeholder: t('shipments.allStates'),
            width: 130,
            testId: 'claims-state',
          }),
        ]}
        columns={columns}
        tableId="shipments.claims"
        rowKey="id"
        tableTestId="claims-table"
        emptyText={t('shipments.claims.empty')}
      />
      <ClaimDetailDrawer id={detailId} onClose={() => openDetail(null)} />
      <ClaimMoveDrawer editor={moving?.editor ?? null} action={moving?.action ?? 'submit'} onClose={() => setMoving(null)} />
    </>
  );
}
