import { PlusOutlined } from '@ant-design/icons';
import { INTERNAL_ACCOUNT_ID } from '@bo/contract';
import type { ChildUser } from '@bo/contract/access/users';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Tabs, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../shared/Can';
import { QueryStates } from '../../../shared/components/QueryStates';
import { toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { useUrlFilters } from '../../../shared/url-filters';
import { userShopsQuery } from '../../shops/shops-auth/shops-auth.queries';
import { RegistrationsPanel } from '../registrations/RegistrationsPanel';
import { useCurrentUser } from '../session/session.queries';
import { UserGroupsPanel } from '../user-groups/UserGroupsPanel';
import { UserEditDrawer, type UserEditor } from './components/UserEditDrawer';
import { UserFilters } from './components/UserFilters';
import { UserPasswordModal } from './components/UserPasswordModal';
import { UsersTable } from './components/UsersTable';
import { lockReason } from './user-rules';
import { type UserListQuery, userListUrlSchema, useUserList } from './users.queries';

const URL_DEFAULTS = {
  tab: 'users',
  keyword: '',
  state: 'all',
  roleId: '',
  sortField: 'loginName',
  sortOrder: 'ascend',
  pageNum: '1',
  pageSize: '20',
} as const;

/** /user/child: the users of the account, their roles, shops and state. Filters live in the query string. */
export default function UserListPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = userListUrlSchema.parse({
    ...filters,
    keyword: filters.keyword || undefined,
    roleId: filters.roleId || undefined,
  });
  const list = useUserList(query);
  const { data: me } = useCurrentUser();
  const shops = useQuery(userShopsQuery());
  const shopNames = useMemo(() => new Map((shops.data ?? []).map((s) => [s.id, s.name])), [shops.data]);
  const [editor, setEditor] = useState<UserEditor | null>(null);
  const [passwordFor, setPasswordFor] = useState<ChildUser | null>(null);
  const lockOf = useCallback((user: ChildUser) => lockReason(user, me), [me]);
  // Registrations live in accounts of their own: only the company account decides them.
  const canApprove = useCan()('user:child:approve') && me?.accountId === INTERNAL_ACCOUNT_ID;
  const tab = filters.tab === 'groups' || (filters.tab === 'registrations' && canApprove) ? filters.tab : 'users';

  const change = (patch: Partial<UserListQuery>) => setFilters(toUrlPatch(patch));

  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);

  return (
    <div className="bo-page" data-testid="page-user-child">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('users.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('users.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(tab) => setFilters({ tab })}
          items={[
            {
              key: 'users',
              label: t('users.tabUsers'),
              children: (
                <>
                  <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap align="start">
                    <UserFilters query={query} onChange={change} />
                    <Can permission="user:child:create">
                      <Button
                        type="primary"
                        icon={<PlusOutlined />}
                        onClick={() => setEditor({ mode: 'create' })}
                        data-testid="user-create"
                      >
                        {t('users.create')}
                      </Button>
                    </Can>
                  </Space>
                  <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
                    <UsersTable
                      users={list.data?.list ?? []}
                      total={total}
                      loading={list.isFetching}
                      query={query}
                      filtered={Boolean(query.keyword || query.roleId || query.state !== 'all')}
                      shopNames={shopNames}
                      lockOf={lockOf}
                      onQueryChange={change}
                      onEdit={(user) => setEditor({ mode: 'edit', user })}
                      onResetPassword={setPasswordFor}
                    />
                  </QueryStates>
                </>
              ),
            },
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
          ]}
        />
      </Card>
      <UserEditDrawer editor={editor} onClose={() => setEditor(null)} onReloaded={(user) => setEditor({ mode: 'edit', user })} />
      <UserPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
    </div>
  );
}
