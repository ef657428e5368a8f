import { DeleteOutlined, EditOutlined, LockOutlined } from '@ant-design/icons';
import type { Role } from '@bo/contract/access/roles';
import { Button, Empty, Space, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../shared/Can';
import { formatDateTime } from '../../../../shared/format';
import { tableChangeHandler } from '../../../../shared/list-paging';
import type { RoleListQuery, RoleSortField } from '../roles.queries';

const SORTABLE: readonly RoleSortField[] = ['name', 'userCount', 'updatedAt'];

interface Props {
  roles: readonly Role[];
  total: number;
  loading: boolean;
  query: RoleListQuery;
  filtered: boolean;
  onQueryChange: (patch: Partial<RoleListQuery>) => void;
  onShowHolders: (role: Role) => void;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
}

/** The roles of the account: server-side paging and sorting, both driven by the query string. */
export function RolesTable({ roles, total, loading, query, filtered, onQueryChange, onShowHolders, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const sortOrder = (key: RoleSortField) => (query.sortField === key ? query.sortOrder : null);
  const mayAct = can('user:role:perms:edit') || can('user:role:perms:delete');

  const columns: TableProps<Role>['columns'] = [
    {
      key: 'name',
      title: t('roles.column.name'),
      // Wide enough for the longest demo role beside its tag: a name never breaks inside a word.
      width: 240,
      sorter: true,
      sortOrder: sortOrder('name'),
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
      dataIndex: 'description',
      ellipsis: true,
      render: (text: string) => text || <span className="bo-muted">—</span>,
    },
    {
      key: 'userCount',
      title: t('roles.column.users'),
      sorter: true,
      sortOrder: sortOrder('userCount'),
      width: 90,
      align: 'right',
      render: (_, role) =>
        role.userCount > 0 ? (
          <Button type="link" size="small" onClick={() => onShowHolders(role)} data-testid={`role-users-${role.id}`}>
            {role.userCount}
          </Button>
        ) : (
          <span className="bo-muted">0</span>
        ),
    },
    { key: 'permissionCount', title: t('roles.column.permissions'), dataIndex: 'permissionCount', width: 110, align: 'right' },
    {
      key: 'updatedAt',
      title: t('roles.column.updatedAt'),
      sorter: true,
      sortOrder: sortOrder('updatedAt'),
      width: 170,
      render: (_, role) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(role.updatedAt)}</span>,
    },
  ];
  if (mayAct) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      render: (_, role) =>
        role.builtin ? (
          <Tooltip title={t('roles.builtinLocked')}>
            <Typography.Text type="secondary">
              <LockOutlined /> {t('roles.locked')}
            </Typography.Text>
          </Tooltip>
        ) : (
          <Space size={0}>
            <Can permission="user:role:perms:edit">
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => onEdit(role)}
                data-testid={`role-edit-${role.id}`}
              >
                {t('common.edit')}
              </Button>
            </Can>
            <Can permission="user:role:perms:delete">
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => onDelete(role)}
                data-testid={`role-delete-${role.id}`}
              >
                {t('common.delete')}
              </Button>
            </Can>
          </Space>
        ),
    });
  }

  const onChange = tableChangeHandler<Role, RoleSortField>(SORTABLE, 'name', query.pageSize, onQueryChange);

  return (
    <Table<Role>
      rowKey="id"
      data-testid="roles-table"
      columns={columns}
      dataSource={roles as Role[]}
      loading={loading}
      onChange={onChange}
      scroll={{ x: 900 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'list.noMatch' : 'roles.empty')} />,
      }}
      pagination={{
        current: query.pageNum,
        pageSize: query.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (n) => t('list.total', { count: n }),
      }}
    />
  );
}
