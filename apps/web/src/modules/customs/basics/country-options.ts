import { MARKETS } from '@bo/contract/constants';
import { ANY_COUNTRY, CUSTOMS_COUNTRIES } from '@bo/contract/customs/basics';
import { useTexts } from '../../../shared/i18n/lang';

/** The destinations as choices: `*` first, then the marketplaces' countries with their names. */
export function useCountryOptions() {
  const { t, lang } = useTexts();
  return CUSTOMS_COUNTRIES.map((c) => {
    if (c === ANY_COUNTRY) return { value: c, label: t('customs.basics.anyCountry') };
    const m = MARKETS.find((x) => x.code === c);
    return { value: c, label: m ? `${c} · ${lang === 'zh-CN' ? m.zh : m.en}` : c };
  });
}

/** A destination in a table: its code, `*` in words. */
export function useCountryText() {
  const { t } = useTexts();
  return (c: string) => (c === ANY_COUNTRY ? t('customs.basics.anyCountry') : c);
}
