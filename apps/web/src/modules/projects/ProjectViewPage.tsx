/**
 * The page of every project type (/viewGtmProject, /viewPlatform, /viewListing, /viewDevelop,
 * /viewExposure; ?id=): its fields (the type's own from project-kinds.ts), the actions the
 * caller may take (from the contract's table, the same the server enforces), its todos, events,
 * warnings, approval timeline and log. A project of another type opens at its own page.
 */
import { EditOutlined } from '@ant-design/icons';
import { MARKETS } from '@bo/contract';
import { statusFromCode } from '@bo/contract/approvals/approval-flow';
import { DATA_VIEW_SHARE_KIND, PROJECT_SHARE_KIND } from '@bo/contract/projects/project-share';
import {
  type MetricCode,
  type Project,
  type ProjectAction,
  type ProjectStateView,
  type ProjectType,
  projectAllows,
  RUN_MACHINE,
  SCHEDULE_MACHINE,
  STAGE_MACHINE,
} from '@bo/contract/projects/projects';
import { Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { DeleteAction } from '../../shared/components/DeleteAction';
import { useNotify } from '../../shared/components/use-notify';
import { formatAmount, formatCount } from '../../shared/format';
import { errorText } from '../../shared/http/error-text';
import { useLang, useTexts } from '../../shared/i18n/lang';
import { ShareButton } from '../../shared/kit/ShareDialog';
import { StateActions } from '../../shared/kit/StateTag';
import { useCurrentUser } from '../access/session/session.queries';
import { ApprovalPanel } from './components/ApprovalPanel';
import { EventsPanel } from './components/EventsPanel';
import { ExternalLinkField } from './components/ExternalLinkField';
import { LogPanel } from './components/LogPanel';
import { NodesPanel } from './components/NodesPanel';
import { ProjectAdsPanel } from './components/ProjectAdsPanel';
import { useRun } from './components/panel-parts';
import { ApprovalTag, PriorityTag, RunTag, ScheduleTag } from './components/project-tags';
import { ResearchPanel } from './components/ResearchPanel';
import { TodosPanel } from './components/TodosPanel';
import { WarningsPanel } from './components/WarningsPanel';
import { type DetailField, metricPrecision, PROJECT_KINDS, type ProjectKind } from './project-kinds';
import { useDeleteProject, useProject, useRelease, useRunAct } from './projects.queries';

function ProjectViewPage({ kind }: { kind: ProjectKind }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const project = useProject(id);
  const lang = useLang();
  if (id === null) return <Result status="404" title={t('projects.none')} />;
  if (project.error) return <Result status="warning" title={errorText(project.error, lang)} />;
  if (!project.data) return <Skeleton active data-testid={`${kind.slug}-view-loading`} />;
  if (project.data.type !== kind.type)
    return <Navigate replace to={`${PROJECT_KINDS[project.data.type].screens.view}?id=${project.data.id}`} />;
  return <ProjectView project={project.data} kind={kind} />;
}

function ProjectView({ project: p, kind }: { project: Project; kind: ProjectKind }) {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const _notify = useNotify();
  const me = useCurrentUser().data;
  const release = useRelease();
  const runAct = useRunAct();
  const remove = useDeleteProject();
  const state: ProjectStateView = {
    schedule: p.scheduleStatus,
    run: p.runStatus,
    stage: p.stage,
    approval: statusFromCode(p.approvalStatus) ?? 'not',
  };
  const may = (a: ProjectAction) => projectAllows(state, a, p.myRoles);
  const tid = kind.slug;

  const run = useRun();
  const del = () =>
    run(async () => {
      await remove.mutateAsync(p.id);
      navigate(kind.screens.list);
    });
  const none = t('projects.none');
  const metric = (code: MetricCode) => {
    const v = p.metrics[code];
    return v == null ? none : metricPrecision(code) === 2 ? formatAmount(v) : formatCount(v);
  };
  const detail = (d: DetailField) => {
    const v = p.details[d.key];
    if (v == null || v === '' || (Array.isArray(v) && v.length === 0)) return none;
    if (d.input === 'markets' || d.input === 'market')
      return ([] as unknown[])
        .concat(v)
        .map((m) => MARKETS.find((x) => x.id === m)?.code ?? String(m))
        .join(', ');
    if (Array.isArray(v)) return v.join(', ');
    if (d.input === 'money') return formatAmount(Number(v));
    if (d.input === 'int') return formatCount(Number(v));
    return String(v);
  };
  const busy = release.isPending || runAct.isPending;

  return (
    <Flex vertical gap={16} data-testid={`page-${tid}-view`}>
      <Card>
        <Flex justify="space-between" align="start" gap={16} wrap>
          <Flex vertical gap={8}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid={`${tid}-view-title`}>
              {p.code} · {p.name}
            </Typography.Title>
            <Space wrap>
              <ScheduleTag status={p.scheduleStatus} testId={`${tid}-view-schedule`} />
              <RunTag status={p.runStatus} testId={`${tid}-view-run`} />
              <ApprovalTag code={p.approvalStatus} testId={`${tid}-view-approval`} />
              <PriorityTag priority={p.priority} />
              <Typography.Text>{p.stage}</Typography.Text>
            </Space>
            {p.myRoles.length > 0 ? (
              <Typography.Text type="secondary">
                {t('projects.roles', {
                  roles: p.myRoles.map((r) => t(`projects.role.${r}`)).join(lang === 'zh-CN' ? '、' : ', '),
                })}
              </Typography.Text>
            ) : (
              <Alert type="info" showIcon message={t('projects.readOnly')} />
            )}
          </Flex>
          <Space wrap>
            {/* Anyone on this page holds the project page, which is what a link needs (the server checks it). */}
            <ShareButton
              testId="project-share"
              choices={[
                {
                  kind: PROJECT_SHARE_KIND,
                  entityId: String(p.id),
                  label: t('projects.share.project'),
                  intro: t('projects.share.projectIntro'),
                },
                {
                  kind: DATA_VIEW_SHARE_KIND,
                  entityId: String(p.id),
                  label: t('projects.share.dataView'),
                  intro: t('projects.share.dataViewIntro'),
                },
              ]}
            />
            {may('edit') && (
              <Button
                icon={<EditOutlined />}
                onClick={() => navigate(`${kind.screens.edit}?id=${p.id}`)}
                data-testid={`${tid}-edit`}
              >
                {t('projects.edit')}
              </Button>
            )}
            <StateActions
              machine={SCHEDULE_MACHINE}
              state={p.scheduleStatus}
              only={['release']}
              allow={(a) => may(a as ProjectAction)}
              busy={release.isPending ? 'release' : null}
              onAction={() => void run(() => release.mutateAsync({ id: p.id, version: p.version }))}
              testIdPrefix="project"
            />
            <StateActions
              machine={RUN_MACHINE}
              state={p.runStatus}
              allow={(a) => may(a)}
              busy={runAct.isPending ? (runAct.variables?.action as never) : null}
              onAction={(a) => void run(() => runAct.mutateAsync({ id: p.id, version: p.version, action: a }))}
              testIdPrefix="project"
            />
            <StateActions
              machine={STAGE_MACHINE}
              state={p.stage}
              allow={() => may('advance') && !busy}
              onAction={() => void run(() => runAct.mutateAsync({ id: p.id, version: p.version, action: 'advance' }))}
              testIdPrefix="project"
            />
            {may('delete') && (
              <DeleteAction
                title={t('projects.confirmDelete', { name: p.name })}
                onConfirm={() => void del()}
                testId={`${tid}-delete`}
                confirmTestId={`${tid}-delete-confirm`}
              />
            )}
          </Space>
        </Flex>
      </Card>
      <Card>
        <Tabs
          items={[
            {
              key: 'overview',
              label: t('projects.tabs.overview'),
              children: (
                <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
                  <Descriptions.Item label={t('projects.field.owner')}>{p.owner.name}</Descriptions.Item>
                  <Descriptions.Item label={t('projects.field.members')}>
                    {p.members.map((m) => m.name).join(', ') || t('projects.none')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('projects.field.dept')}>{p.deptName ?? t('projects.none')}</Descriptions.Item>
                  {(['OPEN_TIME', 'SCHEDULING_TIME', 'CLOSING_TIME', 'NODE_BONUS_TIME'] as const).map((d) => (
                    <Descriptions.Item key={d} label={t(`projects.field.${d}`)}>
                      {p.dates[d] ?? t('projects.none')}
                    </Descriptions.Item>
                  ))}
                  <Descriptions.Item label={t('projects.field.skus')}>{p.skus.join(', ') || none}</Descriptions.Item>
                  <Descriptions.Item label={t('projectData.link.label')}>
                    <ExternalLinkField project={p} canWork={may('work')} />
                  </Descriptions.Item>
                  {kind.details.map((d) => (
                    <Descriptions.Item
                      key={d.key}
                      label={t(`projects.field.${d.key}` as 'projects.field.name')}
                      span={d.span === 24 ? 3 : 1}
                    >
                      {detail(d)}
                    </Descriptions.Item>
                  ))}
                  {kind.metrics.map((m) => (
                    <Descriptions.Item key={m} label={t(`projects.field.${m}` as 'projects.field.name')}>
                      {metric(m)}
                    </Descriptions.Item>
                  ))}
                  <Descriptions.Item label={t('projects.field.description')} span={3}>
                    {p.description || t('projects.none')}
                  </Descriptions.Item>
                </Descriptions>
              ),
            },
            {
              key: 'todos',
              label: t('projects.tabs.todos'),
              children: <TodosPanel project={p} canWork={may('work')} meId={me?.id} />,
            },
            { key: 'events', label: t('projects.tabs.events'), children: <EventsPanel project={p} canWork={may('work')} /> },
            {
              key: 'warnings',
              label: t('projects.tabs.warnings'),
              children: <WarningsPanel project={p} canWork={may('work')} />,
            },
            {
              key: 'nodes',
              label: t('projects.tabs.nodes'),
              children: <NodesPanel project={p} canPlan={may('edit')} canReport={may('reportNode')} />,
            },
            ...(p.skus.length > 0
              ? [{ key: 'ads', label: t('projectData.ads.tab'), children: <ProjectAdsPanel projectId={p.id} /> }]
              : []),
            ...(p.type === 'NEW_PRODUCT_DEV_PROJECT'
              ? [
                  {
                    key: 'research',
                    label: t('projects.tabs.research'),
                    children: <ResearchPanel project={p} canReview={may('gateReview')} canWork={may('work')} />,
                  },
                ]
              : []),
            {
              key: 'approval',
              label: t('projects.tabs.approval'),
              children: me ? <ApprovalPanel project={p} state={state} meId={me.id} /> : null,
            },
            { key: 'log', label: t('projects.tabs.log'), children: <LogPanel projectId={p.id} /> },
          ]}
        />
      </Card>
    </Flex>
  );
}

/** One page component per type (stable, for the router's lazy screens). */
export const VIEW_PAGES = Object.fromEntries(
  Object.values(PROJECT_KINDS).map((k) => [k.type, () => <ProjectViewPage kind={k} />]),
) as Record<ProjectType, () => React.JSX.Element>;
