import type { ChangeEntity } from '@bo/contract/ppc/changes';
import { Alert, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http/api-error';
import { useApplyChanges } from './manager.queries';
import { type BulkOp, bulkChanges, type EditableRow } from './manager-view';

interface Props {
  open: boolean;
  rows: readonly EditableRow[];
  entity: ChangeEntity;
  /** The money field rows edit (null: state only). */
  field: string | null;
  onClose: (done: boolean) => void;
}

/** Bulk edit of the selected rows: set / ± % / ± amount of the bid or budget, pause, enable — all or none. */
export function BulkEditModal({ open, rows, entity, field, onClose }: Props) {
  const { t } = useTranslation();
  const [op, setOp] = useState<BulkOp>(field ? 'addPercent' : 'pause');
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = useApplyChanges();
  const needsAmount = op === 'set' || op === 'addPercent' || op === 'addAmount';
  const changes = needsAmount && amount === null ? [] : bulkChanges(rows, entity, field, op, amount ?? 0);

  const submit = async () => {
    setError(null);
    if (changes.length === 0) {
      setError(t('ppc.mgr.bulkNothing'));
      return;
    }
    try {
      await apply.mutateAsync({ changes, note: t('ppc.mgr.bulkNote') });
      setAmount(null);
      onClose(true);
    } catch (err) {
      setError(isApiError(err) ? `${err.status === 409 ? t('ppc.mgr.stale') : ''}${err.message}` : String(err));
    }
  };

  return (
    <Modal
      open={open}
      title={t('ppc.mgr.bulkTitle', { count: rows.length })}
      okText={t('ppc.mgr.bulkApply', { count: changes.length })}
      onOk={() => void submit()}
      confirmLoading={apply.isPending}
      onCancel={() => {
        setError(null);
        onClose(false);
      }}
      destroyOnHidden
      data-testid="ppc-bulk-modal"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group value={op} onChange={(e) => setOp(e.target.value as BulkOp)} data-testid="ppc-bulk-op">
          <Space direction="vertical">
            {field && <Radio value="set">{t('ppc.mgr.bulkSet')}</Radio>}
            {field && <Radio value="addPercent">{t('ppc.mgr.bulkPercent')}</Radio>}
            {field && <Radio value="addAmount">{t('ppc.mgr.bulkAmount')}</Radio>}
            <Radio value="pause">{t('ppc.mgr.bulkPause')}</Radio>
            <Radio value="enable">{t('ppc.mgr.bulkEnable')}</Radio>
          </Space>
        </Radio.Group>
        {needsAmount && (
          <InputNumber
            style={{ width: 200 }}
            value={amount}
            onChange={(v) => setAmount(typeof v === 'number' ? v : null)}
            step={op === 'addPercent' ? 5 : 0.05}
            addonAfter={op === 'addPercent' ? '%' : undefined}
            min={op === 'set' ? 0 : undefined}
            data-testid="ppc-bulk-amount"
          />
        )}
        <Typography.Text type="secondary">{t('ppc.mgr.bulkHint', { count: changes.length })}</Typography.Text>
        {error && <Alert type="error" showIcon message={error} data-testid="ppc-bulk-error" />}
      </Space>
    </Modal>
  );
}
