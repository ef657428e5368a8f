/**
 * /cpc-scheduling: the bid schedules of the visible shops with filters in the URL (shop,
 * state, name), paging; enable/pause, run the current hour now, history with undo, edit and
 * delete (both give the base values back when the schedule leaves an entity).
 */
import { EditOutlined, HistoryOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Schedule } from '@bo/contract/ppc/schedules';
import { Button, Card, Empty, Flex, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ButtonPattern, useCan } from '../../../shared/Can';
import { ScreenHead } from '../../../shared/components/PageHead';
import { SearchBox } from '../../../shared/components/SearchBox';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { ActionLinks } from '../../../shared/kit/RowActions';
import { listPagination, useStepBackToLastPage } from '../../../shared/list-paging';
import { shopLabel } from '../../../shared/markets/markets';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { actionsColumn } from '../../../shared/table/FitTable';
import { QueryTable } from '../../../shared/table/QueryTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { usePpcShops } from '../board/board.queries';
import { slotNow } from './grid';
import { ScheduleDrawer } from './ScheduleDrawer';
import { ScheduleGrid } from './ScheduleGrid';
import { ScheduleHistoryDrawer } from './ScheduleHistoryDrawer';
import {
  type ScheduleListQuery,
  useDeleteSchedule,
  useRunSchedule,
  useSchedules,
  useSetScheduleState,
} from './schedules.queries';

const URL_DEFAULTS = { shopId: '', state: '', name: '', pageNum: '1', pageSize: '20' } as const;
const CREATE = 'ppc:report:create' as ButtonPattern;
const EDIT = 'ppc:report:edit' as ButtonPattern;
const DELETE = 'ppc:report:delete' as ButtonPattern;

