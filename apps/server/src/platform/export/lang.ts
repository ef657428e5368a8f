/**
 * The language of an export's or a template's texts (sheet names, headers, labels), taken
 * from the request's Accept-Language: Chinese for any zh variant, English otherwise.
 */
import type { Lang } from '@bo/contract';

export type ExportLang = 'zh' | 'en';

export const exportLang = (acceptLanguage: string | undefined): ExportLang => (/^zh/i.test(acceptLanguage ?? '') ? 'zh' : 'en');

/** The text of `lang` of a pair. */
export const tr = (lang: ExportLang, zh: string, en: string): string => (lang === 'zh' ? zh : en);

/**
 * The name of a bilingual master-data row in `lang`: its own language's name, else the other
 * one (a row needs only one of the two; the missing one is stored as '').
 */
export const named = (lang: ExportLang, zh: string | null | undefined, en: string | null | undefined): string =>
  (lang === 'zh' ? zh || en : en || zh) || '';

/** The language of a server-made message (a refusal's text), from the same header. */
export const replyLang = (acceptLanguage: string | undefined): Lang => (exportLang(acceptLanguage) === 'zh' ? 'zh-CN' : 'en-US');
