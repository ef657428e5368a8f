import type { Role } from '@bo/contract/access/roles';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { FitTable } from '../../../../shared/table/FitTable';
import { splitPermissions, usePermissionItems } from '../../session/session.queries';
import { type RoleHolder, roleHoldersQuery } from '../roles.queries';

interface Props {
  role: Role | null;
  onClose: () => void;
}

/** The users who hold a role (GET users/role/{id}), with a way into the users screen filtered by it. */
export function RoleHoldersDrawer({ role, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const holders = useQuery({ ...roleHoldersQuery(role?.id ?? 0), enabled: role !== null });
  const { data: items } = usePermissionItems();
  const mayOpenUsers = useMemo(() => splitPermissions(items ?? []).pages.has('user:child'), [items]);

  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      size={520}
      destroyOnHidden
      title={role ? t('roles.holders.title', { name: role.name }) : ''}
      extra={
        role && mayOpenUsers ? (
          <Button size="small" onClick={() => void navigate(`/user/child?roleId=${role.id}`)}>
            {t('roles.holders.openUsers')}
          </Button>
        ) : null
      }
    >
      <QueryStates pending={holders.isPending} error={holders.error} onRetry={() => void holders.refetch()}>
        <FitTable<RoleHolder>
          tableId="access.roleHolders"
          rowKey="id"
          size="small"
          data-testid="role-holders"
          dataSource={holders.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.holders.empty')} /> }}
          columns={[
            {
              key: 'loginName',
              title: t('users.column.loginName'),
              priority: 'key',
              dataIndex: 'loginName',
              width: 220,
              ellipsis: true,
            },
            {
              key: 'userName',
              title: t('users.column.userName'),
              priority: 'key',
              dataIndex: 'userName',
              width: 220,
              ellipsis: true,
            },
          ]}
        />
      </QueryStates>
    </Drawer>
  );
}
