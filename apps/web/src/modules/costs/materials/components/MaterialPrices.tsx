import { unitPriceInput } from '@bo/contract/costs/materials';
import { Divider, Form, InputNumber, Typography } from 'antd';
import { zodRule } from '../../../../shared/forms/form-rules';
import { useTexts } from '../../../../shared/i18n/lang';
import { formatCost } from '../../shared/costs-format';
import { DatedValues } from '../../shared/DatedValues';
import { useDeleteMaterialPrice, useMaterial, useSetMaterialPrice } from '../materials.queries';

/** A material's dated unit prices, newest first: set a price from a day on, delete one. */
export function MaterialPrices({ id }: { id: number }) {
  const { t, lang } = useTexts();
  const material = useMaterial(id);
  const setPrice = useSetMaterialPrice();
  const remove = useDeleteMaterialPrice();
  const currency = material.data?.currency ?? '';
  return (
    <>
      <Divider />
      <Typography.Title level={5}>{t('costs.mcost.prices')}</Typography.Title>
      <DatedValues<{ effectiveFrom: string; effectiveTo: string | null; unitPrice: number }, { unitPrice: number }>
        query={material}
        entries={material.data?.history}
        editPermission="product:materialCost:edit"
        deletePermission="product:materialCost:edit"
        fields={
          <Form.Item
            required
            name="unitPrice"
            label={`${t('costs.mcost.price')} (${currency})`}
            rules={[zodRule(unitPriceInput, lang)]}
          >
            <InputNumber min={0} step={0.01} style={{ width: 140 }} data-testid="material-new-price" />
          </Form.Item>
        }
        fieldNames={['unitPrice']}
        onSave={async (v, effectiveFrom) => {
          await setPrice.mutateAsync({ id, effectiveFrom, unitPrice: v.unitPrice });
          return t('costs.mcost.priceSaved');
        }}
        saving={setPrice.isPending}
        saveText={t('costs.mcost.setPrice')}
        saveTestId="material-price-save"
        tableId="costs.materials.prices"
        tableTestId="material-prices"
        valueColumns={[
          {
            key: 'price',
            title: t('costs.mcost.price'),
            priority: 'key',
            width: 150,
            align: 'right',
            render: (_, p) => `${formatCost(p.unitPrice)} ${currency}`,
          },
        ]}
        onDelete={(p) => remove.mutateAsync({ id, effectiveFrom: p.effectiveFrom })}
        deleteConfirm={(p) => t('costs.mcost.priceDeleteConfirm', { day: p.effectiveFrom })}
        deletedText={t('costs.mcost.priceDeleted')}
      />
    </>
  );
}
