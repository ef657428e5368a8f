import type { ChildUser } from '@bo/contract/access/users';
import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors } from '../../../../shared/forms/form-rules';
import { NewPasswordFields } from '../../../../shared/forms/NewPasswordFields';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { useResetUserPassword } from '../users.queries';

interface Values {
  password: string;
  confirm: string;
}

interface Props {
  user: ChildUser | null;
  onClose: () => void;
}

/** Sets a new password for a user; their sessions end at once. */
export function UserPasswordModal({ user, onClose }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const reset = useResetUserPassword();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = async ({ password }: Values) => {
    if (!user) return;
    setError(null);
    try {
      await reset.mutateAsync({ id: user.id, password });
      notify.success(t('users.passwordSet', { name: user.loginName }));
      close();
    } catch (err) {
      if (!applyFieldErrors(form, err, lang, ['password'])) setError(errorText(err, lang));
    }
  };

  return (
    <Modal
      open={user !== null}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('users.resetPassword')}
      confirmLoading={reset.isPending}
      title={t('users.passwordTitle', { name: user?.loginName ?? '' })}
      destroyOnHidden
    >
      <Alert type="info" showIcon className="bo-form-alert" title={t('users.passwordNote')} />
      {error && <Alert type="error" showIcon className="bo-form-alert" title={error} />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} preserve={false}>
        <NewPasswordFields name="password" label={t('profile.newPassword')} testId="user-new-password" />
      </Form>
    </Modal>
  );
}
