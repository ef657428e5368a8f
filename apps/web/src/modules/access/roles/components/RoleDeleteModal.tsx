import { STATUS } from '@bo/contract';
import type { Role } from '@bo/contract/access/roles';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { useNotify } from '../../../../shared/components/use-notify';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { roleHoldersQuery, useDeleteRole } from '../roles.queries';

interface Props {
  role: Role | null;
  onClose: () => void;
}

/** How many names the confirmation spells out before "and N more". */
const NAMES_SHOWN = 10;

/**
 * Deleting asks first: it loads who holds the role and says who loses it, then deletes
 * with force=true. With no holders it deletes without force, so a holder added meanwhile
 * is refused (409) rather than silently stripped.
 */
export function RoleDeleteModal({ role, onClose }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const holders = useQuery({ ...roleHoldersQuery(role?.id ?? 0), enabled: role !== null });
  const remove = useDeleteRole();
  const [error, setError] = useState<string | null>(null);
  const list = holders.data ?? [];

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!role) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: role.id, force: list.length > 0 });
      notify.success(t('roles.deleted', { name: role.name }));
      close();
    } catch (err) {
      if (isApiError(err) && err.status === STATUS.CONFLICT) {
        setError(t('roles.delete.changed'));
        void holders.refetch();
      } else setError(errorText(err, lang));
    }
  };

  const names = list.slice(0, NAMES_SHOWN).map((u) => u.loginName);
  const more = list.length - names.length;

  return (
    <Modal
      open={role !== null}
      onCancel={close}
      title={t('roles.delete.title', { name: role?.name ?? '' })}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="delete"
          type="primary"
          danger
          loading={remove.isPending}
          disabled={holders.isPending || holders.isError}
          onClick={() => void confirm()}
          data-testid="role-delete-confirm"
        >
          {t('common.delete')}
        </Button>,
      ]}
      destroyOnHidden
      data-testid="role-delete-modal"
    >
      <QueryStates pending={holders.isPending} error={holders.error} onRetry={() => void holders.refetch()} rows={2}>
        {error && <Alert type="error" showIcon className="bo-form-alert" title={error} />}
        {list.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            data-testid="role-delete-holders"
            title={t('roles.delete.holders', { count: list.length, name: role?.name ?? '' })}
            description={
              <Typography.Text>
                {names.join(', ')}
                {more > 0 ? ` ${t('roles.delete.more', { count: more })}` : ''}
              </Typography.Text>
            }
          />
        ) : (
          <Typography.Paragraph data-testid="role-delete-holders">{t('roles.delete.noHolders')}</Typography.Paragraph>
        )}
      </QueryStates>
    </Modal>
  );
}
