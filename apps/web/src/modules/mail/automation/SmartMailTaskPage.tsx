import { CopyOutlined, EditOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { mailAutomation as ep } from '@bo/contract';
import { AUTO_MAIL_KINDS, AUTO_MAIL_STATES, type AutoMailDetail, type AutoMailRow } from '@bo/contract/mail/automation';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can, useCan } from '../../../shared/Can';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { call } from '../../../shared/http/http-client';
import { useLang } from '../../../shared/i18n/lang';
import { listPagination, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { userShopsQuery } from '../../shops/shops-auth/shops-auth.queries';
import {
  type TaskListQuery,
  type TaskSortField,
  taskListUrlSchema,
  useCopyTask,
  useDeleteTask,
  useResetTask,
  useTaskList,
} from './automation.queries';
import { TaskModal } from './components/TaskModal';

const URL_DEFAULTS = {
  keyword: '',
  shopId: '',
  state: '',
  kind: '',
  sortField: 'updatedAt',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;
const SORTABLE: readonly TaskSortField[] = ['autoMailName', 'sent', 'updatedAt'];
const orUndefined = (v: string) => (v === '' ? undefined : v);
const STATE_COLOR: Record<number, string | undefined> = { 0: undefined, 1: 'green', 2: 'orange' };

/** /smartMail/task: the auto-mail tasks (filters in the query string), create/edit, activate/pause, copy, delete. */
export default function SmartMailTaskPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = taskListUrlSchema.parse({
    ...filters,
    keyword: orUndefined(filters.keyword),
    shopId: orUndefined(filters.shopId),
    state: orUndefined(filters.state),
    kind: orUndefined(filters.kind),
  });
  const list = useTaskList(query);
  const shops = useQuery(userShopsQuery());
  const remove = useDeleteTask();
  const copy = useCopyTask();
  const reset = useResetTask();
  const [editing, setEditing] = useState<{ task: AutoMailDetail | null } | null>(null);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);
  const change = (patch: Partial<TaskListQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const sortable = (key: TaskSortField) => ({ key, sorter: true, sortOrder: query.sortField === key ? query.sortOrder : null });

  const run = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      notify.success(ok);
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
  const edit = async (r: AutoMailRow) => {
    try {
      setEditing({ task: await call(ep.getAutoMail, { params: { autoMailId: r.autoMailId } }, { silent: true }) });
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  // At 1280 px: the task, its state, what it sent, when it changed and its actions; the shop when room
  // allows, the kind, the days after delivery and the send window in the column chooser.
  const columns: FitColumnType<AutoMailRow>[] = [
    {
      ...sortable('autoMailName'),
      title: t('mailAuto.tasks.column.name'),
      priority: 'key',
      width: 200,
      ellipsis: true,
      render: (_, r) => (
        <Link to={`/smartMail/taskInfo?id=${r.autoMailId}`} data-testid={`task-link-${r.autoMailId}`}>
          {r.autoMailName}
        </Link>
      ),
    },
    { key: 'shop', title: t('mailAuto.tasks.column.shop'), width: 130, ellipsis: true, render: (_, r) => r.shopName ?? r.shopId },
    { key: 'kind', title: t('mailAuto.tasks.column.kind'), width: 130, render: (_, r) => t(`mailAuto.kind.${r.kind}`) },
    {
      key: 'days',
      title: t('mailAuto.tasks.column.days'),
      priority: 'detail',
      width: 150,
      align: 'right',
      render: (_, r) => r.daysAfterDelivery,
    },
    {
      key: 'window',
      title: t('mailAuto.tasks.column.window'),
      priority: 'detail',
      width: 120,
      render: (_, r) => `${String(r.sendHourFrom).padStart(2, '0')}:00–${String(r.sendHourTo).padStart(2, '0')}:00`,
    },
    {
      key: 'state',
      title: t('mailAuto.tasks.column.state'),
      priority: 'key',
      width: 100,
      render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t(`mailAuto.state.s${r.state as 0 | 1 | 2}`)}</Tag>,
    },
    {
      ...sortable('sent'),
      title: t('mailAuto.tasks.column.sent'),
      priority: 'key',
      width: 90,
      align: 'right',
      render: (_, r) => r.sent,
    },
    {
      ...sortable('updatedAt'),
      title: t('mailAuto.tasks.column.updatedAt'),
      priority: 'key',
      width: 160,
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      priority: 'key',
      width: 260,
      render: (_, r) => (
        <Space size={0} wrap>
          {can('email:smartMail:edit') &&
            (r.state === 1 ? (
              <Button
                type="link"
                size="small"
                icon={<PauseCircleOutlined />}
                onClick={() =>
                  void run(() => reset.mutateAsync({ autoMailId: r.autoMailId, state: 2 }), t('mailAuto.tasks.paused'))
                }
                data-testid={`task-pause-${r.autoMailId}`}
              >
                {t('mailAuto.tasks.pause')}
              </Button>
            ) : (
              <Button
                type="link"
                size="small"
                icon={<PlayCircleOutlined />}
                onClick={() =>
                  void run(() => reset.mutateAsync({ autoMailId: r.autoMailId, state: 1 }), t('mailAuto.tasks.activated'))
                }
                data-testid={`task-activate-${r.autoMailId}`}
              >
                {t('mailAuto.tasks.activate')}
              </Button>
            ))}
          {can('email:smartMail:edit') && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => void edit(r)}
              data-testid={`task-edit-${r.autoMailId}`}
            >
              {t('common.edit')}
            </Button>
          )}
          {can('email:smartMail:create') && (
            <Button
              type="link"
              size="small"
              icon={<CopyOutlined />}
              onClick={() =>
                void run(() => copy.mutateAsync(r.autoMailId), t('mailAuto.tasks.copied', { name: `${r.autoMailName} (copy)` }))
              }
              data-testid={`task-copy-${r.autoMailId}`}
            >
              {t('mailAuto.copy')}
            </Button>
          )}
          {can('email:smartMail:delete') && (
            <DeleteAction
              title={t('mailAuto.tasks.confirmDelete', { name: r.autoMailName })}
              onConfirm={() =>
                void run(() => remove.mutateAsync(r.autoMailId), t('mailAuto.tasks.deleted', { name: r.autoMailName }))
              }
              testId={`task-delete-${r.autoMailId}`}
              confirmTestId="task-delete-confirm"
            />
          )}
        </Space>
      ),
    },
  ];

  const filtered = Boolean(query.keyword || query.shopId || query.state !== undefined || query.kind);
  return (
    <div className="bo-page" data-testid="page-smart-mail">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('mailAuto.tasks.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('mailAuto.tasks.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t('mailAuto.tasks.search')}
              value={keyword}
              maxLength={80}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => change({ keyword: v.trim() || undefined, pageNum: 1 })}
              style={{ width: 220 }}
              data-testid="tasks-search"
            />
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('mailAuto.tasks.column.shop')}
              value={query.shopId}
              onChange={(v?: number) => change({ shopId: v, pageNum: 1 })}
              options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              style={{ width: 180 }}
              data-testid="tasks-shop"
            />
            <Select
              allowClear
              placeholder={t('mailAuto.tasks.column.state')}
              value={query.state}
              onChange={(v?: number) => change({ state: v, pageNum: 1 })}
              options={AUTO_MAIL_STATES.map((s) => ({ value: s.stateId, label: t(`mailAuto.state.s${s.stateId}`) }))}
              style={{ width: 130 }}
              data-testid="tasks-state"
            />
            <Select
              allowClear
              placeholder={t('mailAuto.tasks.column.kind')}
              value={query.kind}
              onChange={(v?: TaskListQuery['kind']) => change({ kind: v, pageNum: 1 })}
              options={AUTO_MAIL_KINDS.map((k) => ({ value: k, label: t(`mailAuto.kind.${k}`) }))}
              style={{ width: 140 }}
              data-testid="tasks-kind"
            />
          </Space>
          <Can permission="email:smartMail:create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ task: null })} data-testid="task-create">
              {t('mailAuto.tasks.create')}
            </Button>
          </Can>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <FitTable<AutoMailRow>
            tableId="mail.smartMail.tasks"
            rowKey="autoMailId"
            size="middle"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            locale={{ emptyText: <Empty description={filtered ? t('list.noMatch') : t('mailAuto.tasks.empty')} /> }}
            pagination={listPagination(query, total, t)}
            onChange={tableChangeHandler<AutoMailRow, TaskSortField>(SORTABLE, 'updatedAt', query.pageSize, change)}
            data-testid="tasks-table"
          />
        </QueryStates>
      </Card>
      {editing && <TaskModal task={editing.task} onClose={() => setEditing(null)} onReload={() => list.refetch()} />}
    </div>
  );
}
