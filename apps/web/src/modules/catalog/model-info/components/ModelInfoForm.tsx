import { catalogModelInfo as ep } from '@bo/contract';
import type { ModelInfoRow } from '@bo/contract/catalog/model-info';
import { Alert, Button, Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { zodRule } from '../../../../shared/forms/form-rules';
import { validationText } from '../../../../shared/forms/validation-text';
import { useLang } from '../../../../shared/i18n/lang';
import { MATERIAL_KEYS, POWER_PACK_KEYS, productName } from '../../shared/catalog-labels';
import { useCreateModelInfo, useProductsWithoutInfo, useUpdateModelInfo } from '../model-info.queries';

type Info = NonNullable<ModelInfoRow['info']>;
type Values = Omit<Info, 'version' | 'updatedAt'> & { productId: number };

const SIZE_FIELDS = ['lengthMm', 'widthMm', 'heightMm'] as const;
const PACKAGE_FIELDS = ['packageLengthMm', 'packageWidthMm', 'packageHeightMm'] as const;
const FIELDS = [
  'productId',
  ...SIZE_FIELDS,
  ...PACKAGE_FIELDS,
  'netWeightG',
  'grossWeightG',
  'powerPack',
  'material',
  'ratedVoltage',
  'wattageW',
  'plugType',
  'certifications',
  'hsCode',
  'countryOfOrigin',
] as const;
const f = ep.modelInfoFields;

interface Props {
  /** The product's row; `info` null: a new record for it. null: pick a product first. */
  row: ModelInfoRow | null;
  onDone: () => void;
  onCancel: () => void;
  onReload: () => Promise<void>;
}

/** Technical data of one product: sizes, weights, packaging, power, material, electrical data, certifications, customs. */
export function ModelInfoForm({ row, onDone, onCancel, onReload }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const create = useCreateModelInfo();
  const update = useUpdateModelInfo();
  const info = row?.info ?? null;
  const [search, setSearch] = useState('');
  const candidates = useProductsWithoutInfo(search, row === null);
  const { problem, clear, report, reload, reloading } = useEditFormProblem(form, onReload);

  const submit = async (v: Values) => {
    clear();
    const body = {
      ...v,
      ratedVoltage: v.ratedVoltage?.trim() ? v.ratedVoltage.trim() : null,
      wattageW: v.wattageW ?? null,
      plugType: (v.plugType ?? null) as (typeof ep.PLUG_TYPES)[number] | null,
      certifications: v.certifications ?? [],
      powerPack: v.powerPack as 0 | 1 | 2,
      material: v.material as 1 | 2,
    };
    try {
      const saved = info ? await update.mutateAsync({ ...body, version: info.version }) : await create.mutateAsync(body);
      notify.success(t(info ? 'catalog.modelInfo.saved' : 'catalog.modelInfo.created', { model: saved.model }));
      onDone();
    } catch (err) {
      report(err, { fields: FIELDS, conflict: { field: 'productId', text: t('catalog.modelInfo.exists') } });
    }
  };

  const mm = (name: (typeof SIZE_FIELDS)[number] | (typeof PACKAGE_FIELDS)[number], label: string) => (
    <Col span={8}>
      <Form.Item name={name} label={label} rules={[zodRule(f[name], lang)]}>
        <InputNumber min={0} max={ep.MAX_SIDE_MM} step={1} precision={1} style={{ width: '100%' }} data-testid={`mi-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{
        productId: row?.productId,
        ...(info ?? { powerPack: 0, material: 2, certifications: [], ratedVoltage: null, wattageW: null, plugType: null }),
      }}
      data-testid="model-info-form"
    >
      {problem?.kind === 'stale' && (
        <Alert
          type="warning"
          showIcon
          className="bo-form-alert"
          title={t('catalog.modelInfo.stale.title')}
          description={t('catalog.modelInfo.stale.text')}
          action={
            <Button size="small" type="primary" loading={reloading} onClick={() => void reload()}>
              {t('common.reload')}
            </Button>
          }
        />
      )}
      {problem?.kind === 'error' && <Alert type="error" showIcon className="bo-form-alert" title={problem.text} />}
      <Form.Item
        name="productId"
        label={t('catalog.modelInfo.field.product')}
        rules={[{ required: true, message: validationText('required', lang) }]}
      >
        {row ? (
          <Select disabled options={[{ value: row.productId, label: `${row.model} · ${productName(row, lang)}` }]} />
        ) : (
          <Select<number>
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder={t('catalog.modelInfo.pickProduct')}
            loading={candidates.isFetching}
            options={(candidates.data?.list ?? []).map((p) => ({
              value: p.productId,
              label: `${p.model} · ${productName(p, lang)}`,
            }))}
            data-testid="mi-product"
          />
        )}
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('catalog.modelInfo.field.size')}
      </Divider>
      <Row gutter={12}>
        {mm('lengthMm', t('catalog.modelInfo.field.length'))}
        {mm('widthMm', t('catalog.modelInfo.field.width'))}
        {mm('heightMm', t('catalog.modelInfo.field.height'))}
      </Row>
      <Divider titlePlacement="start" plain>
        {t('catalog.modelInfo.field.package')}
      </Divider>
      <Row gutter={12}>
        {mm('packageLengthMm', t('catalog.modelInfo.field.length'))}
        {mm('packageWidthMm', t('catalog.modelInfo.field.width'))}
        {mm('packageHeightMm', t('catalog.modelInfo.field.height'))}
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="netWeightG" label={t('catalog.modelInfo.field.netWeightG')} rules={[zodRule(f.netWeightG, lang)]}>
            <InputNumber min={0} max={ep.MAX_WEIGHT_G} precision={1} style={{ width: '100%' }} data-testid="mi-netWeightG" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="grossWeightG"
            label={t('catalog.modelInfo.field.grossWeightG')}
            rules={[zodRule(f.grossWeightG, lang)]}
          >
            <InputNumber min={0} max={ep.MAX_WEIGHT_G} precision={1} style={{ width: '100%' }} data-testid="mi-grossWeightG" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={15}>
          <Form.Item name="powerPack" label={t('catalog.modelInfo.field.powerPack')}>
            <Radio.Group
              optionType="button"
              options={POWER_PACK_KEYS.map((key, value) => ({ value, label: t(key) }))}
              data-testid="mi-powerPack"
            />
          </Form.Item>
        </Col>
        <Col span={9}>
          <Form.Item name="material" label={t('catalog.modelInfo.field.material')}>
            <Radio.Group
              optionType="button"
              options={ep.MATERIALS.map((value) => ({
                value,
                label: t(MATERIAL_KEYS[value] as 'catalog.modelInfo.material.metal'),
              }))}
              data-testid="mi-material"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item
            name="ratedVoltage"
            label={t('catalog.modelInfo.field.ratedVoltage')}
            rules={[zodRule(f.ratedVoltage, lang, { optional: true })]}
          >
            <Input maxLength={32} placeholder={t('catalog.modelInfo.field.ratedVoltageHint')} data-testid="mi-ratedVoltage" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="wattageW"
            label={t('catalog.modelInfo.field.wattageW')}
            rules={[zodRule(f.wattageW, lang, { optional: true })]}
          >
            <InputNumber
              min={0}
              max={ep.MAX_WATTAGE_W}
              precision={2}
              style={{ width: '100%' }}
              placeholder={t('catalog.optional')}
              data-testid="mi-wattageW"
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="plugType" label={t('catalog.modelInfo.field.plugType')}>
            <Select
              allowClear
              placeholder={t('catalog.optional')}
              options={ep.PLUG_TYPES.map((p) => ({ value: p, label: p === 'none' ? t('catalog.modelInfo.plug.none') : p }))}
              data-testid="mi-plugType"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="certifications"
        label={t('catalog.modelInfo.field.certifications')}
        extra={t('catalog.modelInfo.field.certificationsHint')}
        rules={[zodRule(f.certifications, lang, { optional: true })]}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ' ', '/']}
          options={ep.KNOWN_CERTIFICATIONS.map((c) => ({ value: c, label: c }))}
          data-testid="mi-certifications"
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="hsCode" label={t('catalog.modelInfo.field.hsCode')} rules={[zodRule(f.hsCode, lang)]}>
            <Input maxLength={10} inputMode="numeric" data-testid="mi-hsCode" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="countryOfOrigin"
            label={t('catalog.modelInfo.field.countryOfOrigin')}
            extra={t('catalog.modelInfo.field.countryHint')}
            rules={[zodRule(f.countryOfOrigin, lang)]}
            normalize={(v: string) => v?.toUpperCase()}
          >
            <Input maxLength={2} style={{ width: 100 }} data-testid="mi-countryOfOrigin" />
          </Form.Item>
        </Col>
      </Row>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="mi-save">
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}
