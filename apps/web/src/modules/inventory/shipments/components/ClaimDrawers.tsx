/** A claim's detail (DetailDrawer, with its History) and the claim moves that take input (submit: case id; reimburse: units and amount) on the EditDrawer. */
import { HistoryOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/inventory/claims';
import { type Claim, type ClaimAction, FBA_CLAIM_MACHINE } from '@bo/contract/inventory/claims';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format';
import { useTexts } from '../../../../shared/i18n/lang';
import { DetailDrawer } from '../../../../shared/kit/DetailDrawer';
import { EditDrawer, type Editor } from '../../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../../shared/kit/HistoryDrawer';
import { StateTag } from '../../../../shared/kit/StateTag';
import { shopLabel } from '../../../../shared/markets/markets';
import { useClaim, useMoveClaim } from '../shipments.queries';

export function ClaimDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const claim = useClaim(id);
  const [history, setHistory] = useState(false);
  return (
    <>
      <DetailDrawer<Claim>
        open={id !== null}
        onClose={onClose}
        title={t('shipments.claims.detail', { id: id ?? '' })}
        testId="claim-drawer"
        query={claim}
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} data-testid="claim-history">
            {t('shipments.claims.history')}
          </Button>
        }
        fields={[
          {
            key: 'state',
            label: t('shipments.column.state'),
            render: (c) => <StateTag machine={FBA_CLAIM_MACHINE} state={c.state} testId="claim-detail-state" />,
          },
          { key: 'sku', label: t('shipments.column.sku'), render: (c) => c.sku },
          { key: 'quantity', label: t('shipments.claims.quantity'), render: (c) => c.quantity, testId: 'claim-detail-qty' },
          { key: 'shop', label: t('shipments.column.shop'), render: (c) => shopLabel(c.shopName, c.marketId) },
          { key: 'plan', label: t('shipments.column.code'), render: (c) => c.planCode },
          { key: 'shipment', label: t('shipments.column.shipment'), render: (c) => `${c.shipmentCode} · ${c.warehouseCode}` },
          { key: 'caseId', label: t('shipments.claims.caseId'), render: (c) => c.caseId || '-' },
          { key: 'units', label: t('shipments.claims.units'), render: (c) => c.reimbursedUnits },
          {
            key: 'amount',
            label: t('shipments.claims.amount'),
            render: (c) => `${c.reimbursedAmount} ${c.currency}`.trim(),
          },
          { key: 'reimbursementId', label: t('shipments.claims.reimbursementId'), render: (c) => c.reimbursementId || '-' },
          { key: 'remark', label: t('shipments.claims.remark'), span: 2, render: (c) => c.remark || '-' },
          { key: 'createdAt', label: t('shipments.column.createdAt'), render: (c) => formatDateTime(c.createdAt) },
        ]}
      />
      <HistoryDrawer
        entity="fba_claim"
        entityId={history ? id : null}
        name={claim.data ? `#${claim.data.id} ${claim.data.sku}` : ''}
        onClose={() => setHistory(false)}
      />
    </>
  );
}

interface MoveValues {
  caseId: string;
  units: number;
  amount: number;
  remark: string;
}

/** Submit and reimburse ask for what they record; `action` says which. */
export function ClaimMoveDrawer({
  editor,
  action,
  onClose,
}: {
  editor: Editor<Claim> | null;
  action: ClaimAction;
  onClose: () => void;
}) {
  const { t, lang } = useTexts();
  const move = useMoveClaim();
  const label = FBA_CLAIM_MACHINE.transitions.find((x) => x.action === action)?.label[lang === 'zh-CN' ? 'zh' : 'en'] ?? action;
  return (
    <EditDrawer<Claim, MoveValues, Claim>
      editor={editor}
      onClose={onClose}
      title={(e) => t('shipments.claims.moveTitle', { action: label, id: e.record?.id ?? '' })}
      schema={ep.moveClaim.body}
      width={460}
      drawerTestId="claim-move-drawer"
      saveTestId="claim-move-save"
      initialValues={(e) => ({ caseId: e.record?.caseId ?? '', units: e.record?.quantity ?? 0, remark: '' })}
      fields={
        action === 'submit'
          ? [
              { name: 'caseId', label: t('shipments.claims.caseId'), rules: [{ required: true }], testId: 'claim-case-id' },
              { name: 'remark', input: 'textarea', label: t('shipments.claims.remark') },
            ]
          : [
              { name: 'units', input: 'number', label: t('shipments.claims.units'), testId: 'claim-units' },
              {
                name: 'amount',
                input: 'number',
                precision: 2,
                label: t('shipments.claims.amount'),
                rules: [{ required: true }],
                testId: 'claim-amount',
              },
              { name: 'remark', input: 'textarea', label: t('shipments.claims.remark') },
            ]
      }
      onSubmit={(v, e) => {
        const c = e.record as Claim;
        return move.mutateAsync({
          id: c.id,
          body:
            action === 'submit'
              ? { action, version: c.version, caseId: v.caseId, remark: v.remark || undefined }
              : { action, version: c.version, units: v.units, amount: v.amount, remark: v.remark || undefined },
        });
      }}
      savedText={(c) => t('shipments.claims.moved', { id: c.id, action: label })}
    />
  );
}
