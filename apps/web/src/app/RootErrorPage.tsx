import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRevalidator, useRouteError } from 'react-router';
import { StatusPanel } from '../shared/components/StatusPanel';
import { ShellButton } from '../shared/components/shell-controls';
import { isApiError } from '../shared/http/api-error';
import { LOGIN_PATH } from '../shared/paths';
import { clearSession } from '../shared/session/session-storage';
import { forgetSession } from './bootstrap';
import { queryClient } from './query-client';

/** The router's error page: the session could not load, or a screen failed to render. */
export function RootErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const detail = isApiError(error)
    ? error.message
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : String(error);
  const signOut = () => {
    clearSession();
    forgetSession(queryClient);
    void navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <div className="bo-center-page" data-testid="app-error">
      <StatusPanel
        status="error"
        title={t('appError.title')}
        subTitle={detail}
        extra={
          <div className="bo-btn-row">
            <ShellButton primary loading={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
              {t('appError.retry')}
            </ShellButton>
            <ShellButton onClick={signOut}>{t('appError.signOut')}</ShellButton>
          </div>
        }
      />
    </div>
  );
}
