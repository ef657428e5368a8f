import type { Registration } from '@bo/contract/access/users';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { RoleSelect } from '../../users/components/RoleSelect';
import { roleOptionsQuery } from '../../users/users.queries';
import { useApproveRegistration } from '../registrations.queries';

interface Props {
  registration: Registration | null;
  onClose: () => void;
}

/** Approves a registration, optionally with roles of the account (only roles whose permissions the approver holds). */
export function ApproveRegistrationModal({ registration, onClose }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<{ roleIds: number[] }>();
  const roles = useQuery({ ...roleOptionsQuery(), enabled: registration !== null });
  const approve = useApproveRegistration();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = async ({ roleIds }: { roleIds?: number[] }) => {
    if (!registration) return;
    setError(null);
    try {
      await approve.mutateAsync({ id: registration.id, body: { version: registration.version, roleIds: roleIds ?? [] } });
      notify.success(t('registrations.approved', { name: registration.loginName }));
      close();
    } catch (err) {
      setError(errorText(err, lang));
    }
  };

  return (
    <Modal
      open={registration !== null}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('registrations.approve')}
      okButtonProps={{ 'data-testid': 'registration-approve-ok' }}
      confirmLoading={approve.isPending}
      title={t('registrations.approveTitle', { name: registration?.loginName ?? '' })}
      destroyOnHidden
    >
      <Alert type="info" showIcon className="bo-form-alert" title={t('registrations.approveNote')} />
      {error && <Alert type="error" showIcon className="bo-form-alert" title={error} data-testid="registration-approve-error" />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} preserve={false}>
        <Form.Item name="roleIds" label={t('users.field.roles')} extra={t('users.rolesHint')}>
          <RoleSelect roles={roles} placeholder={t('registrations.rolesPlaceholder')} testId="registration-roles" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
