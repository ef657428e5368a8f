import { PlusOutlined } from '@ant-design/icons';
import type { Role } from '@bo/contract/access/roles';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { QueryStates } from '../../../shared/components/QueryStates';
import { toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { useUrlFilters } from '../../../shared/url-filters';
import { RoleDeleteModal } from './components/RoleDeleteModal';
import { RoleEditDrawer, type RoleEditor } from './components/RoleEditDrawer';
import { RoleHoldersDrawer } from './components/RoleHoldersDrawer';
import { RolesTable } from './components/RolesTable';
import { type RoleListQuery, roleListUrlSchema, useRoleList } from './roles.queries';

const URL_DEFAULTS = { keyword: '', sortField: 'name', sortOrder: 'ascend', pageNum: '1', pageSize: '20' } as const;

/** /role/perms: the account's roles and what each may do. Search, sort and page live in the query string. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = roleListUrlSchema.parse({ ...filters, keyword: filters.keyword || undefined });
  const list = useRoleList(query);
  const [keyword, setKeyword] = useState(filters.keyword);
  const [editor, setEditor] = useState<RoleEditor | null>(null);
  const [holdersOf, setHoldersOf] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  // Back/forward or a pasted link changes the keyword under the box.
  useEffect(() => setKeyword(filters.keyword), [filters.keyword]);

  const change = (patch: Partial<RoleListQuery>) => setFilters(toUrlPatch(patch));

  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);

  return (
    <div className="bo-page" data-testid="page-role-perms">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('roles.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('roles.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
          <Input.Search
            allowClear
            placeholder={t('roles.search')}
            value={keyword}
            maxLength={64}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(value) => setFilters({ keyword: value.trim(), pageNum: '1' })}
            style={{ width: 320 }}
            data-testid="roles-search"
          />
          <Can permission="user:role:perms:create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ mode: 'create' })}
              data-testid="role-create"
            >
              {t('roles.create')}
            </Button>
          </Can>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <RolesTable
            roles={list.data?.list ?? []}
            total={total}
            loading={list.isFetching}
            query={query}
            filtered={Boolean(query.keyword)}
            onQueryChange={change}
            onShowHolders={setHoldersOf}
            onEdit={(role) => setEditor({ mode: 'edit', role })}
            onDelete={setDeleting}
          />
        </QueryStates>
      </Card>
      <RoleEditDrawer editor={editor} onClose={() => setEditor(null)} onReloaded={(role) => setEditor({ mode: 'edit', role })} />
      <RoleHoldersDrawer role={holdersOf} onClose={() => setHoldersOf(null)} />
      <RoleDeleteModal role={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
