import { useQuery } from '@tanstack/react-query';
import { Input, Segmented, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleOptionsQuery, USER_STATE_FILTERS, type UserListQuery, type UserStateFilter } from '../users.queries';

interface Props {
  query: UserListQuery;
  onChange: (patch: Partial<UserListQuery>) => void;
}

/** Keyword, state and role filters; each change goes to the query string and back to page 1. */
export function UserFilters({ query, onChange }: Props) {
  const { t } = useTranslation();
  const roles = useQuery(roleOptionsQuery());
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  // Back/forward or a pasted link changes the keyword under the box.
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);

  return (
    <Space wrap size={12}>
      <Input.Search
        allowClear
        placeholder={t('users.search')}
        value={keyword}
        maxLength={64}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(value) => onChange({ keyword: value.trim() || undefined, pageNum: 1 })}
        style={{ width: 280 }}
        data-testid="users-search"
      />
      <Segmented<UserStateFilter>
        value={query.state}
        onChange={(state) => onChange({ state, pageNum: 1 })}
        options={USER_STATE_FILTERS.map((s) => ({ value: s, label: t(`users.filter.${s}`) }))}
        data-testid="users-state"
      />
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={roles.isPending}
        placeholder={t('users.roleFilter')}
        value={query.roleId}
        onChange={(roleId) => onChange({ roleId, pageNum: 1 })}
        options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        style={{ width: 220 }}
        data-testid="users-role"
      />
    </Space>
  );
}
