import { MARKETS } from '@bo/contract';

export type Lang = 'zh' | 'en';
export const tr = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);
export const marketCode = (id: unknown) =>
  id === null || id === undefined ? null : (MARKETS.find((m) => m.id === Number(id))?.code ?? String(id));
export const MONEY_FMT = '#,##0.00';
export const COUNT_FMT = '#,##0';
export const PCT_FMT = '0.00%';
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const numOf = (key: string) => (r: Record<string, unknown>) => num(r[key]);
