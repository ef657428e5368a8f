import { type BilingualText, materialFields, unitPriceInput } from '@bo/contract/costs/materials';
import { MATERIAL_CURRENCIES, MATERIAL_UNITS } from '@bo/contract/costs/shared';
import {
  AutoComplete,
  Button,
  DatePicker,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../shared/Can';
import { EmptyState, QueryStates } from '../../../../shared/components/QueryStates';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { isApiError } from '../../../../shared/http/api-error';
import { useLang } from '../../../../shared/i18n/lang';
import { formatCost } from '../../shared/costs-format';
import {
  useCreateMaterial,
  useDeleteMaterialPrice,
  useMaterial,
  useMaterialOptions,
  useSetMaterialPrice,
  useUpdateMaterial,
} from '../materials.queries';

const filterOption = (input: string, o?: { value?: unknown }) =>
  String(o?.value ?? '')
    .toLowerCase()
    .includes(input.toLowerCase());

export type MaterialEditor = { mode: 'create' } | { mode: 'edit'; id: number };

interface Values {
  code: string;
  name?: string;
  nameEn?: string;
  unit: string;
  category?: string;
  categoryEn?: string;
  supplier?: string;
  supplierEn?: string;
  currency: string;
  priceFrom?: Dayjs;
  unitPrice?: number;
}
const FIELDS = ['code', 'name', 'nameEn', 'unit', 'category', 'categoryEn', 'supplier', 'supplierEn', 'currency'] as const;

/** The options of one language's column of the category or supplier pairs in use. */
const sideOptions = (pairs: readonly BilingualText[], side: 'zh' | 'en') =>
  [...new Set(pairs.map((p) => p[side]).filter(Boolean))].map((value) => ({ value }));

/** Add a material, or edit one with its price history (new price, delete a price). */
export function MaterialDrawer({
  editor,
  onClose,
  onCreated,
}: {
  editor: MaterialEditor | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const can = useCan();
  const id = editor?.mode === 'edit' ? editor.id : null;
  const material = useMaterial(id);
  const options = useMaterialOptions();
  const create = useCreateMaterial();
  const update = useUpdateMaterial();
  const [form] = Form.useForm<Values>();
  const readOnly = editor?.mode === 'edit' && !can('product:materialCost:edit');
  const categories = options.data?.categories ?? [];
  const suppliers = options.data?.suppliers ?? [];
  /** Required unless the other language's field of the pair is filled in. */
  const oneOfTwo = (other: keyof Values) => ({
    validator: async (_: unknown, value: unknown) => {
      if (String(value ?? '').trim() || String(form.getFieldValue(other) ?? '').trim()) return;
      throw new Error(t('costs.mcost.oneOfTwo'));
    },
  });
  /** Picking a known category or supplier fills the other language's text when that one is empty. */
  const fillOther = (pairs: readonly BilingualText[], side: 'zh' | 'en', value: string, other: keyof Values) => {
    const pair = pairs.find((p) => p[side] === value);
    const otherText = pair?.[side === 'zh' ? 'en' : 'zh'];
    if (otherText && !String(form.getFieldValue(other) ?? '').trim()) form.setFieldValue(other, otherText);
  };

  useEffect(() => {
    if (editor?.mode === 'create') form.resetFields();
    else if (material.data) {
      const m = material.data;
      form.setFieldsValue({
        code: m.code,
        name: m.name,
        nameEn: m.nameEn,
        unit: m.unit,
        category: m.category,
        categoryEn: m.categoryEn,
        supplier: m.supplier,
        supplierEn: m.supplierEn,
        currency: m.currency,
      });
    }
  }, [editor, material.data, form]);

  const submit = (v: Values) => {
    const attrs = {
      code: v.code,
      name: v.name?.trim() ?? '',
      nameEn: v.nameEn?.trim() ?? '',
      unit: v.unit as (typeof MATERIAL_UNITS)[number],
      category: v.category?.trim() ?? '',
      categoryEn: v.categoryEn?.trim() ?? '',
      supplier: v.supplier?.trim() ?? '',
      supplierEn: v.supplierEn?.trim() ?? '',
      currency: v.currency as (typeof MATERIAL_CURRENCIES)[number],
    };
    const failed = (err: unknown) => {
      if (isApiError(err) && err.status === 409 && id !== null && !err.fields.length) {
        notify.error(t('costs.mcost.stale'));
        void material.refetch();
        return;
      }
      if (!applyFieldErrors(form, err, lang, FIELDS)) notify.error((err as Error).message);
    };
    if (editor?.mode === 'create') {
      const hasPrice = v.unitPrice !== undefined && v.unitPrice !== null;
      if (Boolean(v.priceFrom) !== hasPrice) {
        form.setFields([{ name: v.priceFrom ? 'unitPrice' : 'priceFrom', errors: [t('costs.required')] }]);
        return;
      }
      const price =
        v.priceFrom && v.unitPrice !== undefined && v.unitPrice !== null
          ? { effectiveFrom: v.priceFrom.format('YYYY-MM-DD'), unitPrice: v.unitPrice }
          : null;
      create.mutate(
        { ...attrs, price },
        {
          onSuccess: (r) => {
            notify.success(t('costs.mcost.created'));
            onCreated(r.id);
          },
          onError: failed,
        },
      );
    } else if (id !== null && material.data) {
      update.mutate(
        { id, body: { ...attrs, version: material.data.version } },
        { onSuccess: () => notify.success(t('costs.mcost.updated')), onError: failed },
      );
    }
  };

  const title =
    editor?.mode === 'create' ? t('costs.mcost.createTitle') : t('costs.mcost.editTitle', { code: material.data?.code ?? '' });

  const body = (
    <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={readOnly} data-testid="material-form">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('costs.mcost.bilingualHint')}
      </Typography.Paragraph>
      <Space wrap size={12} align="start">
        <Form.Item required name="code" label={t('costs.mcost.code')} rules={[zodRule(materialFields.code, lang)]}>
          <Input style={{ width: 200 }} maxLength={40} data-testid="material-code" />
        </Form.Item>
        <Form.Item
          required
          name="name"
          label={t('costs.mcost.nameZh')}
          dependencies={['nameEn']}
          rules={[zodRule(materialFields.name, lang), oneOfTwo('nameEn')]}
        >
          <Input style={{ width: 240 }} maxLength={128} data-testid="material-name" />
        </Form.Item>
        <Form.Item
          required
          name="nameEn"
          label={t('costs.mcost.nameEn')}
          dependencies={['name']}
          rules={[zodRule(materialFields.nameEn, lang), oneOfTwo('name')]}
        >
          <Input style={{ width: 240 }} maxLength={128} data-testid="material-name-en" />
        </Form.Item>
        <Form.Item name="unit" label={t('costs.mcost.unit')} rules={[{ required: true, message: t('costs.required') }]}>
          <Select
            style={{ width: 110 }}
            options={MATERIAL_UNITS.map((u) => ({ value: u, label: u }))}
            data-testid="material-unit"
          />
        </Form.Item>
        <Form.Item
          required
          name="category"
          label={t('costs.mcost.categoryZh')}
          dependencies={['categoryEn']}
          rules={[zodRule(materialFields.category, lang), oneOfTwo('categoryEn')]}
        >
          <AutoComplete
            style={{ width: 180 }}
            options={sideOptions(categories, 'zh')}
            filterOption={filterOption}
            onSelect={(v: string) => fillOther(categories, 'zh', v, 'categoryEn')}
            data-testid="material-category"
          />
        </Form.Item>
        <Form.Item
          required
          name="categoryEn"
          label={t('costs.mcost.categoryEn')}
          dependencies={['category']}
          rules={[zodRule(materialFields.categoryEn, lang), oneOfTwo('category')]}
        >
          <AutoComplete
            style={{ width: 180 }}
            options={sideOptions(categories, 'en')}
            filterOption={filterOption}
            onSelect={(v: string) => fillOther(categories, 'en', v, 'category')}
            data-testid="material-category-en"
          />
        </Form.Item>
        <Form.Item name="supplier" label={t('costs.mcost.supplierZh')}>
          <AutoComplete
            style={{ width: 220 }}
            maxLength={128}
            options={sideOptions(suppliers, 'zh')}
            filterOption={filterOption}
            onSelect={(v: string) => fillOther(suppliers, 'zh', v, 'supplierEn')}
            data-testid="material-supplier"
          />
        </Form.Item>
        <Form.Item name="supplierEn" label={t('costs.mcost.supplierEn')}>
          <AutoComplete
            style={{ width: 220 }}
            maxLength={128}
            options={sideOptions(suppliers, 'en')}
            filterOption={filterOption}
            onSelect={(v: string) => fillOther(suppliers, 'en', v, 'supplier')}
            data-testid="material-supplier-en"
          />
        </Form.Item>
        <Form.Item name="currency" label={t('costs.mcost.currency')} rules={[{ required: true, message: t('costs.required') }]}>
          <Select
            style={{ width: 110 }}
            options={MATERIAL_CURRENCIES.map((c) => ({ value: c, label: c }))}
            data-testid="material-currency"
          />
        </Form.Item>
      </Space>
      {editor?.mode === 'create' && (
        <div>
          <Typography.Title level={5}>{t('costs.mcost.firstPrice')}</Typography.Title>
          <Space wrap size={12}>
            <Form.Item name="priceFrom" label={t('costs.from')}>
              <DatePicker />
            </Form.Item>
            <Form.Item
              name="unitPrice"
              label={t('costs.mcost.price')}
              rules={[zodRule(unitPriceInput, lang, { optional: true })]}
            >
              <InputNumber min={0} step={0.01} style={{ width: 140 }} data-testid="material-price" />
            </Form.Item>
          </Space>
        </div>
      )}
      {!readOnly && (
        <div>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="material-save">
            {t('costs.save')}
          </Button>
        </div>
      )}
    </Form>
  );

  return (
    <Drawer open={editor !== null} onClose={onClose} width={720} title={title} destroyOnHidden data-testid="material-drawer">
      {editor?.mode === 'create' ? (
        body
      ) : (
        <QueryStates pending={material.isPending} error={material.error} onRetry={() => void material.refetch()} rows={4}>
          {body}
          {material.data && id !== null && (
            <PriceHistory id={id} currency={material.data.currency} history={material.data.history} />
          )}
        </QueryStates>
      )}
    </Drawer>
  );
}

interface PriceValues {
  effectiveFrom: Dayjs;
  unitPrice: number;
}

function PriceHistory({
  id,
  currency,
  history,
}: {
  id: number;
  currency: string;
  history: { effectiveFrom: string; effectiveTo: string | null; unitPrice: number }[];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const setPrice = useSetMaterialPrice();
  const remove = useDeleteMaterialPrice();
  const [form] = Form.useForm<PriceValues>();
  return (
    <>
      <Divider />
      <Typography.Title level={5}>{t('costs.mcost.prices')}</Typography.Title>
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
      <Table
        size="small"
        rowKey="effectiveFrom"
        pagination={false}
        dataSource={history}
        data-testid="material-prices"
        locale={{ emptyText: <EmptyState text={t('costs.noEntries')} /> }}
        columns={[
          { key: 'from', title: t('costs.column.since'), render: (_, p) => p.effectiveFrom },
          { key: 'to', title: t('costs.column.until'), render: (_, p) => p.effectiveTo ?? t('costs.open') },
          {
            key: 'price',
            title: t('costs.mcost.price'),
            align: 'right',
            render: (_, p) => `${formatCost(p.unitPrice)} ${currency}`,
          },
          {
            key: 'actions',
            title: t('costs.column.actions'),
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
    </>
  );
}
