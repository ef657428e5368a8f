import type { Lang } from '../errors';

/** One field message in both UI languages. */
export type FieldTexts = Readonly<Record<Lang, string>>;

export const texts = (en: string, zh: string): FieldTexts => ({ 'en-US': en, 'zh-CN': zh });