export default function SchedulesPage() {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const shops = usePpcShops();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query: ScheduleListQuery = {
    ...(filters.shopId ? { shopId: Number(filters.shopId) } : {}),
    ...(filters.state === 'enabled' || filters.state === 'paused' ? { state: filters.state as 'enabled' | 'paused' } : {}),
    ...(filters.name ? { name: filters.name } : {}),
    pageNum: Number(filters.pageNum) || 1,
    pageSize: Number(filters.pageSize) || 20,
  };
  const list = useSchedules(query);
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const [editing, setEditing] = useState<{ schedule: Schedule | null } | null>(null);
  const [historyOf, setHistoryOf] = useState<Schedule | null>(null);
  const setState = useSetScheduleState();
  const remove = useDeleteSchedule();
  const run = useRunSchedule();

  const guard = async (f: () => Promise<void>) => {
    try {
      await f();
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const scopeText = (s: Schedule) => {
    const types = s.scope.campaignTypes.map((x) => x.toUpperCase()).join('/');
    const which = s.scope.campaignIds.length
      ? t('ppc.schedule.nCampaigns', { count: s.scope.campaignIds.length })
      : s.scope.nameFilter
        ? t('ppc.schedule.nameContains', { text: s.scope.nameFilter })
        : t('ppc.schedule.allCampaigns');
    const kw = s.scope.keywordFilter ? ` · ${t('ppc.schedule.keywordContains', { text: s.scope.keywordFilter })}` : '';
    return `${types} · ${which}${kw}`;
  };

  // The schedule, what it applies now, its state, its last run and the actions always show (docs/decisions.md).
  const columns: FitColumnType<Schedule>[] = [
    {
      key: 'name',
      title: t('ppc.schedule.name'),
      width: 200,
      priority: 'key',
      render: (_, s) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong data-testid={`schedule-row-name-${s.id}`}>
            {s.name}
          </Typography.Text>
          <Typography.Text type="secondary">{scopeText(s)}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'shop',
      title: t('ppc.schedule.shop'),
      width: 150,
      render: (_, s) => shopLabel(s.shopName, s.marketId),
    },
    {
      key: 'adjust',
      title: t('ppc.schedule.adjust'),
      width: 120,
      priority: 'detail',
      render: (_, s) => (
        <Space size={2} wrap>
          {s.adjust.bids && <Tag>{t('ppc.schedule.fields.bid')}</Tag>}
          {s.adjust.budgets && <Tag>{t('ppc.schedule.fields.daily_budget')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'week',
      title: t('ppc.schedule.week'),
      width: 260,
      render: (_, s) => <ScheduleGrid grid={s.grid} compact now={slotNow(s.timeZone)} />,
    },
    {
      key: 'now',
      title: t('ppc.schedule.nowPct'),
      width: 130,
      priority: 'key',
      align: 'right',
      render: (_, s) => {
        const now = slotNow(s.timeZone);
        return (
          <Typography.Text data-testid={`schedule-now-${s.id}`} title={s.timeZone}>
            {s.grid[now.d]?.[now.h] ?? 100} %
          </Typography.Text>
        );
      },
    },
    {
      key: 'state',
      title: t('ppc.schedule.state'),
      width: 90,
      priority: 'key',
      render: (_, s) =>
        can(EDIT) ? (
          <Popconfirm
            title={t(s.state === 'enabled' ? 'ppc.schedule.pauseConfirm' : 'ppc.schedule.enableConfirm', { name: s.name })}
            okButtonProps={{ 'data-testid': 'schedule-state-confirm' }}
            onConfirm={() =>
              guard(async () => {
                await setState.mutateAsync({ id: s.id, version: s.version, state: s.state === 'enabled' ? 'paused' : 'enabled' });
              })
            }
          >
            <Switch checked={s.state === 'enabled'} size="small" data-testid={`schedule-state-${s.id}`} />
          </Popconfirm>
        ) : (
          <Tag color={s.state === 'enabled' ? 'green' : undefined}>{t(`ppc.schedule.states.${s.state}`)}</Tag>
        ),
    },
    {
      key: 'entities',
      title: t('ppc.schedule.entities'),
      width: 90,
      align: 'right',
      render: (_, s) => <span className="bo-num">{s.entities}</span>,
    },
    {
      key: 'lastRun',
      title: t('ppc.schedule.lastRun'),
      width: 170,
      priority: 'key',
      render: (_, s) =>
        s.lastRun ? (
          <Space direction="vertical" size={0}>
            <span>{formatDateTime(s.lastRun.startedAt)}</span>
            <Typography.Text type={s.lastRun.status === 'failed' ? 'danger' : 'secondary'}>
              {t(`ppc.schedule.trigger.${s.lastRun.trigger}`)} · {t('ppc.schedule.changed')} {s.lastRun.changed}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('ppc.schedule.never')}</Typography.Text>
        ),
    },
    actionsColumn(t, 250, (_, s) => (
      <ActionLinks
        wrap
        actions={[
          {
            testId: `schedule-edit-${s.id}`,
            permission: EDIT,
            label: t('common.edit'),
            icon: <EditOutlined />,
            onClick: () => setEditing({ schedule: s }),
          },
          {
            testId: `schedule-run-${s.id}`,
            permission: EDIT,
            hidden: s.state !== 'enabled',
            label: t('ppc.schedule.runNow'),
            icon: <PlayCircleOutlined />,
            confirm: { title: t('ppc.schedule.runConfirm', { name: s.name }), testId: 'schedule-run-confirm' },
            onClick: () =>
              guard(async () => {
                const out = await run.mutateAsync(s.id);
                notify.success(t('ppc.schedule.ran', { changed: out.changed, pct: out.pct }));
              }),
          },
          {
            testId: `schedule-history-${s.id}`,
            label: t('ppc.schedule.history'),
            icon: <HistoryOutlined />,
            onClick: () => setHistoryOf(s),
          },
          {
            testId: `schedule-delete-${s.id}`,
            permission: DELETE,
            remove: {
              title: t('ppc.schedule.deleteConfirm', { name: s.name }),
              description: t('ppc.schedule.deleteNote'),
              onConfirm: () =>
                guard(async () => {
                  await remove.mutateAsync(s.id);
                  notify.success(t('ppc.schedule.deleted', { name: s.name }));
                }),
              confirmTestId: 'schedule-delete-confirm',
            },
          },
        ]}
      />
    )),
  ];

  const filtered = Boolean(filters.shopId || filters.state || filters.name);
  return (
    <div className="bo-page" data-testid="page-cpc-scheduling">
      <ScreenHead title={t('ppc.schedule.title')} subtitle={t('ppc.schedule.subtitle')} />
      <Card>
        <Flex wrap gap={12} justify="space-between" style={{ marginBottom: 16 }}>
          <Flex wrap gap={12}>
            <Select
              allowClear
              style={{ minWidth: 220 }}
              placeholder={t('ppc.schedule.allShops')}
              loading={shops.isPending}
              value={filters.shopId ? Number(filters.shopId) : undefined}
              onChange={(v?: number) => setFilters({ shopId: v ? String(v) : '', pageNum: '1' })}
              options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: shopLabel(s.name, s.marketId) }))}
              data-testid="schedule-filter-shop"
            />
            <Select
              style={{ width: 140 }}
              value={filters.state}
              onChange={(v: string) => setFilters({ state: v, pageNum: '1' })}
              options={[
                { value: '', label: t('ppc.schedule.allStates') },
                { value: 'enabled', label: t('ppc.schedule.states.enabled') },
                { value: 'paused', label: t('ppc.schedule.states.paused') },
              ]}
              data-testid="schedule-filter-state"
            />
            <SearchBox
              value={filters.name}
              onSearch={(text) => setFilters({ name: text, pageNum: '1' })}
              placeholder={t('ppc.schedule.search')}
              width={220}
              testId="schedule-filter-name"
            />
          </Flex>
          {can(CREATE) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ schedule: null })}
              data-testid="schedule-create"
            >
              {t('ppc.schedule.create')}
            </Button>
          )}
        </Flex>
        <QueryTable<Schedule>
          query={list}
          tableId="ppc.schedules"
          rowKey="id"
          size="middle"
          columns={columns}
          locale={{ emptyText: <Empty description={filtered ? t('list.noMatch') : t('ppc.schedule.empty')} /> }}
          pagination={listPagination(query, total, t)}
          onChange={(p) => setFilters({ pageNum: String(p.current ?? 1), pageSize: String(p.pageSize ?? 20) })}
          data-testid="schedules-table"
        />
      </Card>
      {editing && (
        <ScheduleDrawer
          schedule={editing.schedule}
          shopId={filters.shopId ? Number(filters.shopId) : null}
          onClose={() => setEditing(null)}
        />
      )}
      {historyOf && <ScheduleHistoryDrawer schedule={historyOf} onClose={() => setHistoryOf(null)} />}
    </div>
  );
}
