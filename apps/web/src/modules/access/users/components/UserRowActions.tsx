import { CheckCircleOutlined, EditOutlined, KeyOutlined, StopOutlined } from '@ant-design/icons';
import { ERROR_CODES } from '@bo/contract';
import type { ChildUser } from '@bo/contract/access/users';
import { Can } from '../../../../shared/Can';
import { useNotify } from '../../../../shared/components/use-notify';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { ActionLinks, RowLocked } from '../../../../shared/kit/RowActions';
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
  const { t, lang } = useTexts();
  const notify = useNotify();
  const setState = useSetUserState();

  if (locked) {
    return (
      <RowLocked
        label={t('users.locked.label')}
        reason={t(locked === 'self' ? 'users.locked.self' : 'users.locked.builtin')}
        testId={`user-locked-${user.id}`}
      />
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
      <ActionLinks
        wrap={false}
        actions={[
          {
            testId: `user-edit-${user.id}`,
            label: t('common.edit'),
            icon: <EditOutlined />,
            onClick: () => onEdit(user),
          },
          {
            testId: `user-state-${user.id}`,
            label: actionLabel,
            danger: !enabling,
            icon: enabling ? <CheckCircleOutlined /> : <StopOutlined />,
            confirm: {
              title: confirmText,
              description: enabling ? undefined : t('users.confirm.disableNote'),
              okText: actionLabel,
              cancelText: t('common.cancel'),
            },
            onClick: switchState,
          },
          {
            testId: `user-password-${user.id}`,
            label: t('users.resetPassword'),
            icon: <KeyOutlined />,
            onClick: () => onResetPassword(user),
          },
        ]}
      />
    </Can>
  );
}
