import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { KeywordKind, KeywordRule } from '@bo/contract/mail/keywords';
import { Button, Card, Col, Empty, Input, Row, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../shared/Can';
import { DeleteAction } from '../../../../shared/components/DeleteAction';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatDateTime } from '../../../../shared/format';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { listPagination, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../../shared/list-paging';
import { useUrlFilters } from '../../../../shared/url-filters';
import {
  type KeywordListQuery,
  type KeywordSortField,
  keywordListUrlSchema,
  useDeleteKeyword,
  useKeywordList,
} from '../keywords.queries';
import { KeywordModal } from './KeywordModal';
import { KeywordTestCard } from './KeywordTestCard';
import { BUTTONS, targetLabel } from './keyword-labels';
import { TargetSelect } from './TargetSelect';

const URL_DEFAULTS = {
  keyword: '',
  targetId: '',
  sortField: 'priority',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;
const SORTABLE: readonly KeywordSortField[] = ['keyword', 'priority', 'targetId', 'updatedAt'];
const orUndefined = (v: string) => (v === '' ? undefined : v);

/** /mail/setKeyWord and /mail/productKeyWord: the rules (filters in the query string) and a sample test. */
export function KeywordRulesView({ kind }: { kind: KeywordKind }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = keywordListUrlSchema.parse({
    ...filters,
    keyword: orUndefined(filters.keyword),
    targetId: orUndefined(filters.targetId),
  });
  const list = useKeywordList(kind, query);
  const remove = useDeleteKeyword(kind);
  const [editing, setEditing] = useState<{ rule: KeywordRule | null } | null>(null);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);
  const change = (patch: Partial<KeywordListQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const b = BUTTONS[kind];
  const sortable = (key: KeywordSortField) => ({
    key,
    sorter: true,
    sortOrder: query.sortField === key ? query.sortOrder : null,
  });

  const del = async (r: KeywordRule) => {
    try {
      await remove.mutateAsync(r.id);
      notify.success(t('mailKeywords.deleted', { keyword: r.keyword }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const columns: NonNullable<TableProps<KeywordRule>['columns']> = [
    {
      ...sortable('keyword'),
      title: t('mailKeywords.column.keyword'),
      render: (_, r) => <Typography.Text strong>{r.keyword}</Typography.Text>,
    },
    { ...sortable('targetId'), title: t(`mailKeywords.${kind}.target`), render: (_, r) => targetLabel(kind, r, lang) },
    {
      key: 'matchType',
      title: t('mailKeywords.column.matchType'),
      width: 110,
      render: (_, r) => t(`mailKeywords.matchType.${r.matchType}`),
    },
    { key: 'field', title: t('mailKeywords.column.field'), width: 130, render: (_, r) => t(`mailKeywords.field.${r.field}`) },
    {
      ...sortable('priority'),
      title: t('mailKeywords.column.priority'),
      width: 100,
      align: 'right',
      render: (_, r) => r.priority,
    },
    {
      key: 'enabled',
      title: t('mailKeywords.column.enabled'),
      width: 90,
      render: (_, r) => (r.enabled ? <Tag color="green">{t('mailKeywords.on')}</Tag> : <Tag>{t('mailKeywords.off')}</Tag>),
    },
    {
      ...sortable('updatedAt'),
      title: t('mailKeywords.column.updatedAt'),
      width: 170,
      render: (_, r) => formatDateTime(r.updatedAt),
    },
  ];
  if (can(b.edit) || can(b.delete))
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      render: (_, r) => (
        <Space size={0}>
          {can(b.edit) && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ rule: r })}
              data-testid={`keyword-edit-${r.id}`}
            >
              {t('common.edit')}
            </Button>
          )}
          {can(b.delete) && (
            <DeleteAction
              title={t('mailKeywords.confirmDelete', { keyword: r.keyword })}
              onConfirm={() => del(r)}
              testId={`keyword-delete-${r.id}`}
              confirmTestId="keyword-delete-confirm"
            />
          )}
        </Space>
      ),
    });

  return (
    <div className="bo-page" data-testid={`page-keywords-${kind}`}>
      <div className="bo-page-head">
        <Typography.Title level={3}>{t(`mailKeywords.${kind}.title`)}</Typography.Title>
        <Typography.Text type="secondary">{t(`mailKeywords.${kind}.subtitle`)}</Typography.Text>
      </div>
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card>
            <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
              <Space wrap>
                <Input.Search
                  allowClear
                  placeholder={t('mailKeywords.search')}
                  value={keyword}
                  maxLength={100}
                  onChange={(e) => setKeyword(e.target.value)}
                  onSearch={(v) => change({ keyword: v.trim() || undefined, pageNum: 1 })}
                  style={{ width: 200 }}
                  data-testid="keywords-search"
                />
                <TargetSelect
                  kind={kind}
                  allowClear
                  value={query.targetId}
                  onChange={(targetId) => change({ targetId, pageNum: 1 })}
                  style={{ width: 200 }}
                  testId="keywords-target"
                />
              </Space>
              <Can permission={b.create}>
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ rule: null })}
                  data-testid="keyword-create"
                >
                  {t('mailKeywords.create')}
                </Button>
              </Can>
            </Space>
            <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
              <Table<KeywordRule>
                rowKey="id"
                size="middle"
                columns={columns}
                dataSource={list.data?.list ?? []}
                loading={list.isFetching}
                locale={{
                  emptyText: (
                    <Empty description={query.keyword || query.targetId ? t('list.noMatch') : t('mailKeywords.empty')} />
                  ),
                }}
                pagination={listPagination(query, total, t)}
                onChange={tableChangeHandler<KeywordRule, KeywordSortField>(SORTABLE, 'priority', query.pageSize, change)}
                data-testid="keywords-table"
              />
            </QueryStates>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <KeywordTestCard kind={kind} />
        </Col>
      </Row>
      {editing && <KeywordModal kind={kind} rule={editing.rule} onClose={() => setEditing(null)} />}
    </div>
  );
}
