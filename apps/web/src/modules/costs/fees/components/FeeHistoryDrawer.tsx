import type { SkuFeeRow } from '@bo/contract/costs/fees';
import { fbaFeeInput } from '@bo/contract/costs/fees';
import { decimal } from '@bo/contract/costs/shared';
import { Alert, Button, DatePicker, Drawer, Form, InputNumber, Popconfirm, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../shared/Can';
import { FitTable } from '../../../../shared/table/FitTable';
import { EmptyState, QueryStates } from '../../../../shared/components/QueryStates';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatAmount } from '../../../../shared/format';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { useLang } from '../../../../shared/i18n/lang';
import { formatRate } from '../../shared/costs-format';
import { useDeleteFee, useFeeHistory, useSetFee } from '../../unit-costs/unit-costs.queries';
import { marketLabel } from '../FeesTab';

/** The referral rate as typed: a percentage with at most two decimals (stored as a ratio with four). */
const PERCENT = decimal(2, 0, 100);

interface Values {
  effectiveFrom: Dayjs;
  /** Entered as a percentage. */
  referralPercent: number;
  fbaFee: number;
}

/** A SKU's fee history in one marketplace: entries, a new entry, deleting one. */
export function FeeHistoryDrawer({ row, onClose }: { row: SkuFeeRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const history = useFeeHistory(row ? { skuId: row.skuId, marketId: row.marketId } : null);
  const setFee = useSetFee();
  const remove = useDeleteFee();
  const [form] = Form.useForm<Values>();

  const submit = (v: Values) => {
    if (!row) return;
    setFee.mutate(
      {
        skuId: row.skuId,
        marketId: row.marketId,
        effectiveFrom: v.effectiveFrom.format('YYYY-MM-DD'),
        referralRate: Math.round(v.referralPercent * 100) / 10_000,
        fbaFee: v.fbaFee,
      },
      {
        onSuccess: (r) => {
          notify.success(r.recomputed.facts > 0 ? t('costs.saved', { facts: r.recomputed.facts }) : t('costs.savedNoFacts'));
          form.resetFields(['referralPercent', 'fbaFee']);
        },
        onError: (err) => {
          if (!applyFieldErrors(form, err, lang, ['effectiveFrom', 'fbaFee'])) notify.error((err as Error).message);
        },
      },
    );
  };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={680}
      title={row ? t('costs.productCost.feeHistoryTitle', { sku: row.sku, market: marketLabel(row.marketId, lang) }) : ''}
      destroyOnHidden
      data-testid="fee-history-drawer"
    >
      {row && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Can permission="product:cost:edit">
            <div>
              <Typography.Title level={5}>{t('costs.setNewFee')}</Typography.Title>
              <Alert type="info" showIcon message={t('costs.recomputeHint')} style={{ marginBottom: 12 }} />
              <Form<Values> form={form} layout="inline" onFinish={submit} initialValues={{ effectiveFrom: dayjs() }}>
                <Form.Item
                  name="effectiveFrom"
                  label={t('costs.from')}
                  rules={[{ required: true, message: t('costs.required') }]}
                >
                  <DatePicker allowClear={false} />
                </Form.Item>
                <Form.Item
                  required
                  name="referralPercent"
                  label={`${t('costs.column.referralRate')} (%)`}
                  rules={[zodRule(PERCENT, lang)]}
                >
                  <InputNumber min={0} max={100} step={0.5} style={{ width: 110 }} />
                </Form.Item>
                <Form.Item
                  required
                  name="fbaFee"
                  label={`${t('costs.column.fbaFee')} (${row.currency})`}
                  rules={[zodRule(fbaFeeInput, lang)]}
                >
                  <InputNumber min={0} step={0.1} style={{ width: 110 }} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={setFee.isPending}>
                  {t('costs.save')}
                </Button>
              </Form>
            </div>
          </Can>
          <QueryStates pending={history.isPending} error={history.error} onRetry={() => void history.refetch()} rows={3}>
            <FitTable
              tableId="costs.fees.history"
              size="small"
              rowKey="effectiveFrom"
              pagination={false}
              data-testid="fee-history"
              dataSource={history.data?.entries ?? []}
              locale={{ emptyText: <EmptyState text={t('costs.noEntries')} /> }}
              columns={[
                { key: 'from', title: t('costs.column.since'), priority: 'key', width: 110, render: (_, e) => e.effectiveFrom },
                {
                  key: 'to',
                  title: t('costs.column.until'),
                  priority: 'key',
                  width: 110,
                  render: (_, e) => e.effectiveTo ?? t('costs.open'),
                },
                {
                  key: 'rate',
                  title: t('costs.column.referralRate'),
                  priority: 'key',
                  width: 120,
                  align: 'right',
                  render: (_, e) => formatRate(e.referralRate),
                },
                {
                  key: 'fba',
                  title: t('costs.column.fbaFee'),
                  priority: 'key',
                  width: 130,
                  align: 'right',
                  render: (_, e) => `${formatAmount(e.fbaFee)} ${row.currency}`,
                },
                {
                  key: 'actions',
                  title: t('costs.column.actions'),
                  priority: 'key',
                  width: 100,
                  render: (_, e) => (
                    <Can permission="product:cost:delete">
                      <Popconfirm
                        title={t('costs.deleteConfirm', { day: e.effectiveFrom })}
                        onConfirm={() =>
                          remove.mutate(
                            { skuId: row.skuId, marketId: row.marketId, effectiveFrom: e.effectiveFrom },
                            { onSuccess: () => notify.success(t('costs.deleted')) },
                          )
                        }
                      >
                        <Button type="link" danger size="small">
                          {t('common.delete')}
                        </Button>
                      </Popconfirm>
                    </Can>
                  ),
                },
              ]}
            />
          </QueryStates>
        </Space>
      )}
    </Drawer>
  );
}
