export { type ExportLang as Lang, tr } from '../../../platform/export/lang';
export const MONEY_FMT = '#,##0.00';
export const COUNT_FMT = '#,##0';
export const PCT_FMT = '0.00%';
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const numOf = (key: string) => (r: Record<string, unknown>) => num(r[key]);
