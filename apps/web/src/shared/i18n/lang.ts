/**
 * The UI language: zh-CN or en-US. Switching persists the choice in localStorage `lang`
 * and switches dayjs too; App.tsx follows with antd's locale.
 */
import type { Lang } from '@bo/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, writeItem } from '../session/session-storage';

export const LANGS: readonly Lang[] = ['zh-CN', 'en-US'];
export const DEFAULT_LANG: Lang = 'zh-CN';

export const isLang = (value: unknown): value is Lang => value === 'zh-CN' || value === 'en-US';

/**
 * The language of a browser's preference list (navigator.languages): the first entry
 * that is Chinese or English decides; none of them means the default, zh-CN.
 */
export function browserLang(languages: readonly string[] | undefined): Lang {
  for (const tag of languages ?? []) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en-US';
  }
  return DEFAULT_LANG;
}

/** The language before sign-in: the stored choice, else the browser's preference. */
export function initialLang(stored: string | null, languages: readonly string[] | undefined): Lang {
  return isLang(stored) ? stored : browserLang(languages);
}

/** The language the UI shows now (the one i18next was switched to). */
export const currentLang = (): Lang => (isLang(i18next.language) ? i18next.language : DEFAULT_LANG);

const DAYJS_LOCALE: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** Applies a language outside React: dayjs, the document's lang and title. */
export function applyLang(lang: Lang): void {
  dayjs.locale(DAYJS_LOCALE[lang]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.title = lang === 'zh-CN' ? 'Lumio 运营后台' : 'Lumio Back-office';
  }
}

/** Switches the UI language; `persist` keeps the choice in localStorage `lang`. */
export async function switchLang(lang: Lang, { persist = true }: { persist?: boolean } = {}): Promise<void> {
  if (persist) writeItem('local', STORAGE_KEYS.lang, lang);
  applyLang(lang);
  await i18next.changeLanguage(lang);
}

/** The current language, re-rendering when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : currentLang();
}

/** A screen's texts and language in one hook: `const { t, lang } = useTexts()`. */
export function useTexts() {
  const { t, i18n } = useTranslation();
  return { t, i18n, lang: isLang(i18n.language) ? i18n.language : currentLang() };
}

/**
 * The name of a bilingual master-data row (product line, position, material, category,
 * supplier) in `lang`: its own language's name, else the other one ('' or null = not given).
 */
export const localName = (lang: Lang, zh: string | null | undefined, en: string | null | undefined): string =>
  (lang === 'en-US' ? en || zh : zh || en) || '';

/** Options of the product positions in `lang`. */
export const positionOptions = (
  positions: readonly { productPositionId: number; productPosition: string; productPositionEn: string }[],
  lang: Lang,
) => positions.map((p) => ({ value: p.productPositionId, label: localName(lang, p.productPosition, p.productPositionEn) }));

/**
 * Filter options of bilingual texts (material categories, suppliers): each pair once, as the
 * text of `lang` (the server matches a filter value against either language's text).
 */
export const pairOptions = (pairs: readonly { zh: string; en: string }[], lang: Lang) =>
  [...new Set(pairs.map((p) => localName(lang, p.zh, p.en)).filter(Boolean))]
    .sort((a, b) => a.localeCompare(b, lang))
    .map((text) => ({ value: text, label: text }));
