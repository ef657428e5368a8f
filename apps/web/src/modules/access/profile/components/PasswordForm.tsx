import { session as ep } from '@bo/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { NewPasswordFields } from '../../../../shared/forms/NewPasswordFields';
import { isApiError, noticeFor } from '../../../../shared/http/api-error';
import { useTexts } from '../../../../shared/i18n/lang';
import { useChangePassword } from '../profile.queries';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

const FIELDS = ['oldPassword', 'newPassword'] as const;
const shape = ep.changeOwnPassword.body.shape;

/** Changes the own password (PUT user/rest/v1/users/password); other sessions end. */
export function PasswordForm() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ oldPassword, newPassword }: Values) => {
    setError(null);
    try {
      await change.mutateAsync({ oldPassword, newPassword });
      form.resetFields();
      notify.success(t('profile.passwordChanged'));
    } catch (err) {
      if (!applyFieldErrors(form, err, lang, FIELDS)) {
        setError(isApiError(err) ? (noticeFor(err.status, err.message, lang)?.text ?? err.message) : String(err));
      }
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="password-form">
      {error && <Alert type="error" showIcon title={error} className="bo-form-alert" />}
      <Form.Item name="oldPassword" label={t('profile.oldPassword')} rules={[zodRule(shape.oldPassword, lang)]}>
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <NewPasswordFields name="newPassword" label={t('profile.newPassword')} />
      <Alert type="info" showIcon className="bo-form-alert" title={t('profile.passwordNote')} />
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-save">
        {t('profile.changePassword')}
      </Button>
    </Form>
  );
}
