import { CheckCircleOutlined, EditOutlined, KeyOutlined, LockOutlined, StopOutlined } from '@ant-design/icons';
import { ERROR_CODES } from '@bo/contract';
import type { ChildUser } from '@bo/contract/access/users';
import { Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../shared/Can';
import { useNotify } from '../../../../shared/components/use-notify';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { type LockReason, userState } from '../user-rules';
import { useSetUserState } from '../users.queries';

interface Props {
  user: ChildUser;
  locked: LockReason | null;
  onEdit: (user: ChildUser) => void;
  onResetPassword: (user: ChildUser) => void;
}

/** Edit, enable/disable (or approve) and reset password; nothing on oneself or the built-in administrator. */
export function UserRowActions({ user, locked, onEdit, onResetPassword }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const setState = useSetUserState();

  if (locked) {
    return (
      <Tooltip title={t(locked === 'self' ? 'users.locked.self' : 'users.locked.builtin')}>
        <Typography.Text type="secondary" data-testid={`user-locked-${user.id}`}>
          <LockOutlined /> {t('users.locked.label')}
        </Typography.Text>
      </Tooltip>
    );
  }

  const state = userState(user);
  const enabling = state !== 'enabled';
  const switchState = async () => {
    try {
      await setState.mutateAsync({ id: user.id, enabled: enabling, version: user.version });
      notify.success(
        t(enabling ? (state === 'pending' ? 'users.approved' : 'users.enabled') : 'users.disabled', { name: user.loginName }),
      );
    } catch (err) {
      notify.error(isApiError(err) && err.code === ERROR_CODES.STALE_VERSION ? t('users.staleRow') : errorText(err, lang));
    }
  };
  const actionLabel = t(enabling ? (state === 'pending' ? 'users.approve' : 'users.enable') : 'users.disable');
  const confirmText = enabling
    ? t(state === 'pending' ? 'users.confirm.approve' : 'users.confirm.enable', { name: user.loginName })
    : t('users.confirm.disable', { name: user.loginName });

  return (
    <Can permission="user:child:edit">
      <Space size={0} wrap={false}>
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => onEdit(user)}
          data-testid={`user-edit-${user.id}`}
        >
          {t('common.edit')}
        </Button>
        <Popconfirm
          title={confirmText}
          description={enabling ? undefined : t('users.confirm.disableNote')}
          okText={actionLabel}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: !enabling }}
          onConfirm={switchState}
        >
          <Button
            type="link"
            size="small"
            danger={!enabling}
            icon={enabling ? <CheckCircleOutlined /> : <StopOutlined />}
            data-testid={`user-state-${user.id}`}
          >
            {actionLabel}
          </Button>
        </Popconfirm>
        <Button
          type="link"
          size="small"
          icon={<KeyOutlined />}
          onClick={() => onResetPassword(user)}
          data-testid={`user-password-${user.id}`}
        >
          {t('users.resetPassword')}
        </Button>
      </Space>
    </Can>
  );
}
