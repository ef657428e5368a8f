import { ERROR_CODES, STATUS } from '@bo/contract';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';

/**
 * The text of a refused rate or team write, in the UI language where the refusal is one
 * of ours (a stale version, a delete that would leave sales without a rate, a line of
 * another team, a change beyond the rate editor's reach); otherwise the client's text.
 */
export function useBasisError() {
  const { t, lang } = useTexts();
  return (err: unknown, what: 'rate' | 'team'): string => {
    if (!isApiError(err)) return errorText(err, lang);
    if (err.code === ERROR_CODES.STALE_VERSION) return t('salesBasis.stale');
    if (err.status === STATUS.CONFLICT && what === 'rate' && /no rate/.test(err.message))
      return t('salesBasis.rates.deleteNoRate');
    if (err.status === STATUS.CONFLICT && what === 'team')
      return t('salesBasis.teams.lineTaken', { detail: detailOf(err.message) });
    if (err.status === STATUS.BAD_REQUEST && what === 'rate' && /days back/.test(err.message))
      return t('salesBasis.rates.closed');
    return errorText(err, lang);
  };
}

/** What follows the first ": " of a refusal (the names it lists). */
export const detailOf = (message: string): string => {
  const i = message.indexOf(': ');
  return i < 0 ? message : message.slice(i + 2);
};
