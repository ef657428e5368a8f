/**
 * The project list of /projectBoard (every type) and of each type's list (/gtmProject,
 * /platform, /newListing, /develop, /exposure): filters in the URL, paged and sorted on the server.
 */
import { PlusOutlined } from '@ant-design/icons';
import { projects as ep, stateLabel } from '@bo/contract';
import type { ProjectListItem } from '@bo/contract/projects/projects';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { formatDateTime } from '../../../shared/format';
import { download } from '../../../shared/http/http-client';
import { useLang } from '../../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { PROJECT_KINDS, type ProjectKind } from '../project-kinds';
import { projectKeys } from '../projects.queries';
import { ApprovalTag, PriorityTag, RunTag, ScheduleTag } from './project-tags';

export function ProjectList({ kind }: { kind?: ProjectKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const list = useKitList(ep.list, projectKeys.list(), kind ? { type: kind.type } : undefined);
  const options = <T extends string>(values: readonly T[], label: (v: T) => string) =>
    values.map((v) => ({ value: v, label: label(v) }));
  const { pageNum: _p, pageSize: _s, ...exportQuery } = list.query;

  const columns: KitColumn<ProjectListItem>[] = [
    { key: 'code', width: 100, priority: 'detail', title: t('projects.column.code'), render: (_, p) => p.code },
    {
      key: 'name',
      sortable: true,
      priority: 'key',
      width: 260,
      ellipsis: true,
      title: t('projects.column.name'),
      render: (_, p) => (
        <Link to={`${PROJECT_KINDS[p.type].screens.view}?id=${p.id}`} data-testid={`project-open-${p.id}`}>
          {p.name}
        </Link>
      ),
    },
    ...(kind
      ? []
      : [
          {
            key: 'type',
            width: 110,
            title: t('projects.column.type'),
            render: (_: unknown, p: ProjectListItem) => t(`projects.type.${p.type}`),
          },
        ]),
    { key: 'owner', width: 150, ellipsis: true, title: t('projects.column.owner'), render: (_, p) => p.owner.name },
    {
      key: 'dept',
      width: 120,
      priority: 'detail',
      ellipsis: true,
      title: t('projects.column.dept'),
      render: (_, p) => p.deptName ?? t('projects.none'),
    },
    {
      key: 'priority',
      sortable: true,
      width: 90,
      title: t('projects.column.priority'),
      render: (_, p) => <PriorityTag priority={p.priority} />,
    },
    { key: 'stage', sortable: true, width: 80, title: t('projects.column.stage'), render: (_, p) => p.stage },
    {
      key: 'schedule',
      width: 100,
      priority: 'key',
      title: t('projects.column.schedule'),
      render: (_, p) => <ScheduleTag status={p.scheduleStatus} testId={`project-schedule-${p.id}`} />,
    },
    { key: 'run', width: 100, title: t('projects.column.run'), render: (_, p) => <RunTag status={p.runStatus} /> },
    {
      key: 'approval',
      width: 100,
      title: t('projects.column.approval'),
      render: (_, p) => <ApprovalTag code={p.approvalStatus} />,
    },
    {
      key: 'todos',
      width: 110,
      priority: 'detail',
      title: t('projects.column.todos'),
      render: (_, p) => (
        <Space size={4} wrap>
          <span>{t('projects.todosOpen', { open: p.openTodos })}</span>
          {p.overdueTodos > 0 && (
            <Typography.Text type="danger">{t('projects.todosOverdue', { count: p.overdueTodos })}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'updatedAt',
      sortable: true,
      width: 160,
      priority: 'detail',
      title: t('projects.column.updatedAt'),
      render: (_, p) => formatDateTime(p.updatedAt),
    },
  ];

  return (
    <ListPage
      testId={kind ? `page-${kind.slug}-projects` : 'page-project-board'}
      title={kind ? t(`projects.kind.${kind.slug}.title`) : t('projects.boardTitle')}
      subtitle={kind ? t(`projects.kind.${kind.slug}.subtitle`) : t('projects.boardSubtitle')}
      list={list}
      filters={[
        { kind: 'text', key: 'keyword', placeholder: t('projects.search'), maxLength: 100, testId: 'project-search' },
        ...(kind
          ? []
          : [
              {
                kind: 'select' as const,
                key: 'type' as const,
                placeholder: t('projects.allTypes'),
                width: 140,
                options: options(ep.PROJECT_TYPES, (v) => t(`projects.type.${v}`)),
                testId: 'project-type',
              },
            ]),
        {
          kind: 'select',
          key: 'scheduleStatus',
          placeholder: t('projects.allSchedules'),
          width: 130,
          options: options(ep.SCHEDULE_STATUSES, (v) => stateLabel(ep.SCHEDULE_MACHINE, v, lang)),
        },
        {
          kind: 'select',
          key: 'runStatus',
          placeholder: t('projects.allRuns'),
          width: 140,
          options: options(ep.RUN_STATUSES, (v) => stateLabel(ep.RUN_MACHINE, v, lang)),
        },
        { kind: 'select', key: 'stage', placeholder: t('projects.allStages'), width: 110, options: options(ep.STAGES, (v) => v) },
        {
          kind: 'select',
          key: 'priority',
          placeholder: t('projects.allPriorities'),
          width: 120,
          options: options(ep.PRIORITIES, (v) => v),
        },
        { kind: 'checkbox', key: 'mine', label: t('projects.mine'), testId: 'project-mine' },
      ]}
      toolbar={
        <>
          {kind && (
            <Can permission="digitize:projectborard:create">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(kind.screens.edit)}
                data-testid={`${kind.slug}-create`}
              >
                {t(`projects.kind.${kind.slug}.create`)}
              </Button>
            </Can>
          )}
          <Can permission="digitize:projectborard:export">
            <ExportButton
              label={t('projects.bonusExport')}
              testId="project-bonus-export"
              fetchFile={(opts) =>
                download(ep.bonusExport, { query: { type: exportQuery.type, keyword: exportQuery.keyword } }, opts)
              }
            />
          </Can>
          {kind?.type === 'BRAND_EXPOSURE_PROJECT' && (
            <Can permission="digitize:projectborard:export">
              <ExportButton
                label={t('projects.brandMould')}
                testId="project-brand-mould"
                fetchFile={(opts) =>
                  download(
                    ep.brandMouldExport,
                    { body: { keyword: exportQuery.keyword, runStatus: exportQuery.runStatus } },
                    opts,
                  )
                }
              />
            </Can>
          )}
          <Can permission="digitize:projectborard:export">
            <ExportButton
              label={t('sales.export.table')}
              testId="project-export"
              fetchFile={(opts) =>
                download(ep.listExport, { query: { ...exportQuery, mine: exportQuery.mine ? 'true' : undefined } }, opts)
              }
            />
          </Can>
        </>
      }
      columns={columns}
      tableId={kind ? `projects.${kind.slug}` : 'projects.board'}
      rowKey="id"
      tableTestId="project-table"
      emptyText={t('projects.empty')}
    />
  );
}
