import { AutoComplete, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTexts } from '../../../../shared/i18n/lang';
import { useSkuSuggestions } from '../sku-analysis.queries';

interface Props {
  value: string;
  onPick: (sku: string) => void;
}

/** Search by SKU, ASIN or model; suggestions come from the server (visible shops only). Enter takes the text as typed. */
export function SkuPicker({ value, onPick }: Props) {
  const { t, lang } = useTexts();
  const [text, setText] = useState(value);
  const [debounced, setDebounced] = useState(value);
  const [open, setOpen] = useState(false);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(text.trim()), 250);
    return () => clearTimeout(id);
  }, [text]);
  const suggestions = useSkuSuggestions(debounced, open);

  const options = (suggestions.data ?? []).map((s) => ({
    value: s.sku,
    label: (
      <div data-testid="sku-suggestion">
        <Typography.Text strong>{s.sku}</Typography.Text>{' '}
        <Typography.Text type="secondary">
          {s.model} · {lang === 'zh-CN' ? s.productName : s.productNameEn}
        </Typography.Text>
        <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>
          {s.asins.slice(0, 4).join(', ')}
          {s.asins.length > 4 ? ' …' : ''}
        </div>
      </div>
    ),
  }));

  return (
    <AutoComplete
      value={text}
      options={options}
      onChange={(v) => setText(v)}
      onSelect={(v: string) => {
        setText(v);
        setOpen(false);
        onPick(v);
      }}
      onOpenChange={setOpen}
      open={open}
      notFoundContent={suggestions.isFetching ? <Spin size="small" /> : debounced ? t('listings.sku.noMatch') : null}
      style={{ width: 320 }}
      popupMatchSelectWidth={380}
    >
      <Input.Search
        allowClear
        placeholder={t('listings.sku.pick')}
        maxLength={64}
        onFocus={() => setOpen(true)}
        onSearch={(v) => {
          setOpen(false);
          onPick(v.trim());
        }}
        data-testid="sku-picker"
      />
    </AutoComplete>
  );
}
