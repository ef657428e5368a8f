/**
 * The filter bar of a kit list, built from field descriptors: a screen says which query
 * keys it filters and how, the bar draws the inputs and writes the URL through the list's
 * state (`useListQuery`). A text field searches on Enter or the search icon, every other
 * field as soon as it changes; "Clear filters" appears once a filter is set.
 */
import { MARKETS } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, InputNumber, Segmented, Select, Space } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../components/SearchBox';
import { useTexts } from '../i18n/lang';
import { marketLabel } from '../markets/markets';
import { ProductLineSelect } from '../product-lines/ProductLineSelect';
import { userShopsQuery } from '../session/session-queries';
import type { ListSchema } from './list-query';
import type { ListQueryState } from './use-list-query';

export interface Option {
  value: string | number;
  label: ReactNode;
  /** The text the search matches (defaults to the label when it is a string). */
  search?: string;
}

interface Base<K> {
  key: K;
  placeholder?: string;
  width?: number;
  testId?: string;
}

export type FilterField<K extends string = string> =
  /** `normalize` shapes the text before it is searched (an ASIN in capitals). */
  | (Base<K> & { kind: 'text'; maxLength?: number; normalize?: (text: string) => string })
  | (Base<K> & { kind: 'select'; options: readonly Option[]; multiple?: boolean })
  /** A few exclusive choices shown side by side (a state: all / enabled / disabled); the field's default is one of them. */
  | (Base<K> & { kind: 'segmented'; options: readonly Option[] })
  /** A yes/no flag (the query's `true`, or left out): "only those missing a price". */
  | (Base<K> & { kind: 'checkbox'; label: ReactNode })
  /** Options from a query (e.g. the categories in use): a hook called inside the field. */
  | (Base<K> & { kind: 'query-select'; useOptions: () => { options: readonly Option[]; loading: boolean }; multiple?: boolean })
  | (Base<K> & { kind: 'shop' })
  | (Base<K> & { kind: 'market'; multiple?: boolean })
  /** The user's product lines as a tree (a parent line stands for its children); the value is the line's id. */
  | (Base<K> & { kind: 'productLine' })
  /** Days (YYYY-MM-DD) in `key` and `to`; with `picker: 'month'`, months (YYYY-MM). */
  | (Base<K> & { kind: 'date-range'; to: K; picker?: 'month' })
  | (Base<K> & { kind: 'number-range'; to: K; min?: number; max?: number })
  /** Anything else (a product line tree, a user picker): the screen draws it, the bar places it. */
  | (Base<K> & { kind: 'custom'; render: (value: unknown, onChange: (value: unknown) => void) => ReactNode });

interface Props<S extends ListSchema> {
  fields: readonly FilterField<Extract<keyof S['shape'], string>>[];
  state: ListQueryState<S>;
}

const optionFilter = (input: string, option?: { search?: string; label?: ReactNode }) =>
  String(option?.search ?? option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());

function TextFilter({
  field,
  value,
  onSearch,
}: {
  field: FilterField & { kind: 'text' };
  value: string;
  onSearch: (v: string) => void;
}) {
  return (
    <SearchBox
      value={value}
      onSearch={(v) => onSearch(field.normalize ? field.normalize(v) : v)}
      placeholder={field.placeholder}
      maxLength={field.maxLength}
      width={field.width}
      testId={field.testId}
    />
  );
}

