import { type KeywordKind, MAIL_DIALOGUE_TYPES } from '@bo/contract/mail/keywords';
import { Select } from 'antd';
import { useTexts } from '../../../../shared/i18n/lang';
import { ProductLineSelect } from '../../../../shared/product-lines/ProductLineSelect';

interface Props {
  kind: KeywordKind;
  value?: number | undefined;
  onChange?: (v: number | undefined) => void;
  allowClear?: boolean;
  style?: React.CSSProperties;
  testId: string;
}

/** A dialogue type or a product line, by the kind of rule. */
export function TargetSelect({ kind, value, onChange, allowClear, style, testId }: Props) {
  const { t, lang } = useTexts();
  if (kind === 'product')
    return (
      <ProductLineSelect
        value={value}
        onChange={onChange}
        allowClear={allowClear}
        placeholder={t('mailKeywords.product.target')}
        style={style}
        testId={testId}
      />
    );
  return (
    <Select<number>
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder={t('mailKeywords.dialogue.target')}
      options={MAIL_DIALOGUE_TYPES.map((d) => ({ value: d.id, label: lang === 'zh-CN' ? d.zh : d.en }))}
      style={style}
      data-testid={testId}
    />
  );
}
