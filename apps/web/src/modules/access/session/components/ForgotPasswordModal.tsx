import { session as ep, STATUS } from '@bo/contract';
import { Alert, Button, Form, Input, Modal, Result, Steps } from 'antd';
import { useState } from 'react';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { NewPasswordFields } from '../../../../shared/forms/NewPasswordFields';
import { isApiError } from '../../../../shared/http/api-error';
import { useTexts } from '../../../../shared/i18n/lang';
import { useCheckCaptcha, useGenerateCaptcha, useResetPassword } from '../session.queries';
import { signInErrorText } from '../sign-in-error';

interface Props {
  initialLoginName: string;
  /** Called with the login name when the password was reset, without one when cancelled. */
  onClose: (loginName?: string) => void;
}

interface Values {
  loginName: string;
  captcha: string;
  password: string;
  confirm: string;
}

type Step = 0 | 1 | 2 | 3;

/**
 * Password reset: login name → a 6-digit code sent to the account's e-mail (in the demo
 * the server prints it in its log) → the code is checked → a new password.
 */
export function ForgotPasswordModal({ initialLoginName, onClose }: Props) {
  const { t, lang } = useTexts();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState<Step>(0);
  const [error, setError] = useState<string | null>(null);
  const [minutes, setMinutes] = useState(10);
  const generate = useGenerateCaptcha();
  const check = useCheckCaptcha();
  const reset = useResetPassword();
  const loginName = () => String(form.getFieldValue('loginName') ?? '').trim();

  const run = async (fields: (keyof Values)[], action: () => Promise<void>) => {
    setError(null);
    try {
      await form.validateFields(fields);
    } catch {
      return;
    }
    try {
      await action();
    } catch (err) {
      if (applyFieldErrors(form, err, lang, fields)) return;
      // The reset itself refuses a used or expired code with a plain 400.
      const codeRefused = step === 2 && isApiError(err) && err.status === STATUS.BAD_REQUEST;
      setError(codeRefused ? t('forgot.codeExpired') : signInErrorText(err, t, lang));
    }
  };

  const sendCode = () =>
    run(['loginName'], async () => {
      const reply = await generate.mutateAsync({ loginName: loginName() });
      setMinutes(Math.round(reply.expiresInSeconds / 60));
      setStep(1);
    });
  const checkCode = () =>
    run(['captcha'], async () => {
      const reply = await check.mutateAsync({ loginName: loginName(), captcha: String(form.getFieldValue('captcha')) });
      if (reply.valid) setStep(2);
      else form.setFields([{ name: 'captcha', errors: [t('forgot.codeInvalid')] }]);
    });
  const savePassword = () =>
    run(['password', 'confirm'], async () => {
      const values = form.getFieldsValue(true) as Values;
      await reset.mutateAsync({ loginName: loginName(), captcha: values.captcha, password: values.password });
      setStep(3);
    });

  const actions: Record<Exclude<Step, 3>, { label: string; onClick: () => Promise<void>; loading: boolean }> = {
    0: { label: t('forgot.sendCode'), onClick: sendCode, loading: generate.isPending },
    1: { label: t('forgot.checkCode'), onClick: checkCode, loading: check.isPending },
    2: { label: t('forgot.save'), onClick: savePassword, loading: reset.isPending },
  };
  const current = step === 3 ? null : actions[step];

  return (
    <Modal open title={t('forgot.title')} onCancel={() => onClose()} footer={null} destroyOnHidden width={480}>
      <Steps
        size="small"
        current={step}
        className="bo-steps"
        items={[{ title: t('forgot.stepAccount') }, { title: t('forgot.stepCode') }, { title: t('forgot.stepPassword') }]}
      />
      {step === 3 ? (
        <Result
          status="success"
          title={t('forgot.doneTitle')}
          subTitle={t('forgot.doneText')}
          extra={
            <Button type="primary" onClick={() => onClose(loginName())}>
              {t('forgot.backToSignIn')}
            </Button>
          }
        />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ loginName: initialLoginName }}
          onFinish={() => void current?.onClick()}
        >
          {error && <Alert type="error" showIcon title={error} className="bo-form-alert" />}
          <Form.Item
            name="loginName"
            label={t('login.loginName')}
            rules={[zodRule(ep.loginBody.shape.loginName, lang)]}
            hidden={step !== 0}
          >
            <Input autoComplete="username" maxLength={64} autoFocus />
          </Form.Item>
          {step === 1 && (
            <>
              <Alert
                type="info"
                showIcon
                className="bo-form-alert"
                title={t('forgot.codeSent', { minutes })}
                description={t('forgot.demoHint')}
              />
              <Form.Item name="captcha" label={t('forgot.code')} rules={[zodRule(ep.checkUserCaptcha.query.shape.captcha, lang)]}>
                <Input.OTP length={6} data-testid="forgot-code" />
              </Form.Item>
              <Button type="link" className="bo-inline-link" onClick={() => void sendCode()} loading={generate.isPending}>
                {t('forgot.resend')}
              </Button>
            </>
          )}
          {step === 2 && <NewPasswordFields name="password" label={t('forgot.newPassword')} />}
          <div className="bo-modal-actions">
            <Button onClick={() => onClose()}>{t('common.cancel')}</Button>
            {current && (
              <Button type="primary" htmlType="submit" loading={current.loading}>
                {current.label}
              </Button>
            )}
          </div>
        </Form>
      )}
    </Modal>
  );
}
