/**
 * A screen's head from a texts prefix: `texts="gtm.playbook"` stands for the texts
 * `gtm.playbook.title` and, when the screen has one, `gtm.playbook.subtitle`.
 */
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A texts prefix P with `P.title` among the app's texts. */
export type HeadTexts = ParseKeys extends infer K ? (K extends `${infer P}.title` ? P : never) : never;

/** The head: a texts prefix, or the title (and subtitle) given. */
export type HeadProps =
  | { texts: HeadTexts; title?: never; subtitle?: never }
  | { texts?: never; title: ReactNode; subtitle?: ReactNode };

/** The title and subtitle a head shows. */
export function useHead(head: HeadProps): { title: ReactNode; subtitle?: ReactNode } {
  const { t, i18n } = useTranslation();
  if (!head.texts) return { title: head.title, subtitle: head.subtitle };
  const sub = `${head.texts}.subtitle`;
  return {
    title: t(`${head.texts}.title` as ParseKeys),
    subtitle: i18n.exists(sub) ? t(sub as ParseKeys) : undefined,
  };
}
