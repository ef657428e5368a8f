import type { SkuCostRow } from '@bo/contract/costs/unit-costs';
import { unitCostInput } from '@bo/contract/costs/unit-costs';
import { Alert, Button, DatePicker, Descriptions, Drawer, Form, InputNumber, Popconfirm, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../shared/Can';
import { FitTable } from '../../../../shared/table/FitTable';
import { EmptyState, QueryStates } from '../../../../shared/components/QueryStates';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { useLang } from '../../../../shared/i18n/lang';
import { formatCost } from '../../shared/costs-format';
import { useCostHistory, useDeleteCost, useSetCost } from '../unit-costs.queries';

interface Values {
  effectiveFrom: Dayjs;
  unitCost: number;
}

/** A SKU's unit-cost history: every entry with the days it governs, a new entry, deleting one. */
export function CostHistoryDrawer({ row, onClose }: { row: SkuCostRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const history = useCostHistory(row?.skuId ?? null);
  const setCost = useSetCost();
  const remove = useDeleteCost();
  const [form] = Form.useForm<Values>();

  const submit = (v: Values) => {
    if (!row) return;
    setCost.mutate(
      { skuId: row.skuId, effectiveFrom: v.effectiveFrom.format('YYYY-MM-DD'), unitCost: v.unitCost },
      {
        onSuccess: (r) => {
          notify.success(r.recomputed.facts > 0 ? t('costs.saved', { facts: r.recomputed.facts }) : t('costs.savedNoFacts'));
          form.resetFields(['unitCost']);
        },
        onError: (err) => {
          if (!applyFieldErrors(form, err, lang, ['effectiveFrom', 'unitCost'])) notify.error((err as Error).message);
        },
      },
    );
  };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={640}
      title={row ? t('costs.productCost.historyTitle', { sku: row.sku }) : ''}
      destroyOnHidden
      data-testid="cost-history-drawer"
    >
      {row && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('costs.column.model')}>{row.model}</Descriptions.Item>
            <Descriptions.Item label={t('costs.column.product')}>
              {lang === 'zh-CN' ? row.productName : row.productNameEn}
            </Descriptions.Item>
            <Descriptions.Item label={t('costs.column.productLine')}>
              {lang === 'zh-CN' ? row.productLineName : row.productLineNameEn}
            </Descriptions.Item>
            <Descriptions.Item label={t('costs.column.listings')}>{row.listings}</Descriptions.Item>
          </Descriptions>
          <Can permission="product:cost:edit">
            <div>
              <Typography.Title level={5}>{t('costs.setNew')}</Typography.Title>
              <Alert type="info" showIcon message={t('costs.recomputeHint')} style={{ marginBottom: 12 }} />
              <Form<Values> form={form} layout="inline" onFinish={submit} initialValues={{ effectiveFrom: dayjs() }}>
                <Form.Item
                  name="effectiveFrom"
                  label={t('costs.from')}
                  rules={[{ required: true, message: t('costs.required') }]}
                  getValueProps={(v: Dayjs | undefined) => ({ value: v })}
                >
                  <DatePicker allowClear={false} data-testid="unit-cost-from" />
                </Form.Item>
                <Form.Item required name="unitCost" label={t('costs.column.unitCost')} rules={[zodRule(unitCostInput, lang)]}>
                  <InputNumber min={0} step={0.01} style={{ width: 140 }} data-testid="unit-cost-value" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={setCost.isPending} data-testid="unit-cost-save">
                  {t('costs.save')}
                </Button>
              </Form>
            </div>
          </Can>
          <QueryStates pending={history.isPending} error={history.error} onRetry={() => void history.refetch()} rows={3}>
            <FitTable
              tableId="costs.unitCosts.history"
              size="small"
              rowKey="effectiveFrom"
              pagination={false}
              data-testid="unit-cost-history"
              dataSource={history.data?.entries ?? []}
              locale={{ emptyText: <EmptyState text={t('costs.noEntries')} /> }}
              columns={[
                { key: 'from', title: t('costs.column.since'), priority: 'key', width: 120, render: (_, e) => e.effectiveFrom },
                {
                  key: 'to',
                  title: t('costs.column.until'),
                  priority: 'key',
                  width: 120,
                  render: (_, e) => e.effectiveTo ?? t('costs.open'),
                },
                {
                  key: 'cost',
                  title: t('costs.column.unitCost'),
                  priority: 'key',
                  width: 150,
                  align: 'right',
                  render: (_, e) => formatCost(e.unitCost),
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
                            { skuId: row.skuId, effectiveFrom: e.effectiveFrom },
                            { onSuccess: () => notify.success(t('costs.deleted')) },
                          )
                        }
                      >
                        <Button type="link" danger size="small" data-testid={`cost-delete-${e.effectiveFrom}`}>
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
