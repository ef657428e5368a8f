import { EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { ERROR_CODES, session as ep, STATUS } from '@bo/contract';
import { Alert, Button, Form, Input, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { zodRule } from '../../../shared/forms/form-rules';
import { isApiError } from '../../../shared/http/api-error';
import { useTexts } from '../../../shared/i18n/lang';
import { HOME_PATH, LOGIN_PATH } from '../../../shared/paths';
import {
  clearSession,
  readItem,
  readToken,
  STORAGE_KEYS,
  writeGodViewOrigin,
  writeToken,
} from '../../../shared/session/session-storage';
import { AuthShell } from './components/AuthShell';
import { requestGodView, revokeSession, signIn } from './session.queries';
import { signInErrorText } from './sign-in-error';

interface OwnValues {
  loginName: string;
  password: string;
}

/**
 * God-view sign-in: a privileged user opens the app as a less privileged one. Signed
 * out, the user first signs in as themselves; then names the target. The own token is
 * kept in sessionStorage `godViewOrigin` so that "stop god view" can resume it.
 */
export default function GodViewPage() {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const [signedIn, setSignedIn] = useState(() => readToken() !== null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const attempt = async (action: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (err) {
      if (isApiError(err) && err.status === STATUS.UNAUTHORIZED) {
        // The own session ended meanwhile: sign in again, here.
        clearSession();
        setSignedIn(false);
        setError(t('godView.sessionExpired'));
        return;
      }
      // A refusal answers 200 with a non-zero code: its msg is the reason (spec §8).
      const refused = isApiError(err) && err.code === ERROR_CODES.GOD_VIEW_REFUSED;
      setError(refused ? err.message : signInErrorText(err, t, lang));
    } finally {
      setBusy(false);
    }
  };

  const signInOwn = (values: OwnValues) =>
    attempt(async () => {
      await signIn(values);
      setSignedIn(true);
    });

  const start = ({ name }: { name: string }) =>
    attempt(async () => {
      const origin = readToken();
      const { token } = await requestGodView(name.trim());
      if (origin) writeGodViewOrigin(origin);
      writeToken(token);
      await navigate(HOME_PATH, { replace: true });
    });

  const switchAccount = async () => {
    await revokeSession();
    clearSession();
    setError(null);
    setSignedIn(false);
  };

  const me = readItem('local', STORAGE_KEYS.userName);
  return (
    <AuthShell
      testId="page-god-view"
      title={t('godView.title')}
      subtitle={t('godView.subtitle')}
      footer={<Link to={LOGIN_PATH}>{t('godView.backToSignIn')}</Link>}
    >
      <Steps
        size="small"
        current={signedIn ? 1 : 0}
        className="bo-steps"
        items={[{ title: t('godView.stepOwn') }, { title: t('godView.stepTarget') }]}
      />
      {error && <Alert type="error" showIcon title={error} className="bo-form-alert" data-testid="god-view-error" />}
      {signedIn ? (
        <Form<{ name: string }> layout="vertical" requiredMark={false} onFinish={start} size="large">
          {me && (
            <p className="bo-muted">
              {t('godView.signedInAs', { name: me })}{' '}
              <Button type="link" size="small" className="bo-inline-link" onClick={() => void switchAccount()}>
                {t('godView.switchAccount')}
              </Button>
            </p>
          )}
          <Form.Item name="name" label={t('godView.target')} rules={[zodRule(ep.godView.query.shape.name, lang)]}>
            <Input
              prefix={<EyeOutlined />}
              maxLength={64}
              autoFocus
              placeholder={t('godView.targetPlaceholder')}
              data-testid="god-view-target"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="god-view-submit">
            {t('godView.start')}
          </Button>
        </Form>
      ) : (
        <Form<OwnValues> layout="vertical" requiredMark={false} onFinish={signInOwn} size="large">
          <Form.Item name="loginName" label={t('godView.ownLoginName')} rules={[zodRule(ep.loginBody.shape.loginName, lang)]}>
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={64} autoFocus data-testid="god-view-login-name" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[zodRule(ep.loginBody.shape.password, lang)]}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              maxLength={128}
              data-testid="god-view-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="god-view-continue">
            {t('godView.continue')}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
