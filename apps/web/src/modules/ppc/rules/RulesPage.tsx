import { EditOutlined, HistoryOutlined, PlayCircleOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import type { Rule, RuleKind, RuleLevel } from '@bo/contract/ppc/rules';
import { Button, Card, Drawer, Empty, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ButtonPattern, useCan } from '../../../shared/Can';
import { ScreenHead } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { SearchBox } from '../../../shared/components/SearchBox';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { ActionLinks } from '../../../shared/kit/RowActions';
import { listPagination, useStepBackToLastPage } from '../../../shared/list-paging';
import { actionsColumn, type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { QueryTable } from '../../../shared/table/QueryTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { type RuleDraft, RuleDrawer } from './RuleDrawer';
import { actionText, conditionsText, scheduleText } from './rule-text';
import {
  type Family,
  useDeleteRule,
  useRuleRuns,
  useRules,
  useRunRule,
  useSetRuleEnabled,
  useUndoRuleChanges,
} from './rules.queries';

const URL_DEFAULTS = { name: '', pageNum: '1', pageSize: '20' } as const;

export interface RulesView {
  family: Family;
  kind: RuleKind;
  /** The levels the screen lists and creates (the first is the default). */
  levels: readonly RuleLevel[];
  title: 'campaign' | 'ad_group' | 'keyword' | 'advanced' | 'smart';
  testId: string;
}

/** Buttons: `<route permission>:<button>`; the rule screens approve (enable, run) with :approve. */
const buttons = (family: Family) =>
  family === 'smart'
    ? {
        create: 'ppc:smart:create',
        edit: 'ppc:smart:edit',
        delete: 'ppc:smart:delete',
        approve: 'ppc:smart:edit',
        undo: 'ppc:smart:edit',
      }
    : {
        create: 'ppc:rules:create',
        edit: 'ppc:rules:edit',
        delete: 'ppc:rules:delete',
        approve: 'ppc:rules:approve',
        undo: 'ppc:auto:edit',
      };

/** A list of rules with the drawer to write them, preview, switch on, run, and see their runs. */
export function RulesPage({ view, draft }: { view: RulesView; draft?: RuleDraft | null }) {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const b = buttons(view.family);
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = {
    ...(view.levels.length === 1 ? { level: view.levels[0] } : {}),
    ...(view.family === 'rules' ? { kind: view.kind as 'rule' | 'advanced' } : {}),
    ...(filters.name ? { name: filters.name } : {}),
    pageNum: Number(filters.pageNum) || 1,
    pageSize: Number(filters.pageSize) || 20,
  };
  const list = useRules(view.family, query);
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const [editing, setEditing] = useState<{ rule: Rule | null; draft?: RuleDraft | null } | null>(
    draft ? { rule: null, draft } : null,
  );
  const [runsOf, setRunsOf] = useState<Rule | null>(null);
  const enable = useSetRuleEnabled();
  const remove = useDeleteRule(view.family);
  const run = useRunRule(view.family);
  const levels = view.levels.filter((l) => view.levels.length === 1 || l !== 'target' || view.title !== 'keyword');

  const guard = async (f: () => Promise<void>) => {
    try {
      await f();
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  // At 1280 px the rule's name, conditions, action, switch, last run (did it fail, what did it change) and actions
  // always show; shops and schedule when room allows.
  const columns: FitColumnType<Rule>[] = [
    {
      key: 'name',
      title: t('ppc.rules.name'),
      priority: 'key',
      width: 180,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          {view.family === 'smart' ? (
            <Typography.Text strong>{r.name}</Typography.Text>
          ) : (
            <Link to={`/robotPpc/${r.kind === 'advanced' ? 'high' : 'ruler'}/detail?id=${r.id}`}>
              <Typography.Text strong>{r.name}</Typography.Text>
            </Link>
          )}
          {view.levels.length > 1 && <Tag>{t(`ppc.rules.levels.${r.level}`)}</Tag>}
          {r.conflicts.length > 0 && (
            <Tooltip title={r.conflicts.map((c) => `${c.name}: ${c.reason}`).join('; ')}>
              <Tag color="orange" icon={<WarningOutlined />} data-testid={`rule-conflict-${r.id}`}>
                {t('ppc.rules.conflicts', { count: r.conflicts.length })}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { key: 'shops', title: t('ppc.rules.shops'), width: 140, ellipsis: true, render: (_, r) => r.shopNames.join(', ') },
    {
      key: 'conditions',
      title: t('ppc.rules.conditions'),
      priority: 'key',
      width: 210,
      render: (_, r) => `${t('ppc.rules.days', { count: r.windowDays })}: ${conditionsText(r.conditions, t)}`,
    },
    { key: 'action', title: t('ppc.rules.action'), priority: 'key', width: 140, render: (_, r) => actionText(r.action, t) },
    { key: 'schedule', title: t('ppc.rules.schedule_'), width: 150, render: (_, r) => scheduleText(r, t) },
    {
      key: 'enabled',
      title: t('ppc.rules.enabled'),
      priority: 'key',
      width: 70,
      render: (_, r) =>
        view.family === 'rules' && can(b.approve as ButtonPattern) ? (
          <Switch
            checked={r.enabled}
            size="small"
            loading={enable.isPending && enable.variables?.id === r.id}
            onChange={(on) =>
              void guard(async () => void (await enable.mutateAsync({ id: r.id, version: r.version, enabled: on })))
            }
            data-testid={`rule-enable-${r.id}`}
          />
        ) : r.enabled ? (
          <Tag color="green">{t('ppc.rules.on')}</Tag>
        ) : (
          <Tag>{t('ppc.rules.off')}</Tag>
        ),
    },
    {
      key: 'lastRun',
      title: t('ppc.rules.lastRun'),
      priority: 'key',
      width: 150,
      render: (_, r) =>
        r.lastRun ? (
          <Space direction="vertical" size={0}>
            <span>{formatDateTime(r.lastRun.startedAt)}</span>
            <Typography.Text type={r.lastRun.status === 'failed' ? 'danger' : 'secondary'}>
              {t(`ppc.rules.runStatus.${r.lastRun.status}`)} · {t('ppc.rules.changed')} {r.lastRun.changed}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('ppc.rules.never')}</Typography.Text>
        ),
    },
    actionsColumn(
      t,
      200,
      (_, r) => (
        <ActionLinks
          wrap
          actions={[
            {
              testId: `rule-edit-${r.id}`,
              permission: b.edit as ButtonPattern,
              label: t('common.edit'),
              icon: <EditOutlined />,
              onClick: () => setEditing({ rule: r }),
            },
            {
              testId: `rule-run-${r.id}`,
              permission: b.approve as ButtonPattern,
              label: t('ppc.rules.run'),
              icon: <PlayCircleOutlined />,
              confirm: { title: t('ppc.rules.runConfirm', { name: r.name }), testId: 'rule-run-confirm' },
              onClick: () =>
                guard(async () => {
                  const out = await run.mutateAsync(r.id);
                  notify.success(t('ppc.rules.ran', { changed: out.changed }));
                }),
            },
            {
              testId: `rule-runs-${r.id}`,
              hidden: view.family !== 'rules',
              label: t('ppc.rules.runs'),
              icon: <HistoryOutlined />,
              onClick: () => setRunsOf(r),
            },
            {
              testId: `rule-delete-${r.id}`,
              permission: b.delete as ButtonPattern,
              remove: {
                title: t('ppc.rules.deleteConfirm', { name: r.name }),
                onConfirm: () =>
                  guard(async () => {
                    await remove.mutateAsync(r.id);
                    notify.success(t('ppc.rules.deleted', { name: r.name }));
                  }),
              },
            },
          ]}
        />
      ),
      { fixed: undefined },
    ),
  ];

  return (
    <div className="bo-page" data-testid={view.testId}>
      <ScreenHead
        title={t(`ppc.rules.title.${view.title}`)}
        subtitle={t(`ppc.rules.subtitle.${view.family === 'smart' ? 'smart' : view.kind === 'advanced' ? 'advanced' : 'rules'}`)}
      />
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
          <SearchBox
            value={filters.name}
            onSearch={(text) => setFilters({ name: text, pageNum: '1' })}
            placeholder={t('ppc.rules.search')}
          />
          {can(b.create as ButtonPattern) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ rule: null })} data-testid="rule-create">
              {t('ppc.rules.create')}
            </Button>
          )}
        </Space>
        <QueryTable<Rule>
          query={list}
          tableId={`ppc.rules.${view.family}`}
          rowKey="id"
          size="middle"
          columns={columns}
          locale={{ emptyText: <Empty description={filters.name ? t('list.noMatch') : t('ppc.rules.empty')} /> }}
          pagination={listPagination(query, total, t)}
          onChange={(p) => setFilters({ pageNum: String(p.current ?? 1), pageSize: String(p.pageSize ?? 20) })}
          data-testid="rules-table"
        />
      </Card>
      {editing && (
        <RuleDrawer
          family={view.family}
          kind={view.kind}
          levels={editing.rule ? [editing.rule.level, ...levels.filter((l) => l !== editing.rule?.level)] : levels}
          rule={editing.rule}
          draft={editing.draft ?? null}
          onClose={() => setEditing(null)}
        />
      )}
      {runsOf && <RunsDrawer rule={runsOf} undoPermission={b.undo as ButtonPattern} onClose={() => setRunsOf(null)} />}
    </div>
  );
}

/** The runs of one rule, each with its counts and an undo of its changes still standing. */
function RunsDrawer({ rule, undoPermission, onClose }: { rule: Rule; undoPermission: ButtonPattern; onClose: () => void }) {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const runs = useRuleRuns({ ruleId: rule.id, pageNum: page, pageSize: 20 });
  const undo = useUndoRuleChanges('rules');
  return (
    <Drawer open size="large" title={t('ppc.rules.runsTitle', { name: rule.name })} onClose={onClose} data-testid="rule-runs">
      <Space style={{ marginBottom: 12 }}>
        <Link to={`/ppcAuto/history?ruleId=${rule.id}`}>{t('ppc.rules.history')}</Link>
      </Space>
      <QueryStates pending={runs.isPending} error={runs.error} onRetry={() => void runs.refetch()}>
        <FitTable
          tableId="ppc.rules.runs"
          rowKey="id"
          size="small"
          dataSource={runs.data?.list ?? []}
          pagination={{ current: page, pageSize: 20, total: runs.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            {
              key: 'started',
              title: t('ppc.rules.started'),
              priority: 'key',
              width: 150,
              render: (_, r) => formatDateTime(r.startedAt),
            },
            {
              key: 'trigger',
              title: t('ppc.rules.schedule_'),
              width: 100,
              render: (_, r) => t(`ppc.rules.trigger.${r.trigger}`),
            },
            {
              key: 'status',
              title: t('ppc.rules.status'),
              priority: 'key',
              width: 90,
              render: (_, r) => (
                <Tooltip title={r.error ?? r.message ?? undefined}>
                  <Tag color={r.status === 'failed' ? 'red' : r.status === 'capped' ? 'orange' : 'green'}>
                    {t(`ppc.rules.runStatus.${r.status}`)}
                  </Tag>
                </Tooltip>
              ),
            },
            {
              key: 'window',
              title: t('ppc.rules.windowDays'),
              width: 190,
              render: (_, r) => (r.windowStart ? `${r.windowStart} ~ ${r.windowEnd}` : '-'),
            },
            {
              key: 'matched',
              title: t('ppc.rules.matched'),
              priority: 'key',
              width: 80,
              align: 'right',
              render: (_, r) => r.matched,
            },
            {
              key: 'changed',
              title: t('ppc.rules.changed'),
              priority: 'key',
              width: 80,
              align: 'right',
              render: (_, r) => r.changed,
            },
            { key: 'skipped', title: t('ppc.rules.skipped'), width: 80, align: 'right', render: (_, r) => r.skipped },
            {
              key: 'undo',
              title: '',
              label: t('ppc.rules.undoRun'),
              priority: 'key',
              width: 110,
              render: (_, r) =>
                r.undoable > 0 && can(undoPermission) ? (
                  <Popconfirm
                    title={t('ppc.rules.undoRunConfirm', { count: r.undoable })}
                    onConfirm={async () => {
                      try {
                        const out = await undo.mutateAsync({ runId: r.id });
                        notify.success(t('ppc.rules.undone', { count: out.undone }));
                      } catch (err) {
                        notify.error(errorText(err, lang));
                      }
                    }}
                  >
                    <Button size="small" type="link" data-testid={`run-undo-${r.id}`}>
                      {t('ppc.rules.undoRun')}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </QueryStates>
    </Drawer>
  );
}
