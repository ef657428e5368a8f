/**
 * A module's own texts travel in its lazy chunks, not in the entry: each `*.locale.ts`
 * exports both languages under the module's top-level key, and the module's screens
 * load them beside the page (`defineScreens(…, { texts })`). They are added to i18next
 * before the page first renders, in both languages, so a language switch needs nothing
 * more. The types come from app/locales/messages.ts (`Messages`): each
 * `*.locale.ts` adds its key there itself.
 */
import type { Lang } from '@bo/contract';
import i18next from 'i18next';

export type ModuleTexts = Readonly<Record<Lang, Readonly<Record<string, unknown>>>>;
export type TextsLoader = () => Promise<ModuleTexts>;

export function addTexts(texts: ModuleTexts): void {
  for (const [lang, bundle] of Object.entries(texts)) i18next.addResourceBundle(lang, 'translation', bundle, true, true);
}

/** A loader that resolves to the page once the page's chunk and the texts it needs have arrived. */
export function withTexts<T>(texts: readonly TextsLoader[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), ...texts.map((loadTexts) => loadTexts().then(addTexts))]).then(([page]) => page);
}
