/**
 * The catalogue's SKUs a buying guide links, chosen from the server's search (code, model or
 * product name): the back office's catalogue, never a list of our own. Drawn inside the kit's
 * form item, which gives it `value` and `onChange`.
 */
import { BUYING_GUIDE_MAX_SKUS } from '@bo/contract/appcontent/buying-guide';
import { Select } from 'antd';
import { useState } from 'react';
import { useLang } from '../../../shared/i18n/lang';
import { type SkuSearch, useSkuChoices } from '../kinds/content.queries';

export function SkuPicker({
  value,
  onChange,
  disabled,
  testId,
  search,
  max = BUYING_GUIDE_MAX_SKUS,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  disabled?: boolean;
  testId?: string;
  /** Another screen's SKU search (its own permission); the buying guide's by default. */
  search?: SkuSearch;
  /** The most SKUs picked. */
  max?: number;
}) {
  const zh = useLang() === 'zh-CN';
  const [keyword, setKeyword] = useState('');
  const choices = useSkuChoices(keyword.trim(), search);
  const options = (choices.data ?? []).map((s) => ({
    value: s.sku,
    label: `${s.sku} · ${s.model} ${zh ? s.name : s.nameEn || s.name}${s.variant ? ` (${s.variant})` : ''}`,
  }));
  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      onBlur={() => setKeyword('')}
      loading={choices.isFetching}
      value={value}
      onChange={onChange}
      disabled={disabled}
      maxCount={max}
      options={options}
      data-testid={testId}
    />
  );
}
