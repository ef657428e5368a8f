import type { ENTITY_RULE_LEVELS } from '@bo/contract/ppc/rules';
import { Card, Empty, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenHead } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { SearchBox } from '../../../shared/components/SearchBox';
import { formatDateTime } from '../../../shared/format';
import { listPagination } from '../../../shared/list-paging';
import { FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { valueText } from './rule-text';
import { useAutoEntities } from './rules.queries';

const URL_DEFAULTS = { name: '', pageNum: '1', pageSize: '20' } as const;

/** /ppcAuto/{campaign,group,keyword}List: entities under enabled rules, the rules and the last rule change. */
export function AutoEntitiesPage({ level }: { level: (typeof ENTITY_RULE_LEVELS)[number] }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = {
    level,
    ...(filters.name ? { name: filters.name } : {}),
    pageNum: Number(filters.pageNum) || 1,
    pageSize: Number(filters.pageSize) || 20,
  };
  const list = useAutoEntities(query);
  type Row = NonNullable<typeof list.data>['list'][number];
  return (
    <div className="bo-page" data-testid={`page-auto-${level}`}>
      <ScreenHead title={t(`ppc.rules.autoTitle.${level}`)} subtitle={t('ppc.rules.autoSubtitle')} />
      <Card>
        <Space style={{ marginBottom: 16 }}>
          <SearchBox value={filters.name} onSearch={(text) => setFilters({ name: text, pageNum: '1' })} width={260} />
          <Link to="/ppcAuto/history">{t('ppc.rules.history')}</Link>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          {/* At 1280 px: the entity, its state, current value, its rules and the last change; the shop when room allows. */}
          <FitTable<Row>
            tableId={`ppc.auto.${level}`}
            rowKey="entityId"
            size="middle"
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            locale={{ emptyText: <Empty description={t('ppc.rules.autoEmpty')} /> }}
            pagination={listPagination(query, list.data?.total ?? 0, t)}
            onChange={(p) => setFilters({ pageNum: String(p.current ?? 1), pageSize: String(p.pageSize ?? 20) })}
            columns={[
              {
                key: 'entity',
                title: t('ppc.rules.entity'),
                priority: 'key',
                width: 220,
                ellipsis: true,
                render: (_, r) => r.entityName,
              },
              { key: 'shop', title: t('ppc.rules.shop'), width: 120, ellipsis: true, render: (_, r) => r.shopName },
              {
                key: 'state',
                title: t('ppc.rules.status'),
                priority: 'key',
                width: 90,
                render: (_, r) => t(`ppc.rules.state.${r.state as 'enabled'}`),
              },
              {
                key: 'value',
                title: t('ppc.rules.current'),
                priority: 'key',
                width: 110,
                align: 'right',
                render: (_, r) => (r.value === null ? '-' : `${r.value.toFixed(2)} ${r.currency}`),
              },
              {
                key: 'rules',
                title: t('ppc.rules.rules'),
                priority: 'key',
                width: 200,
                render: (_, r) => r.rules.map((x) => <Tag key={x.id}>{x.name}</Tag>),
              },
              {
                key: 'last',
                title: t('ppc.rules.lastChange'),
                priority: 'key',
                width: 260,
                render: (_, r) =>
                  r.lastChange
                    ? `${formatDateTime(r.lastChange.createdAt)} · ${valueText(r.lastChange.before, t)} → ${valueText(r.lastChange.after, t)}`
                    : t('ppc.rules.none'),
              },
            ]}
          />
        </QueryStates>
      </Card>
    </div>
  );
}
