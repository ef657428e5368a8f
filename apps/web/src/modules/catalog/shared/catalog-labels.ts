/** Labels of the catalogue's codes (lifecycle, category, power pack, material) in the UI language. */
import { CATEGORY_LINES, type Lang } from '@bo/contract';
import { localName } from '../../../shared/i18n/lang';

export const LIFECYCLE_KEYS = ['catalog.lifecycle.notLaunched', 'catalog.lifecycle.launched', 'catalog.lifecycle.eol'] as const;
export const POWER_PACK_KEYS = [
  'catalog.modelInfo.powerPack.none',
  'catalog.modelInfo.powerPack.inProduct',
  'catalog.modelInfo.powerPack.outside',
] as const;
/** Spec §4 material codes start at 1. */
export const MATERIAL_KEYS: Record<number, 'catalog.modelInfo.material.metal' | 'catalog.modelInfo.material.plastic'> = {
  1: 'catalog.modelInfo.material.metal',
  2: 'catalog.modelInfo.material.plastic',
};

export function categoryLabel(code: string, lang: Lang): string {
  const c = CATEGORY_LINES.find((x) => x.code === code);
  return c ? `${code} ${lang === 'zh-CN' ? c.zh : c.en}` : code;
}

export const categoryOptions = (lang: Lang) => CATEGORY_LINES.map((c) => ({ value: c.code, label: categoryLabel(c.code, lang) }));

/** A product's name in the UI language (the English one when it exists in en-US). */
export const productName = (p: { name: string; nameEn: string }, lang: Lang) =>
  lang === 'en-US' && p.nameEn ? p.nameEn : p.name;

/** A product line's name in the UI language. */
export const lineLabel = (p: { productLineName: string | null; productLineNameEn: string | null }, lang: Lang) =>
  localName(lang, p.productLineName, p.productLineNameEn);

/** Sizes as "120 × 80 × 30". */
export const sizeText = (l: number, w: number, h: number) => [l, w, h].map((n) => n.toLocaleString('en-US')).join(' × ');
