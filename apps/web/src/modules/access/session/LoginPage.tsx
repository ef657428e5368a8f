import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { session as ep } from '@bo/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { applyFieldErrors, zodRule } from '../../../shared/forms/form-rules';
import { useTexts } from '../../../shared/i18n/lang';
import { GOD_VIEW_PATH, HOME_PATH, REGISTER_PATH } from '../../../shared/paths';
import { takeLoginRedirect } from '../../../shared/session/session-storage';
import { AuthShell } from './components/AuthShell';
import { ForgotPasswordModal } from './components/ForgotPasswordModal';
import { useSignIn } from './session.queries';
import { signInErrorText } from './sign-in-error';

interface LoginValues {
  loginName: string;
  password: string;
}

const FIELDS = ['loginName', 'password'] as const;

export default function LoginPage() {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  /** The forgot-password dialog, opened with whatever login name is typed. */
  const [forgot, setForgot] = useState<{ loginName: string } | null>(null);

  const submit = async (values: LoginValues) => {
    setError(null);
    try {
      await signIn.mutateAsync(values);
      await navigate(takeLoginRedirect() ?? HOME_PATH, { replace: true });
    } catch (err) {
      if (!applyFieldErrors(form, err, lang, FIELDS)) setError(signInErrorText(err, t, lang));
    }
  };

  return (
    <AuthShell
      testId="page-login"
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          <span>
            {t('login.noAccount')} <Link to={REGISTER_PATH}>{t('login.register')}</Link>
          </span>
          <Link to={GOD_VIEW_PATH}>{t('login.godView')}</Link>
        </>
      }
    >
      <Form<LoginValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} size="large">
        {error && <Alert type="error" showIcon title={error} className="bo-form-alert" data-testid="login-error" />}
        <Form.Item name="loginName" label={t('login.loginName')} rules={[zodRule(ep.loginBody.shape.loginName, lang)]}>
          <Input
            prefix={<UserOutlined />}
            autoComplete="username"
            autoFocus
            maxLength={64}
            placeholder={t('login.loginNamePlaceholder')}
            data-testid="login-name"
          />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[zodRule(ep.loginBody.shape.password, lang)]}>
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            maxLength={128}
            placeholder={t('login.passwordPlaceholder')}
            data-testid="login-password"
          />
        </Form.Item>
        <div className="bo-form-aside">
          <Button
            type="link"
            size="small"
            onClick={() => setForgot({ loginName: String(form.getFieldValue('loginName') ?? '') })}
            data-testid="forgot-password"
          >
            {t('login.forgot')}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      {forgot && (
        <ForgotPasswordModal
          initialLoginName={forgot.loginName}
          onClose={(loginName) => {
            setForgot(null);
            if (loginName) form.setFieldsValue({ loginName, password: '' });
          }}
        />
      )}
    </AuthShell>
  );
}
