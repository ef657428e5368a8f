import { session as ep } from '@bo/contract';
import { Alert, Button, Col, Form, Input, Result, Row } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { applyFieldErrors, zodRule } from '../../../shared/forms/form-rules';
import { NewPasswordFields } from '../../../shared/forms/NewPasswordFields';
import { useTexts } from '../../../shared/i18n/lang';
import { LOGIN_PATH } from '../../../shared/paths';
import { AuthShell } from './components/AuthShell';
import { useRegister } from './session.queries';
import { signInErrorText } from './sign-in-error';

interface RegisterValues {
  loginName: string;
  userName: string;
  email: string;
  company: string;
  password: string;
  confirm: string;
}

const FIELDS = ['loginName', 'userName', 'email', 'company', 'password'] as const;
const shape = ep.register.body.shape;

/** Registers a shop account, which stays pending until an administrator approves it. */
export default function RegisterPage() {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const register = useRegister();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async ({ confirm: _confirm, ...body }: RegisterValues) => {
    setError(null);
    try {
      await register.mutateAsync(body);
      setDone(body.loginName);
    } catch (err) {
      // A taken login name is answered as a free one (the server tells its owner), so only
      // field errors, throttling and outages come back here.
      if (!applyFieldErrors(form, err, lang, FIELDS)) setError(signInErrorText(err, t, lang));
    }
  };

  if (done) {
    return (
      <AuthShell testId="page-register" title={t('register.doneTitle')}>
        <Result
          status="success"
          data-testid="register-done"
          title={t('register.doneHeading', { loginName: done })}
          subTitle={t('register.doneText')}
          extra={
            <Button type="primary" onClick={() => void navigate(LOGIN_PATH)}>
              {t('register.backToSignIn')}
            </Button>
          }
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      testId="page-register"
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <span>
          {t('register.haveAccount')} <Link to={LOGIN_PATH}>{t('register.signIn')}</Link>
        </span>
      }
    >
      <Form<RegisterValues> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        {error && <Alert type="error" showIcon title={error} className="bo-form-alert" data-testid="register-error" />}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="loginName"
              label={t('register.loginName')}
              rules={[zodRule(shape.loginName, lang)]}
              extra={t('register.loginNameHint')}
            >
              <Input autoComplete="username" maxLength={64} data-testid="register-login-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="userName" label={t('register.userName')} rules={[zodRule(shape.userName, lang)]}>
              <Input autoComplete="name" maxLength={64} data-testid="register-user-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="email" label={t('register.email')} rules={[zodRule(shape.email, lang)]}>
          <Input type="email" autoComplete="email" maxLength={254} data-testid="register-email" />
        </Form.Item>
        <Form.Item name="company" label={t('register.company')} rules={[zodRule(shape.company, lang)]}>
          <Input autoComplete="organization" maxLength={128} data-testid="register-company" />
        </Form.Item>
        <NewPasswordFields
          name="password"
          label={t('register.password')}
          sideBySide
          testId="register-password"
          confirmTestId="register-confirm"
        />
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form>
    </AuthShell>
  );
}
