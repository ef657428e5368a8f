import type { Lang } from '@bo/contract';
import { fieldsSummary, isApiError, noticeFor } from './api-error';

/** What a screen shows in place for a failed call: the catalogue's text, its field refusals in the user's language, or the server's message. */
export function errorText(err: unknown, lang: Lang): string {
  if (!isApiError(err)) return err instanceof Error ? err.message : String(err);
  return noticeFor(err.status, fieldsSummary(err.fields, lang, err.status) ?? err.message, lang)?.text ?? err.message;
}
