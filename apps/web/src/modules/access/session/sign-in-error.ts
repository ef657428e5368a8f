import { ERROR_CODES, type Lang, STATUS_MESSAGES } from '@bo/contract';
import type { TFunction } from 'i18next';
import { isApiError, noticeFor } from '../../../shared/http/api-error';

/** The sign-in refusals in the UI language (the server's msg is English). */
export function signInErrorText(err: unknown, t: TFunction, lang: Lang): string {
  if (!isApiError(err)) return t('auth.errors.unexpected');
  if (err.code === ERROR_CODES.BAD_CREDENTIALS) return STATUS_MESSAGES[403]?.[lang] ?? err.message;
  if (err.code === ERROR_CODES.ACCOUNT_DISABLED) return t('auth.errors.accountDisabled');
  if (err.code === ERROR_CODES.THROTTLED) return STATUS_MESSAGES[429]?.[lang] ?? err.message;
  if (err.code === ERROR_CODES.PERMISSION_DENIED) return t('auth.errors.permissionDenied', { detail: err.message });
  return noticeFor(err.status, err.message, lang)?.text ?? err.message;
}