function QuerySelect({
  field,
  value,
  onChange,
}: {
  field: FilterField & { kind: 'query-select' };
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const { options, loading } = field.useOptions();
  return (
    <Select
      allowClear
      mode={field.multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      showSearch={{ filterOption: optionFilter }}
      loading={loading}
      placeholder={field.placeholder}
      value={value as never}
      onChange={(v) => onChange(v)}
      options={options as Option[]}
      style={{ width: field.width ?? 180 }}
      popupMatchSelectWidth={false}
      data-testid={field.testId}
    />
  );
}

function ShopFilter({ field, value, onChange }: { field: FilterField; value: unknown; onChange: (v: unknown) => void }) {
  const { t } = useTranslation();
  const shops = useQuery(userShopsQuery());
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={field.placeholder ?? t('kit.shop')}
      loading={shops.isPending}
      value={value as number | undefined}
      onChange={(v) => onChange(v)}
      options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      style={{ width: field.width ?? 190 }}
      popupMatchSelectWidth={false}
      data-testid={field.testId}
    />
  );
}

function MarketFilter({
  field,
  value,
  onChange,
}: {
  field: FilterField & { kind: 'market' };
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const { t, lang } = useTexts();
  return (
    <Select
      allowClear
      mode={field.multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={field.placeholder ?? t('kit.market')}
      value={value as never}
      onChange={(v) => onChange(v)}
      options={MARKETS.map((m) => ({ value: m.id, label: marketLabel(m, lang) }))}
      style={{ width: field.width ?? 170 }}
      popupMatchSelectWidth={false}
      data-testid={field.testId}
    />
  );
}

export function FilterBar<S extends ListSchema>({ fields, state }: Props<S>) {
  const { t } = useTranslation();
  const q = state.query as Record<string, unknown>;
  const set = (patch: Record<string, unknown>) => state.set(patch as never);

  const render = (f: FilterField): ReactNode => {
    const value = q[f.key];
    const onChange = (v: unknown) => set({ [f.key]: v ?? undefined });
    switch (f.kind) {
      case 'text':
        return <TextFilter field={f} value={typeof value === 'string' ? value : ''} onSearch={(v) => onChange(v || undefined)} />;
      case 'select':
        return (
          <Select
            allowClear
            mode={f.multiple ? 'multiple' : undefined}
            maxTagCount="responsive"
            showSearch={f.options.length > 8 ? { filterOption: optionFilter } : undefined}
            placeholder={f.placeholder}
            value={value as never}
            onChange={(v) => onChange(v)}
            options={f.options as Option[]}
            style={{ width: f.width ?? 150 }}
            popupMatchSelectWidth={false}
            data-testid={f.testId}
          />
        );
      case 'segmented':
        return (
          <Segmented
            value={value as string | number}
            onChange={(v) => onChange(v)}
            options={f.options.map((o) => ({ value: o.value, label: o.label }))}
            data-testid={f.testId}
          />
        );
      case 'checkbox':
        return (
          <Checkbox checked={value === true} onChange={(e) => onChange(e.target.checked || undefined)} data-testid={f.testId}>
            {f.label}
          </Checkbox>
        );
      case 'query-select':
        return <QuerySelect field={f} value={value} onChange={onChange} />;
      case 'shop':
        return <ShopFilter field={f} value={value} onChange={onChange} />;
      case 'market':
        return <MarketFilter field={f} value={value} onChange={onChange} />;
      case 'productLine':
        return (
          <ProductLineSelect
            value={typeof value === 'number' ? value : undefined}
            onChange={onChange}
            placeholder={f.placeholder}
            style={{ width: f.width ?? 170 }}
            testId={f.testId ?? `filter-${f.key}`}
          />
        );
      case 'date-range': {
        const to = q[f.to];
        const format = f.picker === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
        const day = (v: unknown) => (typeof v === 'string' && v ? dayjs(v) : null);
        return (
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            {...(f.picker ? { picker: f.picker, format } : {})}
            value={[day(value), day(to)]}
            placeholder={[t('kit.from'), t('kit.to')]}
            onChange={(range) =>
              set({
                [f.key]: range?.[0]?.format(format) ?? undefined,
                [f.to]: range?.[1]?.format(format) ?? undefined,
              })
            }
            style={{ width: f.width ?? 250 }}
            data-testid={f.testId}
          />
        );
      }
      case 'number-range': {
        const num = (v: unknown) => (typeof v === 'number' ? v : null);
        return (
          <Space.Compact style={{ width: f.width ?? 220 }} data-testid={f.testId}>
            <InputNumber
              placeholder={f.placeholder ? `${f.placeholder} ≥` : t('kit.min')}
              min={f.min}
              max={f.max}
              value={num(value)}
              onChange={(v) => set({ [f.key]: v ?? undefined })}
              style={{ width: '50%' }}
            />
            <InputNumber
              placeholder={t('kit.max')}
              min={f.min}
              max={f.max}
              value={num(q[f.to])}
              onChange={(v) => set({ [f.to]: v ?? undefined })}
              style={{ width: '50%' }}
            />
          </Space.Compact>
        );
      }
      case 'custom':
        return f.render(value, onChange);
    }
  };

  return (
    <Space wrap size={12} data-testid="kit-filters">
      {fields.map((f) => (
        <span key={f.key}>{render(f as FilterField)}</span>
      ))}
      {state.filtered && (
        <Button type="link" onClick={state.clear} data-testid="kit-clear-filters">
          {t('kit.clearFilters')}
        </Button>
      )}
    </Space>
  );
}
