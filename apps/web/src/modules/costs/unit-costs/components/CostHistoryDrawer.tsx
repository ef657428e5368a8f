import type { SkuCostRow } from '@bo/contract/costs/unit-costs';
import { unitCostInput } from '@bo/contract/costs/unit-costs';
import { Descriptions, Drawer, Form, InputNumber, Space } from 'antd';
import { zodRule } from '../../../../shared/forms/form-rules';
import { useTexts } from '../../../../shared/i18n/lang';
import { formatCost } from '../../shared/costs-format';
import { DatedValues } from '../../shared/DatedValues';
import { useCostHistory, useDeleteCost, useSetCost } from '../unit-costs.queries';

/** A SKU's unit-cost history: every entry with the days it governs, a new entry, deleting one. */
export function CostHistoryDrawer({ row, onClose }: { row: SkuCostRow | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const history = useCostHistory(row?.skuId ?? null);
  const setCost = useSetCost();
  const remove = useDeleteCost();

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
          <DatedValues<{ effectiveFrom: string; effectiveTo: string | null; unitCost: number }, { unitCost: number }>
            query={history}
            entries={history.data?.entries}
            title={t('costs.setNew')}
            hint={t('costs.recomputeHint')}
            editPermission="product:cost:edit"
            deletePermission="product:cost:delete"
            fields={
              <Form.Item required name="unitCost" label={t('costs.column.unitCost')} rules={[zodRule(unitCostInput, lang)]}>
                <InputNumber min={0} step={0.01} style={{ width: 140 }} data-testid="unit-cost-value" />
              </Form.Item>
            }
            fieldNames={['unitCost']}
            onSave={async (v, effectiveFrom) => {
              const r = await setCost.mutateAsync({ skuId: row.skuId, effectiveFrom, unitCost: v.unitCost });
              return r.recomputed.facts > 0 ? t('costs.saved', { facts: r.recomputed.facts }) : t('costs.savedNoFacts');
            }}
            saving={setCost.isPending}
            saveText={t('costs.save')}
            saveTestId="unit-cost-save"
            fromTestId="unit-cost-from"
            tableId="costs.unitCosts.history"
            tableTestId="unit-cost-history"
            dayWidth={120}
            valueColumns={[
              {
                key: 'cost',
                title: t('costs.column.unitCost'),
                priority: 'key',
                width: 150,
                align: 'right',
                render: (_, e) => formatCost(e.unitCost),
              },
            ]}
            onDelete={(e) => remove.mutateAsync({ skuId: row.skuId, effectiveFrom: e.effectiveFrom })}
            deleteConfirm={(e) => t('costs.deleteConfirm', { day: e.effectiveFrom })}
            deletedText={t('costs.deleted')}
            deleteTestId={(e) => `cost-delete-${e.effectiveFrom}`}
          />
        </Space>
      )}
    </Drawer>
  );
}
