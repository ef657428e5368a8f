/**
 * The banners of an edit form's refusal (`useEditFormProblem`): a stale version says so and
 * offers Reload where the form can reload, anything else shows its text.
 */
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditFormProblem } from './edit-form-problem';

interface Props {
  problem: EditFormProblem;
  /** The stale banner's words; a form that never reports a stale version leaves it out. */
  stale?: { title: ReactNode; text?: ReactNode; testId?: string };
  /** The stale banner's Reload button; none where the form cannot reload. */
  reload?: { onClick: () => void; loading: boolean; testId?: string; primary?: boolean };
  errorTestId?: string;
}

export function FormProblemAlerts({ problem, stale, reload, errorTestId }: Props) {
  const { t } = useTranslation();
  if (problem?.kind === 'stale' && stale)
    return (
      <Alert
        type="warning"
        showIcon
        className="bo-form-alert"
        title={stale.title}
        description={stale.text}
        action={
          reload ? (
            <Button
              size="small"
              type={reload.primary === false ? undefined : 'primary'}
              loading={reload.loading}
              onClick={reload.onClick}
              data-testid={reload.testId}
            >
              {t('common.reload')}
            </Button>
          ) : undefined
        }
        data-testid={stale.testId}
      />
    );
  if (problem?.kind === 'error')
    return <Alert type="error" showIcon className="bo-form-alert" title={problem.text} data-testid={errorTestId} />;
  return null;
}
