import type { ChangeEntity } from '@bo/contract/ppc/changes';
import { Alert, InputNumber, Modal, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http/api-error';
import { FitTable } from '../../../shared/table/FitTable';
import { formatMoney, NONE } from '../../sales/shared/sales-format';
import { readPpcGuard } from '../ppc-preferences';
import { stepText, useChangeFeedback } from './change-feedback';
import { useApplyChanges } from './manager.queries';
import {
  type BulkOp,
  bulkAmountProblem,
  bulkChanges,
  bulkPreview,
  type EditableRow,
  kindOf,
  label,
  type PreviewRow,
} from './manager-view';

interface Props {
  open: boolean;
  rows: readonly EditableRow[];
  entity: ChangeEntity;
  /** The money field rows edit (null: state only). */
  field: string | null;
  onClose: (done: boolean) => void;
}

/** How many rows a confirmation lists by name; the rest are counted. */
const CONFIRM_LINES = 8;

/**
 * Bulk edit of the selected rows: set / ± % / ± amount of the bid or budget, pause, enable —
 * all or none. Every row's before → after is previewed (a value a marketplace limit clamps is
 * marked, rows that would not change are flagged); the amount is checked against the same
 * limits as the server; changes over the user's guardrails are confirmed; the result is a
 * toast with Undo.
 */
export function BulkEditModal({ open, rows, entity, field, onClose }: Props) {
  const { t } = useTranslation();
  const [op, setOp] = useState<BulkOp>(field ? 'addPercent' : 'pause');
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = useApplyChanges();
  const feedback = useChangeFeedback();
  const guard = readPpcGuard();
  const money = op === 'set' || op === 'addPercent' || op === 'addAmount';
  const kind = kindOf(field ?? 'bid');
  const currency = rows[0]?.currency ?? 'USD';
  const problem = field || !money ? bulkAmountProblem(op, amount, currency, kind) : null;
  const preview: PreviewRow[] = problem ? [] : bulkPreview(rows, field, op, amount ?? 0, guard);
  const changes = bulkChanges(rows, preview, entity, field, op);
  const over = preview.filter((p) => p.status === 'change' && p.over !== null);
  const fieldName = (f: string) => t(`ppc.mgr.fields.${f}` as never);
  const show = (v: number | string | null) =>
    v === null ? NONE : typeof v === 'number' ? formatMoney(v) : label(t, 'states', v);

  const close = (done: boolean) => {
    setError(null);
    setAmount(null);
    onClose(done);
  };

  const submit = async () => {
    setError(null);
    if (problem) return;
    if (changes.length === 0) {
      setError(t('ppc.mgr.bulkNothing'));
      return;
    }
    if (over.length > 0) {
      const lines = over
        .slice(0, CONFIRM_LINES)
        .map(
          (p) =>
            `${p.name}: ${show(p.before)} → ${show(p.after)} ${p.currency}` +
            (p.over === 'max' ? ` (${t('ppc.mgr.overMaxBid')})` : ` (${stepText(p.stepPct)})`),
        );
      if (!(await feedback.confirm(lines, over.length - lines.length))) return;
    }
    try {
      const r = await apply.mutateAsync({
        changes,
        note: t('ppc.mgr.bulkNote'),
        ...(op === 'addPercent' && amount !== null ? { percent: amount } : {}),
        ...(over.length > 0 ? { confirmed: true } : {}),
      });
      const what = op === 'pause' ? 'paused' : op === 'enable' ? 'enabled' : (field ?? 'state');
      close(true);
      feedback.toast(t(`ppc.mgr.bulkDone.${what}` as never, { count: r.applied.length }), r.batchId);
    } catch (err) {
      setError(isApiError(err) ? `${err.status === 409 ? t('ppc.mgr.stale') : ''}${err.message}` : String(err));
    }
  };

  const statusTag = (p: PreviewRow) => {
    if (p.status === 'same') return <Tag>{t('ppc.mgr.preview.same')}</Tag>;
    if (p.status === 'noValue') return <Tag>{t('ppc.mgr.preview.noValue')}</Tag>;
    if (p.status === 'archived') return <Tag>{t('ppc.mgr.states.archived')}</Tag>;
    if (p.over === 'max') return <Tag color="orange">{t('ppc.mgr.overMaxBid')}</Tag>;
    if (p.over === 'step') return <Tag color="orange">{t('ppc.mgr.preview.confirm')}</Tag>;
    return null;
  };

  return (
    <Modal
      open={open}
      width={760}
      title={t('ppc.mgr.bulkTitle', { count: rows.length })}
      okText={t('ppc.mgr.bulkApply', { count: changes.length })}
      okButtonProps={{ disabled: problem !== null || changes.length === 0 }}
      onOk={() => void submit()}
      confirmLoading={apply.isPending}
      onCancel={() => close(false)}
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
        {money && field && (
          <Space direction="vertical" size={2}>
            <InputNumber
              style={{ width: 200 }}
              value={amount}
              status={problem && amount !== null ? 'error' : undefined}
              onChange={(v) => setAmount(typeof v === 'number' ? v : null)}
              step={op === 'addPercent' ? 5 : 0.05}
              addonAfter={op === 'addPercent' ? '%' : currency}
              data-testid="ppc-bulk-amount"
            />
            {problem && amount !== null && (
              <Typography.Text type="danger" data-testid="ppc-bulk-problem">
                {t(`ppc.mgr.problem.${problem.key}`, { ...problem.values, field: fieldName(field) })}
              </Typography.Text>
            )}
          </Space>
        )}
        {preview.length > 0 && (
          // Every column is what the user confirms: all key, they fit the 760 px modal.
          <FitTable<PreviewRow>
            tableId="ppc.mgr.bulkPreview"
            size="small"
            rowKey="id"
            pagination={false}
            scrollY={260}
            dataSource={preview}
            data-testid="ppc-bulk-preview"
            columns={[
              { key: 'name', title: t('ppc.mgr.entity'), priority: 'key', width: 220, ellipsis: true, render: (_, p) => p.name },
              {
                key: 'change',
                title: t('ppc.mgr.beforeAfter'),
                priority: 'key',
                width: 260,
                render: (_, p) => (
                  <span data-testid={`ppc-bulk-preview-${p.id}`}>
                    {show(p.before)} → <b>{show(p.after)}</b>
                    {money && p.after !== null ? ` ${p.currency}` : ''}
                    {p.clamped && (
                      <Tag color="gold" style={{ marginLeft: 6 }} data-testid={`ppc-bulk-clamped-${p.id}`}>
                        {t(`ppc.mgr.preview.clamped_${p.clamped}`)}
                      </Tag>
                    )}
                  </span>
                ),
              },
              {
                key: 'step',
                title: t('ppc.mgr.preview.step'),
                priority: 'key',
                width: 90,
                align: 'right',
                render: (_, p) => stepText(p.stepPct),
              },
              {
                key: 'status',
                title: '',
                label: t('ppc.rules.status'),
                priority: 'key',
                width: 130,
                ellipsis: true,
                render: (_, p) => statusTag(p),
              },
            ]}
          />
        )}
        <Typography.Text type="secondary">
          {t('ppc.mgr.bulkHint', { count: changes.length })}
          {over.length > 0 && ` ${t('ppc.mgr.preview.overHint', { count: over.length, step: guard.stepPct })}`}
        </Typography.Text>
        {error && <Alert type="error" showIcon message={error} data-testid="ppc-bulk-error" />}
      </Space>
    </Modal>
  );
}
