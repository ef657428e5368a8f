import { CopyOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { replyPlanRowSchema } from '@bo/contract/mail/automation';
import { AUTO_REPLY_STATES } from '@bo/contract/mail/automation';
import { Button, Card, Empty, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Can, useCan } from '../../../shared/Can';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useLang } from '../../../shared/i18n/lang';
import { listPagination, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import {
  type PlanListQuery,
  planListUrlSchema,
  useCopyPlan,
  useDeletePlan,
  usePlanList,
  useSetPlanState,
} from './automation.queries';

type Plan = z.infer<typeof replyPlanRowSchema>;
const URL_DEFAULTS = { keyword: '', stateId: '', pageNum: '1', pageSize: '20' } as const;
const orUndefined = (v: string) => (v === '' ? undefined : v);
/** A tag in a fixed-width cell: cut with an ellipsis (full text on hover) rather than spilling into the next cell. */
const CELL_TAG = { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** /autoReply: the auto-reply plans (filters in the query string), on/off, copy, delete. */
export default function AutoReplyListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const navigate = useNavigate();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = planListUrlSchema.parse({
    ...filters,
    keyword: orUndefined(filters.keyword),
    stateId: orUndefined(filters.stateId),
  });
  const list = usePlanList(query);
  const remove = useDeletePlan();
  const copy = useCopyPlan();
  const setState = useSetPlanState();
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);
  const change = (patch: Partial<PlanListQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);

  const run = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      notify.success(ok);
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  // At 1280 px: the plan, whether it is on, what it answered, when it changed and its actions; the
  // mailboxes when room allows, the keywords in the column chooser.
  const columns: FitColumnType<Plan>[] = [
    {
      key: 'name',
      title: t('mailAuto.plans.column.name'),
      priority: 'key',
      width: 190,
      ellipsis: true,
      render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text>,
    },
    {
      key: 'mailboxes',
      title: t('mailAuto.plans.column.mailboxes'),
      width: 190,
      render: (_, r) =>
        r.mailboxEmails.map((e) => (
          <Tag key={e} title={e} style={CELL_TAG}>
            {e}
          </Tag>
        )),
    },
    {
      key: 'keywords',
      title: t('mailAuto.plans.column.keywords'),
      priority: 'detail',
      width: 180,
      render: (_, r) =>
        r.keywords.length ? (
          r.keywords.map((k) => (
            <Tag key={k} color="blue" title={k} style={CELL_TAG}>
              {k}
            </Tag>
          ))
        ) : (
          <Tag>{t('mailAuto.plans.allKeywords')}</Tag>
        ),
    },
    {
      key: 'state',
      title: t('mailAuto.plans.column.state'),
      priority: 'key',
      width: 100,
      render: (_, r) => (
        <Switch
          checked={r.stateId === 1}
          disabled={!can('email:autoReply:edit')}
          checkedChildren={t('mailAuto.planState.s1')}
          unCheckedChildren={t('mailAuto.planState.s2')}
          loading={setState.isPending && setState.variables?.id === r.id}
          onChange={(on) =>
            void run(
              () => setState.mutateAsync({ id: r.id, stateId: on ? 1 : 2 }),
              t(on ? 'mailAuto.plans.turnedOn' : 'mailAuto.plans.turnedOff'),
            )
          }
          data-testid={`plan-state-${r.id}`}
        />
      ),
    },
    {
      key: 'replies',
      title: t('mailAuto.plans.column.replies'),
      priority: 'key',
      width: 90,
      align: 'right',
      render: (_, r) => r.replies,
    },
    {
      key: 'updatedAt',
      title: t('mailAuto.plans.column.updatedAt'),
      priority: 'key',
      width: 150,
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      priority: 'key',
      width: 220,
      render: (_, r) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => navigate(`/autoReply/edit?id=${r.id}`)}
            data-testid={`plan-edit-${r.id}`}
          >
            {can('email:autoReply:edit') ? t('common.edit') : t('mailAuto.tasks.detail')}
          </Button>
          {can('email:autoReply:create') && (
            <Button
              type="link"
              size="small"
              icon={<CopyOutlined />}
              onClick={() => void run(() => copy.mutateAsync(r.id), t('mailAuto.plans.copied', { name: `${r.name} (copy)` }))}
              data-testid={`plan-copy-${r.id}`}
            >
              {t('mailAuto.copy')}
            </Button>
          )}
          {can('email:autoReply:delete') && (
            <DeleteAction
              title={t('mailAuto.plans.confirmDelete', { name: r.name })}
              onConfirm={() => void run(() => remove.mutateAsync(r.id), t('mailAuto.plans.deleted', { name: r.name }))}
              testId={`plan-delete-${r.id}`}
              confirmTestId="plan-delete-confirm"
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="bo-page" data-testid="page-auto-reply">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('mailAuto.plans.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('mailAuto.plans.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t('mailAuto.plans.search')}
              value={keyword}
              maxLength={80}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => change({ keyword: v.trim() || undefined, pageNum: 1 })}
              style={{ width: 220 }}
              data-testid="plans-search"
            />
            <Select
              allowClear
              placeholder={t('mailAuto.plans.column.state')}
              value={query.stateId}
              onChange={(v?: number) => change({ stateId: v, pageNum: 1 })}
              options={AUTO_REPLY_STATES.map((s) => ({ value: s.stateId, label: t(`mailAuto.planState.s${s.stateId}`) }))}
              style={{ width: 140 }}
              data-testid="plans-state"
            />
          </Space>
          <Can permission="email:autoReply:create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/autoReply/edit')} data-testid="plan-create">
              {t('mailAuto.plans.create')}
            </Button>
          </Can>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <FitTable<Plan>
            tableId="mail.autoReply"
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            locale={{
              emptyText: <Empty description={query.keyword || query.stateId ? t('list.noMatch') : t('mailAuto.plans.empty')} />,
            }}
            pagination={listPagination(query, total, t)}
            onChange={(p) => change({ pageNum: p.current ?? 1, pageSize: p.pageSize ?? query.pageSize })}
            data-testid="plans-table"
          />
        </QueryStates>
      </Card>
    </div>
  );
}
