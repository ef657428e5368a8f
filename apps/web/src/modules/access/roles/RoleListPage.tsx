import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { roles as ep } from '@bo/contract';
import type { Role } from '@bo/contract/access/roles';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/Can';
import { formatDateTime } from '../../../shared/format';
import { AddButton } from '../../../shared/kit/AddButton';
import type { Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { ActionLinks, RowLocked } from '../../../shared/kit/RowActions';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { roleKeys } from '../access.keys';
import { RoleDeleteModal } from './components/RoleDeleteModal';
import { RoleEditDrawer } from './components/RoleEditDrawer';
import { RoleHoldersDrawer } from './components/RoleHoldersDrawer';

/** /role/perms: the account's roles and what each may do. Search, sort and page live in the query string. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useKitList(ep.listRoles, roleKeys.all);
  const [editor, setEditor] = useState<Editor<Role> | null>(null);
  const [historyOf, setHistoryOf] = useState<Role | null>(null);
  const [holdersOf, setHoldersOf] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  // Name, users and the actions always show; the rest as the width allows (docs/decisions.md).
  const columns: KitColumn<Role>[] = [
    {
      key: 'name',
      sortable: true,
      title: t('roles.column.name'),
      // Wide enough for the longest demo role beside its tag: a name never breaks inside a word.
      width: 240,
      priority: 'key',
      render: (_, role) => (
        <Space size={6} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text strong>{role.name}</Typography.Text>
          {role.builtin && <Tag color="gold">{t('roles.builtin')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'description',
      title: t('roles.column.description'),
      width: 300,
      ellipsis: true,
      render: (_, role) => role.description || <span className="bo-muted">—</span>,
    },
    {
      key: 'userCount',
      sortable: true,
      title: t('roles.column.users'),
      width: 110,
      priority: 'key',
      align: 'right',
      render: (_, role) =>
        role.userCount > 0 ? (
          <Button type="link" size="small" onClick={() => setHoldersOf(role)} data-testid={`role-users-${role.id}`}>
            {role.userCount}
          </Button>
        ) : (
          <span className="bo-muted">0</span>
        ),
    },
    {
      key: 'permissionCount',
      title: t('roles.column.permissions'),
      width: 120,
      align: 'right',
      render: (_, role) => role.permissionCount,
    },
    {
      key: 'updatedAt',
      sortable: true,
      title: t('roles.column.updatedAt'),
      width: 190,
      priority: 'detail',
      render: (_, role) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(role.updatedAt)}</span>,
    },
  ];
  if (can('user:role:perms:edit') || can('user:role:perms:delete')) {
    columns.push(
      actionsColumn(t, 170, (_, role) =>
        role.builtin ? (
          <RowLocked label={t('roles.locked')} reason={t('roles.builtinLocked')} />
        ) : (
          <ActionLinks
            actions={[
              {
                testId: `role-edit-${role.id}`,
                permission: 'user:role:perms:edit',
                label: t('common.edit'),
                icon: <EditOutlined />,
                onClick: () => setEditor({ mode: 'edit', record: role }),
              },
              {
                testId: `role-delete-${role.id}`,
                permission: 'user:role:perms:delete',
                label: t('common.delete'),
                danger: true,
                icon: <DeleteOutlined />,
                onClick: () => setDeleting(role),
              },
            ]}
          />
        ),
      ),
    );
  }

  return (
    <>
      <ListPage
        testId="page-role-perms"
        texts="roles"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('roles.search'), maxLength: 64, width: 320, testId: 'roles-search' },
        ]}
        toolbar={
          <AddButton permission="user:role:perms:create" onClick={() => setEditor({ mode: 'create' })} testId="role-create">
            {t('roles.create')}
          </AddButton>
        }
        columns={columns}
        tableId="access.roles"
        rowKey="id"
        tableTestId="roles-table"
        emptyText={t('roles.empty')}
      />
      <RoleEditDrawer
        editor={editor}
        onClose={() => setEditor(null)}
        onReloaded={(role) => setEditor({ mode: 'edit', record: role })}
        onHistory={setHistoryOf}
      />
      <HistoryDrawer
        entity="role"
        entityId={historyOf?.id ?? null}
        name={historyOf?.name ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          name: t('roles.field.name'),
          description: t('roles.field.description'),
          permissions: t('roles.field.permissions'),
          users: t('roles.column.users'),
        }}
      />
      <RoleHoldersDrawer role={holdersOf} onClose={() => setHoldersOf(null)} />
      <RoleDeleteModal role={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
