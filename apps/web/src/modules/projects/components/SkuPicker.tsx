/**
 * The SKUs a project names: typed (a SKU or a model, Enter or a comma), or picked from the
 * SKUs of the caller's shops matching what is typed (sales/rest/v1/skuBoard/skuNameList), each
 * with its model and product name; a model's own option names all its SKUs at once.
 */
import { Select, type SelectProps } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTexts } from '../../../shared/i18n/lang';
import { useSkuNames } from '../projects.queries';

type Props = Omit<SelectProps<string[]>, 'mode' | 'options' | 'onSearch' | 'filterOption'>;

export function SkuPicker(props: Props) {
  const { t, lang } = useTexts();
  const [search, setSearch] = useState('');
  const keyword = useDeferredValue(search.trim());
  const names = useSkuNames(keyword);
  const options = useMemo(() => {
    const list = names.data ?? [];
    const name = (x: (typeof list)[number]) => (lang === 'en-US' ? (x.productNameEn ?? x.productName) : x.productName) ?? '';
    const models = [...new Set(list.map((x) => x.model))];
    return [
      {
        label: t('projectData.skuPicker.skus'),
        options: list.map((x) => ({ value: x.sku, label: `${x.sku} · ${x.model}${name(x) ? ` · ${name(x)}` : ''}` })),
      },
      {
        label: t('projectData.skuPicker.models'),
        options: models.map((m) => ({ value: m, label: t('projectData.skuPicker.model', { model: m }) })),
      },
    ].filter((g) => g.options.length > 0);
  }, [names.data, lang, t]);
  return (
    <Select<string[]>
      {...props}
      mode="tags"
      tokenSeparators={[',', ' ']}
      options={options}
      filterOption={false}
      // A chosen SKU or model shows as itself, whatever option named it.
      optionLabelProp="value"
      onSearch={setSearch}
      onBlur={() => setSearch('')}
      loading={names.isFetching}
      notFoundContent={names.isFetching ? null : t('projectData.skuPicker.none')}
    />
  );
}
