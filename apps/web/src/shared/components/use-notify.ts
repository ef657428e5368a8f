import { LIMITS } from '@bo/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import { errorText } from '../http/error-text';
import { useLang } from '../i18n/lang';

/**
 * Success, warning and error messages lasting the spec's 1 second, following theme and locale.
 * `failure` shows a refused or failed call in the user's language; `run` does a write and says
 * how it went (its success text, or the refusal), so a button's handler is one line.
 */
export function useNotify() {
  const { message } = App.useApp();
  const lang = useLang();
  return useMemo(() => {
    const error = (text: string) => void message.error(text, LIMITS.MESSAGE_SECONDS);
    const success = (text: string) => void message.success(text, LIMITS.MESSAGE_SECONDS);
    const failure = (err: unknown) => error(errorText(err, lang));
    return {
      success,
      error,
      warning: (text: string) => void message.warning(text, LIMITS.MESSAGE_SECONDS),
      failure,
      /** Runs `work`; on success shows `done` (a text, or one made from the result) and returns the result; on failure shows why and returns undefined. */
      run: async <T>(work: () => Promise<T>, done?: string | ((result: T) => string)): Promise<T | undefined> => {
        try {
          const result = await work();
          if (done !== undefined) success(typeof done === 'string' ? done : done(result));
          return result;
        } catch (err) {
          failure(err);
          return undefined;
        }
      },
    };
  }, [message, lang]);
}
