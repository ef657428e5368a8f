import { catalogModelInfo as ep } from '@bo/contract';
import type { ModelInfoRow } from '@bo/contract/catalog/model-info';
import { Input, Select } from 'antd';
import { useState } from 'react';
import { useTexts } from '../../../../shared/i18n/lang';
import { EditDrawer, type Editor, type FormField } from '../../../../shared/kit/EditDrawer';
import { MATERIAL_KEYS, POWER_PACK_KEYS, productName } from '../../shared/catalog-labels';
import { fetchModelInfo, useCreateModelInfo, useProductsWithoutInfo, useUpdateModelInfo } from '../model-info.queries';

type Info = NonNullable<ModelInfoRow['info']>;
type Values = Omit<Info, 'version' | 'updatedAt'> & { productId: number };
type SideField = 'lengthMm' | 'widthMm' | 'heightMm' | 'packageLengthMm' | 'packageWidthMm' | 'packageHeightMm';

interface Props {
  /** create without a record: pick a product first; create with one: the product has no info yet; edit: it has. */
  editor: Editor<ModelInfoRow> | null;
  onClose: () => void;
  onReloaded: (row: ModelInfoRow) => void;
}

/** Technical data of one product: sizes, weights, packaging, power, material, electrical data, certifications, customs. */
export function ModelInfoEditDrawer({ editor, onClose, onReloaded }: Props) {
  const { t, lang } = useTexts();
  const create = useCreateModelInfo();
  const update = useUpdateModelInfo();
  const mm = (name: SideField, label: string, section?: string): FormField<Values> => ({
    name,
    label,
    section,
    span: 8,
    precision: 1,
    testId: `mi-${name}`,
  });

  const fields = (e: Editor<ModelInfoRow>): FormField<Values>[] => [
    {
      name: 'productId',
      label: t('catalog.modelInfo.field.product'),
      input: e.record ? (
        <Select disabled options={[{ value: e.record.productId, label: `${e.record.model} · ${productName(e.record, lang)}` }]} />
      ) : (
        <ProductWithoutInfoInput />
      ),
    },
    mm('lengthMm', t('catalog.modelInfo.field.length'), t('catalog.modelInfo.field.size')),
    mm('widthMm', t('catalog.modelInfo.field.width')),
    mm('heightMm', t('catalog.modelInfo.field.height')),
    mm('packageLengthMm', t('catalog.modelInfo.field.length'), t('catalog.modelInfo.field.package')),
    mm('packageWidthMm', t('catalog.modelInfo.field.width')),
    mm('packageHeightMm', t('catalog.modelInfo.field.height')),
    { name: 'netWeightG', label: t('catalog.modelInfo.field.netWeightG'), span: 12, precision: 1, testId: 'mi-netWeightG' },
    { name: 'grossWeightG', label: t('catalog.modelInfo.field.grossWeightG'), span: 12, precision: 1, testId: 'mi-grossWeightG' },
    {
      name: 'powerPack',
      label: t('catalog.modelInfo.field.powerPack'),
      input: 'radio',
      options: POWER_PACK_KEYS.map((key, value) => ({ value, label: t(key) })),
      span: 15,
      testId: 'mi-powerPack',
    },
    {
      name: 'material',
      label: t('catalog.modelInfo.field.material'),
      input: 'radio',
      options: ep.MATERIALS.map((value) => ({ value, label: t(MATERIAL_KEYS[value] as 'catalog.modelInfo.material.metal') })),
      span: 9,
      testId: 'mi-material',
    },
    {
      name: 'ratedVoltage',
      label: t('catalog.modelInfo.field.ratedVoltage'),
      placeholder: t('catalog.modelInfo.field.ratedVoltageHint'),
      span: 8,
      testId: 'mi-ratedVoltage',
    },
    {
      name: 'wattageW',
      label: t('catalog.modelInfo.field.wattageW'),
      placeholder: t('catalog.optional'),
      precision: 2,
      span: 8,
      testId: 'mi-wattageW',
    },
    {
      name: 'plugType',
      label: t('catalog.modelInfo.field.plugType'),
      placeholder: t('catalog.optional'),
      options: ep.PLUG_TYPES.map((p) => ({ value: p, label: p === 'none' ? t('catalog.modelInfo.plug.none') : p })),
      span: 8,
      testId: 'mi-plugType',
    },
    {
      name: 'certifications',
      label: t('catalog.modelInfo.field.certifications'),
      extra: t('catalog.modelInfo.field.certificationsHint'),
      input: (
        <Select
          mode="tags"
          tokenSeparators={[',', ' ', '/']}
          options={ep.KNOWN_CERTIFICATIONS.map((c) => ({ value: c, label: c }))}
          data-testid="mi-certifications"
        />
      ),
    },
    {
      name: 'hsCode',
      label: t('catalog.modelInfo.field.hsCode'),
      input: <Input maxLength={10} inputMode="numeric" data-testid="mi-hsCode" />,
      span: 12,
    },
    {
      name: 'countryOfOrigin',
      label: t('catalog.modelInfo.field.countryOfOrigin'),
      extra: t('catalog.modelInfo.field.countryHint'),
      input: <Input maxLength={2} style={{ width: 100 }} data-testid="mi-countryOfOrigin" />,
      normalize: (v) => (typeof v === 'string' ? v.toUpperCase() : v),
      span: 12,
    },
  ];

  return (
    <EditDrawer<ModelInfoRow, Values, ModelInfoRow>
      editor={editor}
      onClose={onClose}
      title={(e) =>
        e.mode === 'edit' ? t('catalog.modelInfo.editTitle', { model: e.record.model }) : t('catalog.modelInfo.createTitle')
      }
      schema={ep.createModelInfo.body}
      updateSchema={ep.updateModelInfo.body}
      fields={fields}
      initialValues={(e) => {
        const info = e.mode === 'edit' ? e.record.info : null;
        const {
          version: _v,
          updatedAt: _u,
          ...values
        } = info ?? {
          powerPack: 0,
          material: 2,
          certifications: [],
          ratedVoltage: null,
          wattageW: null,
          plugType: null,
        };
        return { productId: e.record?.productId, ...values };
      }}
      onSubmit={(v, e) => {
        const body = {
          ...v,
          ratedVoltage: v.ratedVoltage?.trim() ? v.ratedVoltage.trim() : null,
          wattageW: v.wattageW ?? null,
          plugType: (v.plugType ?? null) as (typeof ep.PLUG_TYPES)[number] | null,
          certifications: v.certifications ?? [],
          powerPack: v.powerPack as 0 | 1 | 2,
          material: v.material as 1 | 2,
        };
        const info = e.mode === 'edit' ? e.record.info : null;
        return info ? update.mutateAsync({ ...body, version: info.version }) : create.mutateAsync(body);
      }}
      savedText={(saved, e) =>
        t(e.mode === 'edit' ? 'catalog.modelInfo.saved' : 'catalog.modelInfo.created', { model: saved.model })
      }
      reload={async (row) => {
        const fresh = await fetchModelInfo(row.productId, row.model);
        return fresh?.info ? fresh : null;
      }}
      onReloaded={onReloaded}
      conflict={() => ({ field: 'productId', text: t('catalog.modelInfo.exists') })}
      width={640}
      testId="model-info-form"
      saveTestId="mi-save"
    />
  );
}

/** A product that has no model info yet, searched on the server as you type. */
function ProductWithoutInfoInput({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const { t, lang } = useTexts();
  const [search, setSearch] = useState('');
  const candidates = useProductsWithoutInfo(search, true);
  return (
    <Select<number>
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={t('catalog.modelInfo.pickProduct')}
      loading={candidates.isFetching}
      options={(candidates.data?.list ?? []).map((p) => ({ value: p.productId, label: `${p.model} · ${productName(p, lang)}` }))}
      data-testid="mi-product"
    />
  );
}
