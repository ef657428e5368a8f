/**
 * Where an edit form's refusal goes, the same for every edit form: a stale version → the
 * reload banner; a taken name (409) → that field; a refused permission → a banner naming
 * it; server field errors → the fields; anything else → a banner. Plus the reload action
 * the stale banner offers.
 */
import { ERROR_CODES, STATUS } from '@bo/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { isApiError } from '../http/api-error';
import { errorText } from '../http/error-text';
import { useTexts } from '../i18n/lang';
import { applyFieldErrors } from './form-rules';

export type EditFormProblem = { kind: 'stale' } | { kind: 'error'; text: string } | null;

interface Options {
  fields: readonly string[];
  /** The field a 409 conflict (a taken name) belongs to, with its message; none: a banner. */
  conflict?: { field: string; text: string };
}

export function useEditFormProblem(form: FormInstance, onReload: () => Promise<unknown>) {
  const { t, lang } = useTexts();
  const [problem, setProblem] = useState<EditFormProblem>(null);
  const [reloading, setReloading] = useState(false);

  const report = (err: unknown, { fields, conflict }: Options) => {
    if (isApiError(err) && err.code === ERROR_CODES.STALE_VERSION) setProblem({ kind: 'stale' });
    else if (isApiError(err) && err.status === STATUS.CONFLICT && conflict)
      form.setFields([{ name: conflict.field, errors: [conflict.text] }]);
    else if (isApiError(err) && err.status === STATUS.FORBIDDEN)
      setProblem({ kind: 'error', text: t('auth.errors.permissionDenied', { detail: err.message }) });
    else if (!applyFieldErrors(form, err, lang, fields)) setProblem({ kind: 'error', text: errorText(err, lang) });
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  return { problem, clear: () => setProblem(null), report, reload, reloading };
}
