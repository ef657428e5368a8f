import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { catalogProducts as ep, fieldText } from '@bo/contract';
import type { Product } from '@bo/contract/catalog/products';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNotify } from '../../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { FormProblemAlerts } from '../../../../shared/forms/FormProblemAlerts';
import { zodRule } from '../../../../shared/forms/form-rules';
import { positionOptions, useTexts } from '../../../../shared/i18n/lang';
import { ProductLineSelect } from '../../../../shared/product-lines/ProductLineSelect';
import { productPositionsQuery } from '../../../access/session/session.queries';
import { categoryOptions, LIFECYCLE_KEYS } from '../../shared/catalog-labels';
import { lifecycleChoices } from '../product-rules';
import { useCreateProduct, useUpdateProduct } from '../products.queries';

interface Values {
  model: string;
  name: string;
  nameEn: string;
  productLineId: number;
  positionId?: number;
  categoryCode: string;
  lifecycle: 0 | 1 | 2;
  launchDate?: Dayjs | null;
  eolDate?: Dayjs | null;
  skus?: { sku: string; variant?: string }[];
}

const FIELDS = [
  'model',
  'name',
  'nameEn',
  'productLineId',
  'positionId',
  'categoryCode',
  'lifecycle',
  'launchDate',
  'eolDate',
  'skus',
] as const;
const shape = ep.createProductBody.shape;
const skuShape = ep.createSku.body.shape;
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

interface Props {
  /** null: a new product. */
  product: Product | null;
  onDone: (product: Product) => void;
  onCancel: () => void;
  onReload: () => Promise<void>;
}

/** A product model's fields; a new product may bring its first SKUs. */
export function ProductForm({ product, onDone, onCancel, onReload }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const positions = useQuery(productPositionsQuery());
  const { problem, clear, report, reload, reloading } = useEditFormProblem(form, onReload);
  const lifecycle = Form.useWatch('lifecycle', form);

  const submit = async (v: Values) => {
    clear();
    const fields = {
      model: v.model,
      name: v.name,
      nameEn: v.nameEn,
      productLineId: v.productLineId,
      positionId: v.positionId ?? null,
      categoryCode: v.categoryCode as (typeof ep.CATEGORY_CODES)[number],
      lifecycle: v.lifecycle,
      launchDate: day(v.launchDate),
      eolDate: v.lifecycle === 2 ? day(v.eolDate) : null,
    };
    try {
      const saved = product
        ? await update.mutateAsync({ ...fields, id: product.id, version: product.version })
        : await create.mutateAsync({ ...fields, skus: (v.skus ?? []).map((s) => ({ sku: s.sku, variant: s.variant ?? '' })) });
      notify.success(t(product ? 'catalog.products.saved' : 'catalog.products.created', { model: saved.model }));
      onDone(saved);
    } catch (err) {
      report(err, { fields: FIELDS });
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{
        model: product?.model ?? '',
        name: product?.name ?? '',
        nameEn: product?.nameEn ?? '',
        productLineId: product?.productLineId,
        positionId: product?.positionId ?? undefined,
        categoryCode: product?.categoryCode,
        lifecycle: (product?.lifecycle ?? 0) as 0 | 1 | 2,
        launchDate: product?.launchDate ? dayjs(product.launchDate) : null,
        eolDate: product?.eolDate ? dayjs(product.eolDate) : null,
        skus: [],
      }}
      data-testid="product-form"
    >
      <FormProblemAlerts
        problem={problem}
        stale={{ title: t('catalog.products.stale.title'), text: t('catalog.products.stale.text') }}
        reload={{ onClick: () => void reload(), loading: reloading, testId: 'product-reload' }}
        errorTestId="product-form-error"
      />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="model" label={t('catalog.products.field.model')} rules={[zodRule(shape.model, lang)]}>
            <Input maxLength={32} autoComplete="off" data-testid="product-model" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="name" label={t('catalog.products.field.name')} rules={[zodRule(shape.name, lang)]}>
            <Input maxLength={100} data-testid="product-name" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="nameEn" label={t('catalog.products.field.nameEn')} rules={[zodRule(shape.nameEn, lang)]}>
        <Input maxLength={100} data-testid="product-name-en" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="productLineId"
            label={t('catalog.products.field.productLine')}
            rules={[{ required: true, message: fieldText('required', lang) }]}
          >
            <ProductLineSelect allowClear={false} testId="product-line" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="positionId" label={t('catalog.products.field.position')}>
            <Select<number>
              allowClear
              placeholder={t('catalog.optional')}
              loading={positions.isPending}
              options={positionOptions(positions.data ?? [], lang)}
              data-testid="product-position"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="categoryCode"
        label={t('catalog.products.field.category')}
        rules={[{ required: true, message: fieldText('required', lang) }]}
      >
        <Select showSearch={{ optionFilterProp: 'label' }} options={categoryOptions(lang)} data-testid="product-category" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="lifecycle" label={t('catalog.products.field.lifecycle')}>
            <Select<number>
              options={lifecycleChoices(product?.lifecycle ?? null).map((l) => ({
                value: l,
                label: t(LIFECYCLE_KEYS[l] as (typeof LIFECYCLE_KEYS)[number]),
              }))}
              data-testid="product-lifecycle"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="launchDate" label={t('catalog.products.field.launchDate')}>
            <DatePicker style={{ width: '100%' }} placeholder={t('catalog.optional')} data-testid="product-launch-date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="eolDate" label={t('catalog.products.field.eolDate')}>
            <DatePicker
              style={{ width: '100%' }}
              disabled={lifecycle !== 2}
              placeholder={t('catalog.optional')}
              data-testid="product-eol-date"
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('catalog.products.lifecycleHint')} {product ? t('catalog.products.lifecycleMoves') : null}
      </Typography.Paragraph>
      {!product && (
        <Form.List name="skus">
          {(items, { add, remove }) => (
            <Form.Item label={t('catalog.products.field.skus')}>
              {items.map((item, i) => (
                <Space key={item.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item name={[item.name, 'sku']} rules={[zodRule(skuShape.sku, lang)]}>
                    <Input
                      placeholder={t('catalog.products.field.sku')}
                      maxLength={40}
                      style={{ width: 200 }}
                      data-testid={`product-sku-${i}`}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'variant']}>
                    <Input
                      placeholder={t('catalog.products.field.variant')}
                      maxLength={100}
                      style={{ width: 240 }}
                      data-testid={`product-variant-${i}`}
                    />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(item.name)} aria-label={t('common.remove')} />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ sku: '', variant: '' })}
                data-testid="product-add-sku"
              >
                {t('catalog.products.addSku')}
              </Button>
            </Form.Item>
          )}
        </Form.List>
      )}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="product-save">
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}
