import { CopyOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { inviteRowSchema } from '@bo/contract/mail/automation';
import { useQuery } from '@tanstack/react-query';
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
import { userShopsQuery } from '../../shops/shops-auth/shops-auth.queries';
import { inviteListUrlSchema, useCopyInvite, useDeleteInvite, useInviteList, useOperateInvite } from './automation.queries';

type Invite = z.infer<typeof inviteRowSchema>;
const URL_DEFAULTS = { keyword: '', shopId: '', enabled: '', pageNum: '1', pageSize: '20' } as const;
const orUndefined = (v: string) => (v === '' ? undefined : v);
/** A tag in a fixed-width cell: cut with an ellipsis (full text on hover) rather than spilling into the next cell. */
const CELL_TAG = { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** /marketMail/list: the invitation plans (filters in the query string), on/off, copy, delete. */
export default function MarketMailListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const navigate = useNavigate();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = inviteListUrlSchema.parse({
    keyword: orUndefined(filters.keyword),
    shopId: orUndefined(filters.shopId),
    enabled: orUndefined(filters.enabled),
    pageNum: filters.pageNum,
    pageSize: filters.pageSize,
  });
  const list = useInviteList(query);
  const shops = useQuery(userShopsQuery());
  const remove = useDeleteInvite();
  const copy = useCopyInvite();
  const operate = useOperateInvite();
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);
  const change = (patch: Record<string, string | number | undefined>) => setFilters(toUrlPatch(patch));
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

  // At 1280 px: the plan, whether it is on, what it sent, when it changed and its actions; the shop when
  // room allows, the days after delivery and the SKUs / ASINs in the column chooser.
  const columns: FitColumnType<Invite>[] = [
    {
      key: 'name',
      title: t('mailAuto.invites.column.name'),
      priority: 'key',
      width: 190,
      ellipsis: true,
      render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text>,
    },
    {
      key: 'shop',
      title: t('mailAuto.invites.column.shop'),
      width: 130,
      ellipsis: true,
      render: (_, r) => r.shopName ?? r.shopId,
    },
    {
      key: 'targets',
      title: t('mailAuto.invites.column.targets'),
      priority: 'detail',
      width: 200,
      render: (_, r) =>
        [...r.skus, ...r.asins].slice(0, 6).map((x) => (
          <Tag key={x} title={x} style={CELL_TAG}>
            {x}
          </Tag>
        )),
    },
    {
      key: 'days',
      title: t('mailAuto.invites.column.days'),
      width: 150,
      align: 'right',
      render: (_, r) => r.daysAfterDelivery,
    },
    {
      key: 'state',
      title: t('mailAuto.invites.column.state'),
      priority: 'key',
      width: 100,
      render: (_, r) => (
        <Switch
          checked={r.enabled}
          disabled={!can('email:marketMail:edit')}
          checkedChildren={t('mailAuto.invites.enabled')}
          unCheckedChildren={t('mailAuto.invites.disabled')}
          loading={operate.isPending && operate.variables?.id === r.id}
          onChange={(on) =>
            void run(() => operate.mutateAsync({ id: r.id, enabled: on }), t(on ? 'mailAuto.invites.on' : 'mailAuto.invites.off'))
          }
          data-testid={`invite-state-${r.id}`}
        />
      ),
    },
    {
      key: 'sent',
      title: t('mailAuto.invites.column.sent'),
      priority: 'key',
      width: 80,
      align: 'right',
      render: (_, r) => r.sent,
    },
    {
      key: 'updatedAt',
      title: t('mailAuto.invites.column.updatedAt'),
      priority: 'key',
      width: 150,
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      priority: 'key',
      width: 280,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => navigate(`/marketMail/detail?id=${r.id}`)}>
            {t('mailAuto.tasks.detail')}
          </Button>
          {can('email:marketMail:edit') && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(`/marketMail/edit?id=${r.id}`)}>
              {t('common.edit')}
            </Button>
          )}
          {can('email:marketMail:create') && (
            <Button
              type="link"
              size="small"
              icon={<CopyOutlined />}
              onClick={() => void run(() => copy.mutateAsync(r.id), t('mailAuto.invites.copied', { name: `${r.name} (copy)` }))}
            >
              {t('mailAuto.copy')}
            </Button>
          )}
          {can('email:marketMail:delete') && (
            <DeleteAction
              title={t('mailAuto.invites.confirmDelete', { name: r.name })}
              onConfirm={() => void run(() => remove.mutateAsync(r.id), t('mailAuto.invites.deleted', { name: r.name }))}
              testId={`invite-delete-${r.id}`}
              confirmTestId="invite-delete-confirm"
            />
          )}
        </Space>
      ),
    },
  ];

  const filtered = Boolean(query.keyword || query.shopId || query.enabled !== undefined);
  return (
    <div className="bo-page" data-testid="page-market-mail">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('mailAuto.invites.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('mailAuto.invites.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t('mailAuto.invites.search')}
              value={keyword}
              maxLength={80}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => change({ keyword: v.trim() || undefined, pageNum: 1 })}
              style={{ width: 220 }}
            />
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('mailAuto.invites.column.shop')}
              value={query.shopId}
              onChange={(v?: number) => change({ shopId: v, pageNum: 1 })}
              options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              style={{ width: 180 }}
            />
            <Select
              allowClear
              placeholder={t('mailAuto.invites.column.state')}
              value={query.enabled === undefined ? undefined : String(query.enabled)}
              onChange={(v?: string) => change({ enabled: v, pageNum: 1 })}
              options={[
                { value: 'true', label: t('mailAuto.invites.enabled') },
                { value: 'false', label: t('mailAuto.invites.disabled') },
              ]}
              style={{ width: 120 }}
            />
          </Space>
          <Can permission="email:marketMail:create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/marketMail/add')}
              data-testid="invite-create"
            >
              {t('mailAuto.invites.create')}
            </Button>
          </Can>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <FitTable<Invite>
            tableId="mail.marketMail"
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            locale={{ emptyText: <Empty description={filtered ? t('list.noMatch') : t('mailAuto.invites.empty')} /> }}
            pagination={listPagination(query, total, t)}
            onChange={(p) => change({ pageNum: p.current ?? 1, pageSize: p.pageSize ?? query.pageSize })}
            data-testid="invites-table"
          />
        </QueryStates>
      </Card>
    </div>
  );
}
