/**
 * /gtmSteps: the GTM projects' progress through the playbook, one row per project: its launch
 * day, done or skipped of all steps, each phase's share, the next step by planned day and how
 * many are overdue (red). Filters by a step's owner, department and state, or overdue only (the
 * projects with a matching step), in the URL; a row opens the project's steps in a drawer
 * (`?project=<id>`), where whoever may work on the project applies the playbook and moves steps.
 */
import { stateLabel } from '@bo/contract';
import { GTM_STEP_MACHINE, GTM_STEP_STATES } from '@bo/contract/gtm/playbook';
import { type BoardRow, gtmBoard as ep } from '@bo/contract/gtm/steps';
import { Button, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTexts } from '../../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { gtmKeys, useDeptOptions, usePeopleOptions } from '../gtm.queries';
import { PhaseBar } from './PhaseBar';
import { ProjectStepsDrawer } from './ProjectStepsDrawer';

export default function StepsBoardPage() {
  const { t, lang } = useTexts();
  const list = useKitList(ep, gtmKeys.board);
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('project'));
  const open = Number.isInteger(raw) && raw > 0 ? raw : null;
  const setOpen = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id === null) next.delete('project');
      else next.set('project', String(id));
      return next;
    });
  const nameOf = (s: { nameZh: string; nameEn: string }) => (lang === 'en-US' ? s.nameEn : s.nameZh);

  const columns: KitColumn<BoardRow>[] = [
    {
      key: 'name',
      sortable: true,
      priority: 'key',
      width: 190,
      ellipsis: true,
      title: t('gtm.steps.column.project'),
      render: (_, r) => (
        <Link to={`/viewGtmProject?id=${r.projectId}`} onClick={(e) => e.stopPropagation()}>
          {r.code} {r.name}
        </Link>
      ),
    },
    {
      key: 'launchDate',
      sortable: true,
      priority: 'key',
      width: 110,
      title: t('gtm.steps.column.launch'),
      render: (_, r) => r.launchDate ?? <Typography.Text type="secondary">{t('gtm.steps.noLaunch')}</Typography.Text>,
    },
    {
      key: 'progress',
      sortable: true,
      priority: 'key',
      width: 150,
      title: t('gtm.steps.column.progress'),
      render: (_, r) =>
        r.total === 0 ? (
          <Typography.Text type="secondary">{t('gtm.steps.notApplied')}</Typography.Text>
        ) : (
          <Tooltip title={t('gtm.steps.drawer.progress', { settled: r.done + r.skipped, total: r.total })}>
            <Progress
              percent={r.progress}
              size="small"
              status={r.progress === 100 ? 'success' : 'normal'}
              strokeColor={r.overdue > 0 ? '#ff4d4f' : undefined}
              data-testid={`gtm-board-progress-${r.projectId}`}
            />
          </Tooltip>
        ),
    },
    {
      key: 'phases',
      priority: 'key',
      width: 130,
      title: t('gtm.steps.column.phases'),
      render: (_, r) => (r.total === 0 ? '—' : <PhaseBar phases={r.phases} />),
    },
    {
      key: 'next',
      priority: 'key',
      width: 190,
      ellipsis: true,
      title: t('gtm.steps.column.next'),
      render: (_, r) =>
        r.next ? (
          <Space size={6}>
            <Typography.Text type={r.next.overdue ? 'danger' : undefined}>{r.next.plannedDay ?? '—'}</Typography.Text>
            <Typography.Text type={r.next.overdue ? 'danger' : undefined} ellipsis>
              {nameOf(r.next)}
            </Typography.Text>
          </Space>
        ) : r.total > 0 ? (
          <Typography.Text type="success">{t('gtm.steps.allSettled')}</Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'overdue',
      sortable: true,
      priority: 'key',
      width: 94,
      align: 'right',
      title: t('gtm.steps.column.overdue'),
      render: (_, r) =>
        r.overdue > 0 ? (
          <Tag color="red" data-testid={`gtm-board-overdue-${r.projectId}`}>
            {r.overdue}
          </Tag>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    {
      key: 'owner',
      priority: 'detail',
      width: 140,
      ellipsis: true,
      title: t('gtm.steps.column.owner'),
      render: (_, r) => r.owner.name,
    },
    actionsColumn(t, 84, (_, r) => (
      <Button
        size="small"
        type="link"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(r.projectId);
        }}
        data-testid={`gtm-board-open-${r.projectId}`}
      >
        {t('gtm.steps.open')}
      </Button>
    )),
  ];

  return (
    <>
      <ListPage
        testId="page-gtm-steps"
        texts="gtm.steps"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('gtm.steps.search'), maxLength: 100, testId: 'gtm-board-search' },
          {
            kind: 'query-select',
            key: 'ownerId',
            placeholder: t('gtm.steps.allOwners'),
            width: 150,
            useOptions: usePeopleOptions,
          },
          { kind: 'query-select', key: 'deptId', placeholder: t('gtm.steps.allDepts'), width: 150, useOptions: useDeptOptions },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('gtm.steps.allStates'),
            width: 130,
            options: GTM_STEP_STATES.map((s) => ({ value: s, label: stateLabel(GTM_STEP_MACHINE, s, lang) })),
          },
          { kind: 'checkbox', key: 'overdue', label: t('gtm.steps.overdueOnly'), testId: 'gtm-board-overdue-only' },
        ]}
        columns={columns}
        tableId="gtm.board"
        rowKey="projectId"
        tableTestId="gtm-board-table"
        emptyText={t('gtm.steps.empty')}
        tableProps={{ onRow: (r) => ({ onClick: () => setOpen(r.projectId), style: { cursor: 'pointer' } }) }}
      />
      <ProjectStepsDrawer projectId={open} onClose={() => setOpen(null)} />
    </>
  );
}
