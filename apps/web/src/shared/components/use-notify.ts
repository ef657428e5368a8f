import { LIMITS } from '@bo/contract';
import { App } from 'antd';
import { useMemo } from 'react';

/** Success, warning and error messages lasting the spec's 1 second, following theme and locale. */
export function useNotify() {
  const { message } = App.useApp();
  return useMemo(
    () => ({
      success: (text: string) => void message.success(text, LIMITS.MESSAGE_SECONDS),
      error: (text: string) => void message.error(text, LIMITS.MESSAGE_SECONDS),
      warning: (text: string) => void message.warning(text, LIMITS.MESSAGE_SECONDS),
    }),
    [message],
  );
}
