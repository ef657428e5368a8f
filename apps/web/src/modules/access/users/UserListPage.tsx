import { users as ep, INTERNAL_ACCOUNT_ID } from '@bo/contract';
import type { ChildUser } from '@bo/contract/access/users';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useCan } from '../../../shared/Can';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import type { Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { userShopsQuery } from '../../shops/shops-auth/shops-auth.queries';
import { userKeys } from '../access.keys';
import { RegistrationsPanel } from '../registrations/RegistrationsPanel';
import { useCurrentUser } from '../session/session.queries';
import { UserGroupsPanel } from '../user-groups/UserGroupsPanel';
import { UserEditDrawer } from './components/UserEditDrawer';
import { UserPasswordModal } from './components/UserPasswordModal';
import { UserRowActions } from './components/UserRowActions';
import { lockReason, type UserState, userState } from './user-rules';
import { roleOptionsQuery } from './users.queries';

const STATE_COLOR: Record<UserState, string> = { enabled: 'green', disabled: 'default', pending: 'orange' };
const ROLES_SHOWN = 3;
const dash = <span className="bo-muted">—</span>;

function useRoleOptions() {
  const roles = useQuery(roleOptionsQuery());
  return { options: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })), loading: roles.isPending };
}

/** /user/child: the users of the account, their roles, shops and state. Filters live in the query string. */
export default function UserListPage() {
  const { t, lang } = useTexts();
  const can = useCan();
  const list = useKitList(ep.listChildUsers, userKeys.all);
  const [{ tab: tabParam }, setTab] = useUrlFilters({ tab: 'users' });
  const { data: me } = useCurrentUser();
  const shops = useQuery(userShopsQuery());
  const shopNames = useMemo(() => new Map((shops.data ?? []).map((s) => [s.id, s.name])), [shops.data]);
  const [editor, setEditor] = useState<Editor<ChildUser> | null>(null);
  const [historyOf, setHistoryOf] = useState<ChildUser | null>(null);
  const [passwordFor, setPasswordFor] = useState<ChildUser | null>(null);
  // Registrations live in accounts of their own: only the company account decides them.
  const canApprove = can('user:child:approve') && me?.accountId === INTERNAL_ACCOUNT_ID;
  const tab = tabParam === 'groups' || (tabParam === 'registrations' && canApprove) ? tabParam : 'users';

  // Login name, state, shops and the actions always show; the rest as the width allows (docs/decisions.md).
  const columns: KitColumn<ChildUser>[] = [
    {
      key: 'loginName',
      sortable: true,
      title: t('users.column.loginName'),
      width: 200,
      priority: 'key',
      fixed: 'left',
      render: (_, user) => {
        const lock = lockReason(user, me);
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
      sortable: true,
      title: t('users.column.userName'),
      width: 150,
      ellipsis: true,
      render: (_, user) => user.userName,
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
      width: 220,
      priority: 'detail',
      ellipsis: true,
      render: (_, user) => user.email || dash,
    },
    {
      key: 'cellphone',
      title: t('users.column.cellphone'),
      width: 170,
      priority: 'detail',
      render: (_, user) => (user.cellphone ? <span style={{ whiteSpace: 'nowrap' }}>{user.cellphone}</span> : dash),
    },
    {
      key: 'createdAt',
      sortable: true,
      title: t('users.column.createdAt'),
      width: 180,
      priority: 'detail',
      render: (_, user) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.createdAt)}</span>,
    },
  ];
  if (can('user:child:edit')) {
    columns.push(
      actionsColumn(t, lang === 'zh-CN' ? 264 : 316, (_, user) => (
        <UserRowActions
          user={user}
          locked={lockReason(user, me)}
          onEdit={(u) => setEditor({ mode: 'edit', record: u })}
          onResetPassword={setPasswordFor}
        />
      )),
    );
  }

  return (
    <>
      <ListPage
        testId="page-user-child"
        texts="users"
        list={list}
        tabs={{
          activeKey: tab,
          onChange: (next) => setTab({ tab: next }),
          listKey: 'users',
          items: [
            { key: 'users', label: t('users.tabUsers') },
            { key: 'groups', label: t('users.tabGroups'), children: <UserGroupsPanel /> },
            ...(canApprove
              ? [
                  {
                    key: 'registrations',
                    label: <span data-testid="tab-registrations">{t('registrations.tab')}</span>,
                    children: <RegistrationsPanel />,
                  },
                ]
              : []),
          ],
        }}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('users.search'), maxLength: 64, width: 280, testId: 'users-search' },
          {
            kind: 'segmented',
            key: 'state',
            options: ep.listChildUsers.query.shape.state
              .unwrap()
              .options.map((s) => ({ value: s, label: t(`users.filter.${s}`) })),
            testId: 'users-state',
          },
          {
            kind: 'query-select',
            key: 'roleId',
            placeholder: t('users.roleFilter'),
            width: 220,
            useOptions: useRoleOptions,
            testId: 'users-role',
          },
        ]}
        toolbar={
          <AddButton permission="user:child:create" onClick={() => setEditor({ mode: 'create' })} testId="user-create">
            {t('users.create')}
          </AddButton>
        }
        columns={columns}
        tableId="access.users"
        rowKey="id"
        tableTestId="users-table"
        emptyText={t('users.empty')}
      />
      <UserEditDrawer
        editor={editor}
        onClose={() => setEditor(null)}
        onReloaded={(user) => setEditor({ mode: 'edit', record: user })}
        onHistory={setHistoryOf}
      />
      <HistoryDrawer
        entity="user"
        entityId={historyOf?.id ?? null}
        name={historyOf?.loginName ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          loginName: t('users.field.loginName'),
          userName: t('users.field.userName'),
          email: t('users.field.email'),
          cellphone: t('users.field.cellphone'),
          roles: t('users.field.roles'),
          shops: t('users.field.shops'),
          shopIds: t('users.field.shops'),
          enabled: t('users.column.state'),
          state: t('users.column.state'),
        }}
        formatValue={(field, v) => {
          if (field === 'enabled' && typeof v === 'boolean') return t(v ? 'users.state.enabled' : 'users.state.disabled');
          // A registration's state: pending, then approved (active) or rejected.
          if (field === 'state' && (v === 'pending' || v === 'active' || v === 'rejected')) return t(`users.state.${v}`);
          if ((field === 'shops' || field === 'shopIds') && Array.isArray(v) && v.length > 0)
            return v.map((id) => shopNames.get(Number(id)) ?? `#${id}`).join(', ');
          return undefined;
        }}
      />
      <UserPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
    </>
  );
}
