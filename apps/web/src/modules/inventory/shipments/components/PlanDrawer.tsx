/** The plan's form (create and edit a draft) on the kit's EditDrawer: shop, destination, mode, remark and the SKU lines in whole cartons. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/inventory/shipments';
import { cartonsFor, SHIPMENT_MODES, type ShipmentPlan } from '@bo/contract/inventory/shipments';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTexts } from '../../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../../shared/kit/EditDrawer';
import { shopLabel } from '../../../../shared/markets/markets';
import { userShopsQuery } from '../../../../shared/session/session-queries';
import { useSavePlan, useWarehouses } from '../shipments.queries';

interface LineValues {
  sku: string;
  unitsPerCarton: number;
  quantity: number;
}
interface Values {
  shopId: number;
  warehouseId: number;
  mode: ShipmentPlan['mode'];
  remark: string;
  lines: LineValues[];
}

function LinesInput() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const lines = Form.useWatch('lines', form) ?? [];
  return (
    <Form.Item label={t('shipments.plans.lines')} required>
      <Form.List name="lines">
        {(items, { add, remove }) => (
          <>
            {items.map((item, i) => {
              const l = lines[i];
              const cartons = l?.quantity && l.unitsPerCarton ? cartonsFor(l.quantity, l.unitsPerCarton) : 0;
              return (
                <div key={item.key} data-testid={`plan-line-${i}`}>
                  <Space align="start" wrap>
                    <Form.Item name={[item.name, 'sku']} rules={[{ required: true, whitespace: true, max: 64 }]}>
                      <Input placeholder="SKU" style={{ width: 180 }} data-testid={`plan-line-sku-${i}`} />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'unitsPerCarton']}
                      rules={[{ required: true, type: 'integer', min: 1, max: 10_000 }]}
                    >
                      <InputNumber
                        placeholder={t('shipments.plans.unitsPerCarton')}
                        min={1}
                        max={10_000}
                        precision={0}
                        style={{ width: 140 }}
                        data-testid={`plan-line-upc-${i}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'quantity']}
                      rules={[{ required: true, type: 'integer', min: 1, max: 1_000_000 }]}
                    >
                      <InputNumber
                        placeholder={t('shipments.plans.wanted')}
                        min={1}
                        max={1_000_000}
                        precision={0}
                        style={{ width: 140 }}
                        data-testid={`plan-line-qty-${i}`}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      onClick={() => remove(item.name)}
                      disabled={items.length === 1}
                    />
                  </Space>
                  {cartons > 0 && (
                    <Typography.Text type="secondary" style={{ display: 'block', marginTop: -16, marginBottom: 8, fontSize: 12 }}>
                      {t('shipments.plans.roundedHint', { cartons, units: cartons * (l?.unitsPerCarton ?? 0) })}
                    </Typography.Text>
                  )}
                </div>
              );
            })}
            <Button icon={<PlusOutlined />} onClick={() => add({ unitsPerCarton: 20 })} data-testid="plan-line-add">
              {t('shipments.plans.addLine')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

export function PlanDrawer({ editor, onClose }: { editor: Editor<ShipmentPlan> | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const save = useSavePlan();
  const shops = useQuery(userShopsQuery());
  const warehouses = useWarehouses();
  return (
    <EditDrawer<ShipmentPlan, Values, ShipmentPlan>
      editor={editor}
      onClose={onClose}
      title={(e) =>
        e.mode === 'edit' ? t('shipments.plans.editTitle', { code: e.record.code }) : t('shipments.plans.createTitle')
      }
      schema={ep.createPlan.body}
      width={720}
      drawerTestId="plan-drawer"
      saveTestId="plan-save"
      initialValues={(e) =>
        e.record
          ? {
              shopId: e.record.shopId,
              warehouseId: e.record.warehouseId,
              mode: e.record.mode,
              remark: e.record.remark,
              lines: e.record.lines.map((l) => ({ sku: l.sku, unitsPerCarton: l.unitsPerCarton, quantity: l.quantity })),
            }
          : { mode: 'sea', remark: '', lines: [{ sku: '', unitsPerCarton: 20, quantity: 0 } as never] }
      }
      fields={[
        {
          name: 'shopId',
          label: t('shipments.plans.shopId'),
          span: 12,
          input: (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={shops.isPending}
              options={(shops.data ?? []).map((s) => ({ value: s.id, label: shopLabel(s.name, s.marketId) }))}
              data-testid="plan-shop"
            />
          ),
        },
        {
          name: 'warehouseId',
          label: t('shipments.plans.warehouseId'),
          span: 12,
          input: (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={warehouses.isPending}
              options={(warehouses.data ?? []).map((w) => ({
                value: w.id,
                label: `${w.code} · ${lang === 'zh-CN' ? w.name : w.nameEn}`,
              }))}
              data-testid="plan-warehouse"
            />
          ),
        },
        {
          name: 'mode',
          input: 'radio',
          label: t('shipments.column.mode'),
          options: SHIPMENT_MODES.map((m) => ({ value: m, label: t(`shipments.mode.${m}`) })),
          testId: 'plan-mode',
        },
        { name: 'remark', input: 'textarea', label: t('shipments.plans.remark'), testId: 'plan-remark' },
        { name: 'lines', label: t('shipments.plans.lines'), bare: true, input: <LinesInput /> },
      ]}
      onSubmit={(v, e) =>
        save.mutateAsync({
          id: e.mode === 'edit' ? e.record.id : null,
          version: e.mode === 'edit' ? e.record.version : undefined,
          body: { ...v, remark: v.remark ?? '' },
        })
      }
      savedText={(p) => t('shipments.plans.saved', { code: p.code })}
    />
  );
}
