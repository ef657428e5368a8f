/**
 * /gtmGoal: the GTM projects with how many of their twelve months from launch have a goal
 * (filters and sort in the URL); "Edit goals" (or "View goals" for a reader) opens the project's
 * month grid in a drawer (`?goals=<projectId>`), History its saves (entity `gtm_goal`).
 */
import { projects as ep, stateLabel } from '@bo/contract';
import type { GoalRow } from '@bo/contract/projects/projects';
import { useQuery } from '@tanstack/react-query';
import { App, Drawer, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../shared/Can';
import { QueryStates } from '../../shared/components/QueryStates';
import { formatAmount, formatCount, formatTimestamp } from '../../shared/format';
import { useTexts } from '../../shared/i18n/lang';
import { useUnsavedGuard } from '../../shared/kit/edit-form';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { ActionLinks } from '../../shared/kit/RowActions';
import { useKitList } from '../../shared/kit/use-list-query';
import { permissionsQuery } from '../../shared/session/session-queries';
import { splitPermissions } from '../access/session/session.queries';
import { GoalGrid } from './components/GoalGrid';
import { RunTag } from './components/project-tags';
import { gtmKeys, useGoalPlan, useSaveGoals } from './gtm-goals.queries';
import { PROJECT_KINDS } from './project-kinds';
import { usePeople } from './projects.queries';

const PROJECT_PAGE = 'digitize:projectborard';

/**
 * The owner filter's people: the projects' people list, read by holders of the project page; a
 * holder of only this page filters by owner without names to pick from (no refused call).
 */
const usePeopleOptions = () => {
  const mayReadPeople = useQuery({ ...permissionsQuery(), select: (d) => splitPermissions(d).pages.has(PROJECT_PAGE) });
  const q = usePeople(mayReadPeople.data === true);
  return { options: (q.data ?? []).map((p) => ({ value: p.id, label: p.name })), loading: q.isFetching };
};

function GoalDrawer({ projectId, onClose }: { projectId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const q = useGoalPlan(projectId);
  const save = useSaveGoals();
  const guard = useUnsavedGuard(projectId !== null);
  const plan = q.data;
  return (
    <Drawer
      open={projectId !== null}
      onClose={() => guard.askDiscard(onClose)}
      size={860}
      destroyOnHidden
      title={plan ? t('gtmGoals.goals.grid.title', { code: plan.code, name: plan.name }) : t('gtmGoals.goals.edit')}
      data-testid="goal-drawer"
    >
      <QueryStates pending={q.isPending} error={q.error} onRetry={() => q.refetch()} errorTitle={t('gtmGoals.goals.edit')}>
        {plan && (
          <GoalGrid
            key={`${plan.projectId}:${plan.version}`}
            plan={plan}
            saving={save.isPending}
            onDirty={guard.setDirty}
            onReload={() => q.refetch()}
            onSave={async (goals, version) => {
              await save.mutateAsync({ projectId: plan.projectId, version, goals });
              message.success(t('gtmGoals.goals.grid.saved', { n: goals.length }));
            }}
          />
        )}
      </QueryStates>
    </Drawer>
  );
}

export default function GtmGoalPage() {
  const { t, lang } = useTexts();
  const list = useKitList(ep.goalList, gtmKeys.goalList);
  const [params, setParams] = useSearchParams();
  const [historyOf, setHistoryOf] = useState<GoalRow | null>(null);
  const can = useCan();
  const mayEdit = can('gtm:goal:edit');
  const openId = Number(params.get('goals'));
  const open = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id === null) next.delete('goals');
      else next.set('goals', String(id));
      return next;
    });
  const view = PROJECT_KINDS.GTM_PROJECT.screens.view;

  const columns: KitColumn<GoalRow>[] = [
    {
      key: 'name',
      sortable: true,
      priority: 'key',
      width: 260,
      ellipsis: true,
      title: t('gtmGoals.goals.column.project'),
      render: (_, r) => (
        <Link to={`${view}?id=${r.projectId}`}>
          {r.code} {r.name}
        </Link>
      ),
    },
    {
      key: 'owner',
      width: 130,
      priority: 'detail',
      ellipsis: true,
      title: t('gtmGoals.goals.column.owner'),
      render: (_, r) => r.ownerName ?? '—',
    },
    { key: 'run', width: 100, title: t('gtmGoals.goals.column.run'), render: (_, r) => <RunTag status={r.runStatus} /> },
    {
      key: 'launchDay',
      sortable: true,
      width: 110,
      title: t('gtmGoals.goals.column.launchDay'),
      render: (_, r) => r.launchDay ?? '—',
    },
    {
      key: 'months',
      width: 150,
      priority: 'detail',
      title: t('gtmGoals.goals.column.months'),
      render: (_, r) => (r.firstMonth ? `${r.firstMonth} ~ ${r.lastMonth}` : '—'),
    },
    {
      key: 'coverage',
      sortable: true,
      priority: 'key',
      width: 150,
      title: t('gtmGoals.goals.column.coverage'),
      render: (_, r) => (
        <span data-testid={`goal-coverage-${r.projectId}`}>
          <Progress
            percent={Math.round((r.monthsSet * 100) / 12)}
            size="small"
            format={() => `${r.monthsSet}/12`}
            status={r.monthsSet === 12 ? 'success' : 'normal'}
          />
        </span>
      ),
    },
    {
      key: 'goalUnits',
      width: 130,
      align: 'right',
      title: t('gtmGoals.goals.column.goalUnits'),
      render: (_, r) => (r.monthsSet ? formatCount(r.goalUnits) : '—'),
    },
    {
      key: 'goalRevenue',
      sortable: true,
      priority: 'key',
      width: 150,
      align: 'right',
      title: t('gtmGoals.goals.column.goalRevenue'),
      render: (_, r) => (r.monthsSet ? formatAmount(r.goalRevenue) : '—'),
    },
    {
      key: 'flat',
      width: 180,
      priority: 'detail',
      align: 'right',
      title: t('gtmGoals.goals.column.flat'),
      render: (_, r) =>
        r.flatUnits === null && r.flatRevenue === null ? (
          '—'
        ) : (
          <Typography.Text type="secondary">
            {formatCount(r.flatUnits)} / {formatAmount(r.flatRevenue)}
          </Typography.Text>
        ),
    },
    {
      key: 'updatedAt',
      width: 150,
      priority: 'detail',
      title: t('gtmGoals.goals.column.updatedAt'),
      render: (_, r) => (r.updatedAt ? formatTimestamp(r.updatedAt) : '—'),
    },
    {
      key: 'actions',
      width: 170,
      priority: 'key',
      title: t('gtmGoals.goals.column.actions'),
      render: (_, r) => (
        <ActionLinks
          actions={[
            {
              label: mayEdit ? t('gtmGoals.goals.edit') : t('gtmGoals.goals.view'),
              onClick: () => open(r.projectId),
              testId: `goal-edit-${r.projectId}`,
            },
            { label: t('gtmGoals.goals.history'), onClick: () => setHistoryOf(r), testId: `goal-history-${r.projectId}` },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage
        testId="page-gtm-goal"
        texts="gtmGoals.goals"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('gtmGoals.goals.search'), maxLength: 100, testId: 'goal-search' },
          {
            kind: 'query-select',
            key: 'ownerId',
            placeholder: t('gtmGoals.goals.allOwners'),
            width: 150,
            useOptions: usePeopleOptions,
          },
          {
            kind: 'select',
            key: 'runStatus',
            placeholder: t('gtmGoals.goals.allRuns'),
            width: 140,
            options: ep.RUN_STATUSES.map((v) => ({ value: v, label: stateLabel(ep.RUN_MACHINE, v, lang) })),
          },
          {
            kind: 'select',
            key: 'coverage',
            placeholder: t('gtmGoals.goals.allCoverage'),
            width: 150,
            options: ep.COVERAGES.map((v) => ({ value: v, label: t(`gtmGoals.goals.coverage.${v}`) })),
          },
        ]}
        columns={columns}
        tableId="projects.gtmGoal"
        rowKey="projectId"
        tableTestId="goal-table"
        emptyText={t('gtmGoals.goals.empty')}
      />
      <GoalDrawer projectId={Number.isInteger(openId) && openId > 0 ? openId : null} onClose={() => open(null)} />
      <HistoryDrawer
        entity="gtm_goal"
        entityId={historyOf?.projectId ?? null}
        name={historyOf ? `${historyOf.code} ${historyOf.name}` : ''}
        onClose={() => setHistoryOf(null)}
      />
    </>
  );
}
