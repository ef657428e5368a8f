/**
 * Texts in zh-CN and en-US (react-i18next). The language is the one stored under
 * localStorage `lang`, else the user's profile language (applied by the bootstrap after
 * sign-in), else the browser's (navigator.languages: Chinese or English, else zh-CN).
 * Keys are typed from the zh-CN resources; en-US must have the same shape.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLang, DEFAULT_LANG, initialLang, LANGS } from '../shared/i18n/lang';
import { readItem, STORAGE_KEYS } from '../shared/session/session-storage';
import { enUS } from './locales/en-US';
import type { Messages } from './locales/messages';
import { zhCN } from './locales/zh-CN';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

export function initI18n(): void {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const lng = initialLang(readItem('local', STORAGE_KEYS.lang), nav?.languages?.length ? nav.languages : [nav?.language ?? '']);
  void i18next.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
    lng,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  applyLang(lng);
}
