import type { Material } from '@bo/contract/costs/materials';
import * as ep from '@bo/contract/costs/materials';
import type { MATERIAL_CURRENCIES, MATERIAL_UNITS } from '@bo/contract/costs/shared';
import { DatePicker, type FormRule, InputNumber, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCan } from '../../../../shared/Can';
import { zodRule } from '../../../../shared/forms/form-rules';
import { useTexts } from '../../../../shared/i18n/lang';
import { EditDrawer, type Editor, type FormField } from '../../../../shared/kit/EditDrawer';
import { fetchMaterial, useCreateMaterial, useMaterialOptions, useUpdateMaterial } from '../materials.queries';
import { MaterialPrices } from './MaterialPrices';

interface Values {
  code: string;
  name?: string;
  nameEn?: string;
  unit: (typeof MATERIAL_UNITS)[number];
  category?: string;
  categoryEn?: string;
  supplier?: string;
  supplierEn?: string;
  currency: (typeof MATERIAL_CURRENCIES)[number];
  priceFrom?: Dayjs | null;
  unitPrice?: number | null;
}

interface Props {
  editor: Editor<Material> | null;
  onClose: () => void;
  /** After a save, or a Reload: the material as stored, reopened in edit mode. */
  onOpen: (material: Material) => void;
  onHistory: (material: Material) => void;
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Add a material (with its first price if known), or edit one, with its price history under the form. */
export function MaterialDrawer({ editor, onClose, onOpen, onHistory }: Props) {
  const { t, lang } = useTexts();
  const can = useCan();
  const options = useMaterialOptions();
  const create = useCreateMaterial();
  const update = useUpdateMaterial();

  /** A first price needs both its day and its amount, or neither. */
  const bothOrNeither =
    (other: keyof Values): FormRule =>
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (!given(value) && given(getFieldValue(other))) throw new Error(t('costs.required'));
      },
    });

  const firstPriceOnly = ['edit', 'copy'] as const;
  const fields: FormField<Values>[] = [
    { name: 'code', label: t('costs.mcost.code'), span: 12, testId: 'material-code' },
    { name: 'unit', label: t('costs.mcost.unit'), span: 6, testId: 'material-unit' },
    { name: 'currency', label: t('costs.mcost.currency'), span: 6, testId: 'material-currency' },
    {
      name: 'name',
      input: 'bilingual',
      label: t('costs.mcost.nameZh'),
      pair: { name: 'nameEn', label: t('costs.mcost.nameEn'), testId: 'material-name-en' },
      requireOne: true,
      testId: 'material-name',
    },
    {
      name: 'category',
      input: 'bilingual',
      label: t('costs.mcost.categoryZh'),
      pair: { name: 'categoryEn', label: t('costs.mcost.categoryEn'), testId: 'material-category-en' },
      requireOne: true,
      pairs: options.data?.categories ?? [],
      testId: 'material-category',
    },
    {
      name: 'supplier',
      input: 'bilingual',
      label: t('costs.mcost.supplierZh'),
      pair: { name: 'supplierEn', label: t('costs.mcost.supplierEn'), testId: 'material-supplier-en' },
      pairs: options.data?.suppliers ?? [],
      testId: 'material-supplier',
    },
    {
      name: 'priceFrom',
      label: t('costs.from'),
      section: t('costs.mcost.firstPrice'),
      input: <DatePicker style={{ width: '100%' }} />,
      rules: [bothOrNeither('unitPrice')],
      hiddenIn: firstPriceOnly,
      span: 12,
    },
    {
      name: 'unitPrice',
      label: t('costs.mcost.price'),
      input: <InputNumber min={0} step={0.01} style={{ width: '100%' }} data-testid="material-price" />,
      rules: [zodRule(ep.unitPriceInput, lang, { optional: true }), bothOrNeither('priceFrom')],
      hiddenIn: firstPriceOnly,
      span: 12,
    },
  ];

  return (
    <EditDrawer<Material, Values, { id: number }>
      editor={editor}
      onClose={onClose}
      title={(e) => (e.mode === 'edit' ? t('costs.mcost.editTitle', { code: e.record.code }) : t('costs.mcost.createTitle'))}
      schema={ep.createMaterial.body}
      updateSchema={ep.updateMaterial.body}
      fields={fields}
      initialValues={(e) => (e.mode === 'create' ? {} : e.record) as Partial<Values>}
      intro={() => (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {t('costs.mcost.bilingualHint')}
        </Typography.Paragraph>
      )}
      readOnly={(e) => e.mode === 'edit' && !can('product:materialCost:edit')}
      onSubmit={async (v, e) => {
        const attrs = {
          code: v.code,
          name: v.name?.trim() ?? '',
          nameEn: v.nameEn?.trim() ?? '',
          unit: v.unit,
          category: v.category?.trim() ?? '',
          categoryEn: v.categoryEn?.trim() ?? '',
          supplier: v.supplier?.trim() ?? '',
          supplierEn: v.supplierEn?.trim() ?? '',
          currency: v.currency,
        };
        if (e.mode === 'edit') {
          await update.mutateAsync({ id: e.record.id, body: { ...attrs, version: e.record.version } });
          return { id: e.record.id };
        }
        const price =
          v.priceFrom && given(v.unitPrice)
            ? { effectiveFrom: v.priceFrom.format('YYYY-MM-DD'), unitPrice: v.unitPrice as number }
            : null;
        return create.mutateAsync({ ...attrs, price });
      }}
      savedText={(_s, e) => t(e.mode === 'edit' ? 'costs.mcost.updated' : 'costs.mcost.created')}
      // The drawer stays open on the stored material: a new one shows its price history next.
      onSaved={async ({ id }) => {
        const stored = await fetchMaterial(id);
        if (stored) onOpen(stored);
        else onClose();
      }}
      reload={(m) => fetchMaterial(m.id)}
      onReloaded={onOpen}
      conflict={() => ({ field: 'code', text: t('costs.mcost.taken') })}
      after={(e) => (e.mode === 'edit' ? <MaterialPrices id={e.record.id} /> : null)}
      history={{ open: onHistory, testId: 'material-history' }}
      width={720}
      testId="material-form"
      saveTestId="material-save"
    />
  );
}
