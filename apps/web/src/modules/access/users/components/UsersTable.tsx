import type { ChildUser } from '@bo/contract/access/users';
import { Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/Can';
import { formatDateTime } from '../../../../shared/format';
import { useLang } from '../../../../shared/i18n/lang';
import { tableChangeHandler } from '../../../../shared/list-paging';
import { type FitColumnType, FitTable } from '../../../../shared/table/FitTable';
import { type LockReason, type UserState, userState } from '../user-rules';
import type { UserListQuery, UserSortField } from '../users.queries';
import { UserRowActions } from './UserRowActions';

const SORTABLE: readonly UserSortField[] = ['loginName', 'userName', 'createdAt'];
const STATE_COLOR: Record<UserState, string> = { enabled: 'green', disabled: 'default', pending: 'orange' };
const ROLES_SHOWN = 3;

interface Props {
  users: readonly ChildUser[];
  total: number;
  loading: boolean;
  query: UserListQuery;
  filtered: boolean;
  shopNames: ReadonlyMap<number, string>;
  lockOf: (user: ChildUser) => LockReason | null;
  onQueryChange: (patch: Partial<UserListQuery>) => void;
  onEdit: (user: ChildUser) => void;
  onResetPassword: (user: ChildUser) => void;
}

const dash = <span className="bo-muted">—</span>;

/** Users of the account: server-side paging and sorting, driven by the query string. */
export function UsersTable(props: Props) {
  const { users, total, loading, query, filtered, shopNames, lockOf, onQueryChange, onEdit, onResetPassword } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const sortOrder = (key: UserSortField) => (query.sortField === key ? query.sortOrder : null);

  // Login name, state, shops and the actions always show; the rest as the width allows (docs/decisions.md).
  const columns: FitColumnType<ChildUser>[] = [
    {
      key: 'loginName',
      title: t('users.column.loginName'),
      sorter: true,
      sortOrder: sortOrder('loginName'),
      width: 200,
      priority: 'key',
      fixed: 'left',
      render: (_, user) => {
        const lock = lockOf(user);
        return (
          <Space size={6} wrap={false}>
            <Typography.Text strong>{user.loginName}</Typography.Text>
            {lock === 'self' && <Tag color="blue">{t('users.you')}</Tag>}
            {lock === 'builtin' && <Tag color="gold">{t('users.builtin')}</Tag>}
          </Space>
        );
      },
    },
    {
      key: 'userName',
      title: t('users.column.userName'),
      dataIndex: 'userName',
      sorter: true,
      sortOrder: sortOrder('userName'),
      width: 150,
      ellipsis: true,
    },
    {
      key: 'roles',
      title: t('users.column.roles'),
      width: 240,
      render: (_, user) =>
        user.roles.length === 0 ? (
          dash
        ) : (
          <Space size={[4, 4]} wrap>
            {user.roles.slice(0, ROLES_SHOWN).map((r) => (
              <Tag key={r.id}>{r.name}</Tag>
            ))}
            {user.roles.length > ROLES_SHOWN && (
              <Tooltip title={user.roles.map((r) => r.name).join(', ')}>
                <Tag>+{user.roles.length - ROLES_SHOWN}</Tag>
              </Tooltip>
            )}
          </Space>
        ),
    },
    {
      key: 'state',
      title: t('users.column.state'),
      width: 110,
      priority: 'key',
      render: (_, user) => {
        const state = userState(user);
        return <Tag color={STATE_COLOR[state]}>{t(`users.state.${state}`)}</Tag>;
      },
    },
    {
      key: 'shops',
      title: t('users.column.shops'),
      align: 'right',
      width: 90,
      priority: 'key',
      render: (_, user) =>
        user.shopIds.length === 0 ? (
          dash
        ) : (
          <Tooltip title={user.shopIds.map((id) => shopNames.get(id) ?? `#${id}`).join(', ')}>
            <span>{user.shopIds.length}</span>
          </Tooltip>
        ),
    },
    {
      key: 'email',
      title: t('users.column.email'),
      dataIndex: 'email',
      width: 220,
      priority: 'detail',
      ellipsis: true,
      render: (v: string | null) => v || dash,
    },
    {
      key: 'cellphone',
      title: t('users.column.cellphone'),
      dataIndex: 'cellphone',
      width: 170,
      priority: 'detail',
      render: (v: string | null) => (v ? <span style={{ whiteSpace: 'nowrap' }}>{v}</span> : dash),
    },
    {
      key: 'createdAt',
      title: t('users.column.createdAt'),
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      width: 180,
      priority: 'detail',
      render: (_, user) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.createdAt)}</span>,
    },
  ];
  if (can('user:child:edit')) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: lang === 'zh-CN' ? 220 : 270,
      priority: 'key',
      fixed: 'right',
      render: (_, user) => <UserRowActions user={user} locked={lockOf(user)} onEdit={onEdit} onResetPassword={onResetPassword} />,
    });
  }

  const onChange = tableChangeHandler<ChildUser, UserSortField>(SORTABLE, 'loginName', query.pageSize, onQueryChange);

  return (
    <FitTable<ChildUser>
      tableId="access.users"
      rowKey="id"
      data-testid="users-table"
      columns={columns}
      dataSource={users as ChildUser[]}
      loading={loading}
      onChange={onChange}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'list.noMatch' : 'users.empty')} />,
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
