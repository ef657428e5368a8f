import { unitPriceInput } from '@bo/contract/costs/materials';
import { Button, DatePicker, Divider, Form, InputNumber, Popconfirm, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../shared/Can';
import { FitTable } from '../../../../shared/table/FitTable';
import { EmptyState, QueryStates } from '../../../../shared/components/QueryStates';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { useLang } from '../../../../shared/i18n/lang';
import { formatCost } from '../../shared/costs-format';
import { useDeleteMaterialPrice, useMaterial, useSetMaterialPrice } from '../materials.queries';

interface PriceValues {
  effectiveFrom: Dayjs;
  unitPrice: number;
}

/** A material's dated unit prices, newest first: set a price from a day on, delete one. */
export function MaterialPrices({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const material = useMaterial(id);
  const setPrice = useSetMaterialPrice();
  const remove = useDeleteMaterialPrice();
  const [form] = Form.useForm<PriceValues>();
  const currency = material.data?.currency ?? '';
  return (
    <>
      <Divider />
      <Typography.Title level={5}>{t('costs.mcost.prices')}</Typography.Title>
      <QueryStates pending={material.isPending} error={material.error} onRetry={() => void material.refetch()} rows={3}>
        <Can permission="product:materialCost:edit">
          <Form<PriceValues>
            form={form}
            layout="inline"
            initialValues={{ effectiveFrom: dayjs() }}
            style={{ marginBottom: 12 }}
            onFinish={(v) =>
              setPrice.mutate(
                { id, effectiveFrom: v.effectiveFrom.format('YYYY-MM-DD'), unitPrice: v.unitPrice },
                {
                  onSuccess: () => {
                    notify.success(t('costs.mcost.priceSaved'));
                    form.resetFields(['unitPrice']);
                  },
                  onError: (err) => {
                    if (!applyFieldErrors(form, err, lang, ['effectiveFrom', 'unitPrice'])) notify.error((err as Error).message);
                  },
                },
              )
            }
          >
            <Form.Item name="effectiveFrom" label={t('costs.from')} rules={[{ required: true, message: t('costs.required') }]}>
              <DatePicker allowClear={false} />
            </Form.Item>
            <Form.Item
              required
              name="unitPrice"
              label={`${t('costs.mcost.price')} (${currency})`}
              rules={[zodRule(unitPriceInput, lang)]}
            >
              <InputNumber min={0} step={0.01} style={{ width: 140 }} data-testid="material-new-price" />
            </Form.Item>
            <Button htmlType="submit" loading={setPrice.isPending} data-testid="material-price-save">
              {t('costs.mcost.setPrice')}
            </Button>
          </Form>
        </Can>
        <FitTable
          tableId="costs.materials.prices"
          size="small"
          rowKey="effectiveFrom"
          pagination={false}
          dataSource={material.data?.history ?? []}
          data-testid="material-prices"
          locale={{ emptyText: <EmptyState text={t('costs.noEntries')} /> }}
          columns={[
            { key: 'from', title: t('costs.column.since'), priority: 'key', width: 110, render: (_, p) => p.effectiveFrom },
            {
              key: 'to',
              title: t('costs.column.until'),
              priority: 'key',
              width: 110,
              render: (_, p) => p.effectiveTo ?? t('costs.open'),
            },
            {
              key: 'price',
              title: t('costs.mcost.price'),
              priority: 'key',
              width: 150,
              align: 'right',
              render: (_, p) => `${formatCost(p.unitPrice)} ${currency}`,
            },
            {
              key: 'actions',
              title: t('costs.column.actions'),
              priority: 'key',
              width: 100,
              render: (_, p) => (
                <Can permission="product:materialCost:edit">
                  <Popconfirm
                    title={t('costs.mcost.priceDeleteConfirm', { day: p.effectiveFrom })}
                    onConfirm={() =>
                      remove.mutate(
                        { id, effectiveFrom: p.effectiveFrom },
                        { onSuccess: () => notify.success(t('costs.mcost.priceDeleted')) },
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
    </>
  );
}
