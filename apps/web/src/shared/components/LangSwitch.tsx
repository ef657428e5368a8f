import type { Lang } from '@bo/contract';
import { Segmented } from 'antd';
import { switchLang, useLang } from '../i18n/lang';

const OPTIONS: { label: string; value: Lang }[] = [
  { label: '中文', value: 'zh-CN' },
  { label: 'EN', value: 'en-US' },
];

/** zh-CN / en-US, kept in localStorage `lang`. */
export function LangSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const lang = useLang();
  return (
    <Segmented<Lang>
      data-testid="lang-switch"
      size={size}
      options={OPTIONS}
      value={lang}
      onChange={(value) => void switchLang(value)}
    />
  );
}
