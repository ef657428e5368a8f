import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { mailBlacklist } from '@bo/contract';
import type { BlacklistEntry } from '@bo/contract/mail/blacklist';
import { Alert, Button, Card, Empty, Form, Input, Modal, Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../shared/Can';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../shared/forms/edit-form-problem';
import { zodRule } from '../../../shared/forms/form-rules';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useLang } from '../../../shared/i18n/lang';
import { listPagination, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { useUrlFilters } from '../../../shared/url-filters';
import {
  type BlacklistQuery,
  type BlacklistSortField,
  blacklistUrlSchema,
  useAddToBlacklist,
  useBlacklist,
  useRemoveFromBlacklist,
} from './blacklist.queries';

const URL_DEFAULTS = {
  keyword: '',
  source: '',
  sortField: 'createdAt',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;
const SORTABLE: readonly BlacklistSortField[] = ['createdAt', 'email'];
const orUndefined = (v: string) => (v === '' ? undefined : v);

/** /blacklist: buyers who get no automatic mail, with search, source filter and paging in the URL. */
export default function BlacklistPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = blacklistUrlSchema.parse({
    ...filters,
    keyword: orUndefined(filters.keyword),
    source: orUndefined(filters.source),
  });
  const list = useBlacklist(query);
  const remove = useRemoveFromBlacklist();
  const [adding, setAdding] = useState(false);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);
  const change = (patch: Partial<BlacklistQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const sortable = (key: BlacklistSortField) => ({
    key,
    sorter: true,
    sortOrder: query.sortField === key ? query.sortOrder : null,
  });

  const del = async (e: BlacklistEntry) => {
    try {
      await remove.mutateAsync(e.id);
      notify.success(t('mailBlacklist.deleted', { email: e.email }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const columns: NonNullable<TableProps<BlacklistEntry>['columns']> = [
    {
      ...sortable('email'),
      title: t('mailBlacklist.column.email'),
      render: (_, e) => <Typography.Text strong>{e.email}</Typography.Text>,
    },
    { key: 'reason', title: t('mailBlacklist.column.reason'), render: (_, e) => e.reason },
    {
      key: 'source',
      title: t('mailBlacklist.column.source'),
      width: 130,
      render: (_, e) => (
        <Tag color={e.source === 'unsubscribe' ? 'orange' : 'default'} data-testid={`blacklist-source-${e.id}`}>
          {t(`mailBlacklist.source.${e.source}`)}
        </Tag>
      ),
    },
    { key: 'createdBy', title: t('mailBlacklist.column.createdBy'), width: 160, render: (_, e) => e.createdBy ?? '—' },
    {
      ...sortable('createdAt'),
      title: t('mailBlacklist.column.createdAt'),
      width: 170,
      render: (_, e) => formatDateTime(e.createdAt),
    },
  ];
  if (can('email:blacklist:delete'))
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 130,
      render: (_, e) =>
        e.source === 'unsubscribe' ? (
          <Typography.Text type="secondary" title={t('mailBlacklist.unsubscribeLocked')}>
            <LockOutlined />
          </Typography.Text>
        ) : (
          <DeleteAction
            title={t('mailBlacklist.confirmDelete', { email: e.email })}
            onConfirm={() => del(e)}
            testId={`blacklist-delete-${e.id}`}
            confirmTestId="blacklist-delete-confirm"
          />
        ),
    });

  const filtered = Boolean(query.keyword || query.source);
  return (
    <div className="bo-page" data-testid="page-blacklist">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('mailBlacklist.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('mailBlacklist.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t('mailBlacklist.search')}
              value={keyword}
              maxLength={200}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => change({ keyword: v.trim() || undefined, pageNum: 1 })}
              style={{ width: 240 }}
              data-testid="blacklist-search"
            />
            <Select
              allowClear
              placeholder={t('mailBlacklist.allSources')}
              value={query.source}
              onChange={(source) => change({ source, pageNum: 1 })}
              style={{ width: 160 }}
              options={mailBlacklist.BLACKLIST_SOURCES.map((s) => ({ value: s, label: t(`mailBlacklist.source.${s}`) }))}
              data-testid="blacklist-source"
            />
          </Space>
          <Can permission="email:blacklist:create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="blacklist-create">
              {t('mailBlacklist.create')}
            </Button>
          </Can>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <Table<BlacklistEntry>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            locale={{ emptyText: <Empty description={filtered ? t('list.noMatch') : t('mailBlacklist.empty')} /> }}
            pagination={listPagination(query, total, t)}
            onChange={tableChangeHandler<BlacklistEntry, BlacklistSortField>(SORTABLE, 'createdAt', query.pageSize, change)}
            data-testid="blacklist-table"
          />
        </QueryStates>
      </Card>
      {adding && <AddModal onClose={() => setAdding(false)} />}
    </div>
  );
}

interface Values {
  email: string;
  reason: string;
}
const shape = mailBlacklist.create.body.shape;

function AddModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const add = useAddToBlacklist();
  const { problem, clear, report } = useEditFormProblem(form, async () => onClose());

  const submit = async (v: Values) => {
    clear();
    try {
      const e = await add.mutateAsync({ email: v.email.trim(), reason: v.reason.trim() });
      notify.success(t('mailBlacklist.created', { email: e.email }));
      onClose();
    } catch (err) {
      report(err, { fields: ['email', 'reason'], conflict: { field: 'email', text: t('mailBlacklist.taken') } });
    }
  };

  return (
    <Modal
      open
      title={t('mailBlacklist.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'blacklist-save' }}
      destroyOnHidden
    >
      {problem?.kind === 'error' && <Alert type="error" showIcon className="bo-form-alert" title={problem.text} />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="blacklist-form">
        <Form.Item
          name="email"
          label={t('mailBlacklist.column.email')}
          extra={t('mailBlacklist.emailHint')}
          rules={[zodRule(shape.email, lang)]}
        >
          <Input maxLength={254} autoFocus data-testid="blacklist-email" />
        </Form.Item>
        <Form.Item name="reason" label={t('mailBlacklist.column.reason')} rules={[zodRule(shape.reason, lang)]}>
          <Input.TextArea maxLength={500} rows={3} showCount data-testid="blacklist-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
