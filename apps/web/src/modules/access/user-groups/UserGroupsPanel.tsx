import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { UserGroup } from '@bo/contract/access/users';
import { useQuery } from '@tanstack/react-query';
import { Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { AddButton } from '../../../shared/kit/AddButton';
import { ActionLinks } from '../../../shared/kit/RowActions';
import { actionsColumn, FitTable } from '../../../shared/table/FitTable';
import { type GroupEditor, UserGroupDrawer } from './UserGroupDrawer';
import { useDeleteGroup, userGroupsQuery } from './user-groups.queries';

/** The user groups of the account: named sets of users (a team, a shift). */
export function UserGroupsPanel() {
  const { t } = useTranslation();
  const notify = useNotify();
  const groups = useQuery(userGroupsQuery());
  const remove = useDeleteGroup();
  const [editor, setEditor] = useState<GroupEditor | null>(null);

  const del = (g: UserGroup) => notify.run(() => remove.mutateAsync(g.id), t('userGroups.deleted', { name: g.name }));

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('userGroups.hint')}</Typography.Text>
        <AddButton permission="user:child:create" onClick={() => setEditor({ mode: 'create' })} testId="group-create">
          {t('userGroups.create')}
        </AddButton>
      </Space>
      <QueryStates pending={groups.isPending} error={groups.error} onRetry={() => void groups.refetch()}>
        {/* At 1280 px: the name, the members and the actions; the description when room allows. */}
        <FitTable<UserGroup>
          tableId="access.userGroups"
          rowKey="id"
          dataSource={groups.data ?? []}
          pagination={false}
          data-testid="groups-table"
          locale={{ emptyText: <Empty description={t('userGroups.empty')} /> }}
          columns={[
            {
              key: 'name',
              title: t('userGroups.name'),
              priority: 'key',
              dataIndex: 'name',
              width: 180,
              ellipsis: true,
              render: (v: string) => <strong>{v}</strong>,
            },
            { key: 'description', title: t('userGroups.description'), dataIndex: 'description', width: 240, ellipsis: true },
            {
              key: 'members',
              title: t('userGroups.members'),
              priority: 'key',
              dataIndex: 'members',
              width: 360,
              render: (members: UserGroup['members']) =>
                members.length ? (
                  <Space size={[4, 4]} wrap>
                    {members.map((m) => (
                      <Tag key={m.id}>{m.userName}</Tag>
                    ))}
                  </Space>
                ) : (
                  <Typography.Text type="secondary">—</Typography.Text>
                ),
            },
            actionsColumn(
              t,
              170,
              (_: unknown, g) => (
                <ActionLinks
                  size={4}
                  actions={[
                    {
                      key: 'edit',
                      permission: 'user:child:edit',
                      label: t('common.edit'),
                      icon: <EditOutlined />,
                      onClick: () => setEditor({ mode: 'edit', group: g }),
                    },
                    {
                      key: 'delete',
                      permission: 'user:child:delete',
                      label: t('common.delete'),
                      danger: true,
                      icon: <DeleteOutlined />,
                      confirm: {
                        title: t('userGroups.confirmDelete', { name: g.name }),
                        description: t('userGroups.confirmDeleteText'),
                      },
                      onClick: () => del(g),
                    },
                  ]}
                />
              ),
              { fixed: undefined },
            ),
          ]}
        />
      </QueryStates>
      <UserGroupDrawer editor={editor} onClose={() => setEditor(null)} />
    </>
  );
}
