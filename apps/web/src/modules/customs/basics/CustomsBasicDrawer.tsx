import type { CustomsBasic } from '@bo/contract/customs/basics';
import * as ep from '@bo/contract/customs/basics';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../shared/Can';
import { useTexts } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor, type FormField } from '../../../shared/kit/EditDrawer';
import { customsModelsQuery, useSaveCustomsBasic } from '../customs.queries';
import { useCountryOptions } from './country-options';

type Values = Omit<ep.CustomsBasicBody, 'importHsCode'> & { importHsCode?: string | null };

/** What a create may start from: a model and a destination (the "missing" view's Fill in). */
export type CustomsPreset = Partial<CustomsBasic>;

interface Props {
  editor: Editor<CustomsBasic> | null;
  onClose: () => void;
  onHistory: (record: CustomsBasic) => void;
}

/** The model picker: catalogue models by model or name, the record's own model shown before any search. */
function ModelSelect(props: {
  value?: number;
  onChange?: (v: number) => void;
  current?: { productId: number; model: string } | undefined;
}) {
  const { t, lang } = useTexts();
  const [keyword, setKeyword] = useState('');
  const models = useQuery(customsModelsQuery(keyword));
  const options = (models.data ?? []).map((m) => ({
    value: m.productId,
    label: `${m.model} · ${lang === 'zh-CN' ? m.name : m.nameEn}`,
  }));
  const cur = props.current;
  if (cur && !options.some((o) => o.value === cur.productId)) options.unshift({ value: cur.productId, label: cur.model });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={props.value}
      onChange={props.onChange}
      placeholder={t('customs.basics.modelPlaceholder')}
      loading={models.isFetching}
      options={options}
      data-testid="customs-model"
    />
  );
}

/** Add, edit or copy (to another destination) one model x destination record. */
export function CustomsBasicDrawer({ editor, onClose, onHistory }: Props) {
  const { t } = useTexts();
  const can = useCan();
  const save = useSaveCustomsBasic();
  const countries = useCountryOptions();
  const current = editor?.record?.productId
    ? { productId: editor.record.productId, model: editor.record.model ?? '' }
    : undefined;

  const fields: FormField<Values>[] = [
    {
      name: 'productId',
      label: t('customs.basics.field.productId'),
      input: <ModelSelect current={current} />,
      disabled: (mode) => mode === 'copy',
      span: 12,
    },
    {
      name: 'country',
      label: t('customs.basics.field.country'),
      input: <Select options={countries} data-testid="customs-country" />,
      span: 12,
    },
    {
      name: 'hsCode',
      label: t('customs.basics.field.hsCode'),
      extra: t('customs.basics.hint.hsCode'),
      span: 12,
      testId: 'customs-hs',
    },
    {
      name: 'importHsCode',
      label: t('customs.basics.field.importHsCode'),
      extra: t('customs.basics.hint.importHsCode'),
      span: 12,
      testId: 'customs-import-hs',
    },
    {
      name: 'declaredName',
      input: 'bilingual',
      label: t('customs.basics.field.declaredName'),
      pair: { name: 'declaredNameEn', label: t('customs.basics.field.declaredNameEn'), testId: 'customs-name-en' },
      testId: 'customs-name',
    },
    { name: 'material', label: t('customs.basics.field.material'), span: 12, testId: 'customs-material' },
    { name: 'usage', label: t('customs.basics.field.usage'), span: 12, testId: 'customs-usage' },
    { name: 'brand', label: t('customs.basics.field.brand'), span: 12 },
    {
      name: 'declareUnit',
      label: t('customs.basics.field.declareUnit'),
      input: <Select options={ep.DECLARE_UNITS.map((u) => ({ value: u, label: t(`customs.basics.unit.${u}`) }))} />,
      span: 12,
    },
    { name: 'unitValue', input: 'number', label: t('customs.basics.field.unitValue'), span: 12, testId: 'customs-value' },
    {
      name: 'currency',
      label: t('customs.basics.field.currency'),
      input: <Select options={ep.DECLARE_CURRENCIES.map((c) => ({ value: c, label: c }))} />,
      span: 6,
    },
    { name: 'rebatePct', input: 'number', label: t('customs.basics.field.rebatePct'), span: 6, testId: 'customs-rebate' },
    {
      name: 'hasBattery',
      input: 'switch',
      label: t('customs.basics.field.hasBattery'),
      span: 8,
      testId: 'customs-battery',
      effects: (v, values) =>
        v ? (values.batteryType === 'none' ? { batteryType: 'builtInLiIon' } : {}) : { batteryType: 'none' },
    },
    {
      name: 'batteryType',
      label: t('customs.basics.field.batteryType'),
      input: <Select options={ep.BATTERY_TYPES.map((b) => ({ value: b, label: t(`customs.basics.battery.${b}`) }))} />,
      visible: (v) => Boolean(v.hasBattery),
      span: 16,
    },
    { name: 'magnetic', input: 'switch', label: t('customs.basics.field.magnetic'), span: 8 },
    { name: 'wireless', input: 'switch', label: t('customs.basics.field.wireless'), span: 16, testId: 'customs-wireless' },
    {
      name: 'certification',
      input: 'textarea',
      label: t('customs.basics.field.certification'),
      extra: t('customs.basics.hint.certification'),
      testId: 'customs-certification',
    },
  ];

  const nameOf = (e: Editor<CustomsBasic>) => ({ model: e.record?.model ?? '', country: e.record?.country ?? '' });

  return (
    <EditDrawer<CustomsBasic, Values, CustomsBasic>
      editor={editor}
      onClose={onClose}
      title={(e) =>
        e.mode === 'edit'
          ? t('customs.basics.editTitle', nameOf(e))
          : e.mode === 'copy'
            ? t('customs.basics.copyTitle', nameOf(e))
            : t('customs.basics.createTitle')
      }
      schema={ep.createCustomsBasic.body}
      updateSchema={ep.updateCustomsBasic.body}
      fields={fields}
      initialValues={(e) => {
        const defaults: Partial<Values> = {
          currency: 'USD',
          declareUnit: 'pcs',
          rebatePct: 13,
          hasBattery: false,
          batteryType: 'none',
          magnetic: false,
          wireless: false,
          brand: '',
          certification: '',
        };
        if (!e.record) return defaults;
        const {
          id: _i,
          model: _m,
          productName: _n,
          productNameEn: _e,
          lifecycle: _l,
          version: _v,
          updatedAt: _u,
          ...rest
        } = e.record;
        // A copy goes to another destination: the user picks it.
        return { ...defaults, ...rest, ...(e.mode === 'copy' ? { country: undefined } : {}) } as Partial<Values>;
      }}
      readOnly={(e) => e.mode === 'edit' && !can('scm:customs:basic:edit')}
      onSubmit={(v, e) =>
        save.mutateAsync({
          id: e.mode === 'edit' ? e.record.id : null,
          version: e.mode === 'edit' ? e.record.version : undefined,
          body: {
            ...v,
            importHsCode: v.importHsCode ? v.importHsCode : null,
            batteryType: v.hasBattery ? v.batteryType : 'none',
          },
        })
      }
      savedText={(saved) => t('customs.basics.saved', { model: saved.model, country: saved.country })}
      conflict={() => ({ field: 'country', text: t('customs.basics.taken') })}
      history={{ open: onHistory, testId: 'customs-history' }}
      width={720}
      testId="customs-form"
      saveTestId="customs-save"
    />
  );
}
