/**
 * One GTM project's steps (`/gtmSteps?project=<id>`): the launch day and progress, "Apply
 * playbook" for whoever may work on the project (again later for steps added to the playbook
 * since), the launch timeline, and the checklist: each step's day from launch, planned and actual
 * day (overdue in red), owner, department, state with the machine's actions, an adjustment of
 * owner and days, and its history. Readers see it all without the buttons.
 */
import { GTM_STEP_MACHINE, type GtmStepAction } from '@bo/contract/gtm/playbook';
import { type ProjectStep, updateProjectStep } from '@bo/contract/gtm/steps';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Input, Progress, Select, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { FitTable } from '../../../shared/table/FitTable';
import { PhaseTag } from '../components/phase-tag';
import { dayLabel, projectStepsQuery, useActOnStep, useApplyPlaybook, usePeopleOptions, useUpdateStep } from '../gtm.queries';
import { LaunchTimeline } from './LaunchTimeline';

interface AdjustValues {
  ownerId: number | null;
  offsetDays: number;
}

export function ProjectStepsDrawer({ projectId, onClose }: { projectId: number | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const q = useQuery(projectStepsQuery(projectId));
  const apply = useApplyPlaybook();
  const act = useActOnStep();
  const update = useUpdateStep();
  const people = usePeopleOptions();
  const [reason, setReason] = useState('');
  const [adjusting, setAdjusting] = useState<Editor<ProjectStep> | null>(null);
  const [historyOf, setHistoryOf] = useState<ProjectStep | null>(null);
  const data = q.data;
  const nameOf = (s: { nameZh: string; nameEn: string }) => (lang === 'en-US' ? s.nameEn : s.nameZh);
  const may = data?.project.mayWork === true;
  const settled = data ? data.steps.filter((s) => s.state === 'done' || s.state === 'skipped').length : 0;
  const total = data?.steps.length ?? 0;

  const run = (s: ProjectStep, action: GtmStepAction) => {
    if (action === 'skip' && reason.trim() === '') {
      notify.warning(t('gtm.steps.step.reasonNeeded'));
      return;
    }
    void notify
      .run(
        () => act.mutateAsync({ id: s.id, action, version: s.version, ...(action === 'skip' ? { reason: reason.trim() } : {}) }),
        (moved) =>
          t('gtm.steps.step.moved', {
            name: nameOf(moved),
            state: GTM_STEP_MACHINE.states[moved.state].label[lang === 'en-US' ? 'en' : 'zh'],
          }),
      )
      .then(() => setReason(''));
  };

  const columns = [
    {
      key: 'day',
      priority: 'key' as const,
      width: 70,
      title: t('gtm.steps.step.day'),
      render: (_: unknown, s: ProjectStep) => <Typography.Text strong>{dayLabel(s.offsetDays)}</Typography.Text>,
    },
    {
      key: 'name',
      priority: 'key' as const,
      width: 230,
      title: t('gtm.steps.step.name'),
      render: (_: unknown, s: ProjectStep) => (
        <Space orientation="vertical" size={0}>
          <Space size={4} wrap>
            <Tooltip title={s.description || undefined}>
              <span data-testid={`gtm-step-name-${s.id}`}>{nameOf(s)}</span>
            </Tooltip>
            <PhaseTag phase={s.phase} />
            {!s.required && <Tag>{t('gtm.steps.step.optional')}</Tag>}
          </Space>
          {s.skipReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('gtm.steps.step.skipReason', { reason: s.skipReason })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'planned',
      priority: 'key' as const,
      width: 130,
      title: t('gtm.steps.step.planned'),
      render: (_: unknown, s: ProjectStep) =>
        s.overdue ? (
          <Space size={4} data-testid={`gtm-step-overdue-${s.id}`}>
            <Typography.Text type="danger">{s.plannedDay}</Typography.Text>
            <Tag color="red">{t('gtm.steps.step.overdue')}</Tag>
          </Space>
        ) : (
          (s.plannedDay ?? '—')
        ),
    },
    {
      key: 'actual',
      priority: 'key' as const,
      width: 100,
      title: t('gtm.steps.step.actual'),
      render: (_: unknown, s: ProjectStep) =>
        s.actualDay ? (
          <Typography.Text type={s.plannedDay && s.actualDay > s.plannedDay ? 'warning' : undefined}>
            {s.actualDay}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'owner',
      priority: 'key' as const,
      width: 120,
      ellipsis: true,
      title: t('gtm.steps.step.owner'),
      render: (_: unknown, s: ProjectStep) =>
        s.owner?.name ?? <Typography.Text type="secondary">{t('gtm.steps.step.noOwner')}</Typography.Text>,
    },
    {
      key: 'dept',
      priority: 'detail' as const,
      width: 120,
      ellipsis: true,
      title: t('gtm.steps.step.dept'),
      render: (_: unknown, s: ProjectStep) => (lang === 'en-US' && s.deptNameEn) || s.deptName || '—',
    },
    {
      key: 'state',
      priority: 'key' as const,
      width: 90,
      title: t('gtm.steps.step.state'),
      render: (_: unknown, s: ProjectStep) => (
        <StateTag machine={GTM_STEP_MACHINE} state={s.state} testId={`gtm-step-state-${s.id}`} />
      ),
    },
    {
      key: 'actions',
      priority: 'key' as const,
      width: 290,
      title: t('gtm.steps.step.actions'),
      render: (_: unknown, s: ProjectStep) => (
        <Space size={4} wrap>
          {may && (
            <StateActions
              machine={GTM_STEP_MACHINE}
              state={s.state}
              busy={act.isPending && act.variables?.id === s.id ? act.variables.action : null}
              onAction={(a) => run(s, a)}
              testIdPrefix={`gtm-step-${s.id}`}
              describe={(a) =>
                a === 'skip' ? (
                  <Input.TextArea
                    rows={2}
                    maxLength={500}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    placeholder={t('gtm.steps.step.reason')}
                    data-testid={`gtm-step-${s.id}-reason`}
                  />
                ) : undefined
              }
            />
          )}
          {may && (
            <Button
              size="small"
              type="link"
              onClick={() => setAdjusting({ mode: 'edit', record: s })}
              data-testid={`gtm-step-edit-${s.id}`}
            >
              {t('gtm.steps.step.edit')}
            </Button>
          )}
          <Button size="small" type="link" onClick={() => setHistoryOf(s)} data-testid={`gtm-step-history-${s.id}`}>
            {t('kit.history.open')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={projectId !== null}
      onClose={onClose}
      size={1080}
      destroyOnHidden
      title={data ? t('gtm.steps.drawer.title', { code: data.project.code, name: data.project.name }) : t('gtm.steps.title')}
      data-testid="gtm-steps-drawer"
      extra={
        data && may && data.project.launchDate && data.notApplied > 0 ? (
          <Button
            type="primary"
            loading={apply.isPending}
            onClick={() =>
              void notify.run(
                () => apply.mutateAsync(data.project.id),
                (r) => t('gtm.steps.drawer.applied', { count: r.steps.length }),
              )
            }
            data-testid="gtm-apply"
          >
            {total === 0 ? t('gtm.steps.drawer.apply') : t('gtm.steps.drawer.applyMore', { count: data.notApplied })}
          </Button>
        ) : null
      }
    >
      {q.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(q.error, lang)}
          action={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>}
        />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space size={24} wrap>
            <Typography.Text strong data-testid="gtm-drawer-launch">
              {data.project.launchDate ? t('gtm.steps.drawer.launch', { day: data.project.launchDate }) : t('gtm.steps.noLaunch')}
            </Typography.Text>
            <Typography.Text type="secondary">{data.project.owner.name}</Typography.Text>
            {total > 0 && (
              <Space size={8}>
                <Progress
                  percent={Math.round((settled * 100) / total)}
                  size="small"
                  style={{ width: 200 }}
                  data-testid="gtm-drawer-progress"
                />
                <Typography.Text type="secondary">{t('gtm.steps.drawer.progress', { settled, total })}</Typography.Text>
              </Space>
            )}
          </Space>
          {!data.project.launchDate && <Alert type="warning" showIcon title={t('gtm.steps.drawer.noLaunch')} />}
          {!may && <Alert type="info" showIcon title={t('gtm.steps.drawer.readOnly')} data-testid="gtm-drawer-readonly" />}
          {total === 0 ? (
            <Empty
              description={
                <Space orientation="vertical" size={0}>
                  <span>{t('gtm.steps.drawer.noSteps')}</span>
                  <Typography.Text type="secondary">{t('gtm.steps.drawer.noStepsHint')}</Typography.Text>
                </Space>
              }
            />
          ) : (
            <>
              {data.project.launchDate && (
                <div>
                  <Typography.Title level={5}>{t('gtm.steps.drawer.timeline')}</Typography.Title>
                  <LaunchTimeline steps={data.steps} launchDate={data.project.launchDate} today={data.today} />
                </div>
              )}
              <div>
                <Typography.Title level={5}>{t('gtm.steps.drawer.list')}</Typography.Title>
                <FitTable<ProjectStep>
                  tableId="gtm.projectSteps"
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={data.steps}
                  columns={columns}
                  data-testid="gtm-steps-table"
                  onRow={(s) => ({ style: s.overdue ? { background: '#fff1f0' } : undefined })}
                />
              </div>
            </>
          )}
        </Space>
      )}
      <EditDrawer<ProjectStep, AdjustValues, ProjectStep>
        editor={adjusting}
        onClose={() => setAdjusting(null)}
        title={(e) => t('gtm.steps.step.editTitle', { name: e.record ? nameOf(e.record) : '' })}
        schema={updateProjectStep.body}
        fields={[
          {
            name: 'ownerId',
            label: t('gtm.steps.step.ownerId'),
            input: (
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                options={people.options as never}
                loading={people.loading}
                data-testid="gtm-step-owner"
              />
            ),
          },
          {
            name: 'offsetDays',
            label: t('gtm.steps.step.offsetDays'),
            input: 'number',
            extra: t('gtm.steps.step.offsetHint'),
            // A done or skipped step keeps its planned day: its days from launch matter again once reopened.
            disabled: adjusting?.mode === 'edit' && (adjusting.record.state === 'done' || adjusting.record.state === 'skipped'),
            testId: 'gtm-step-offset',
          },
        ]}
        initialValues={(e) => (e.record ? { ownerId: e.record.owner?.id ?? null, offsetDays: e.record.offsetDays } : {})}
        onSubmit={(v, e) =>
          update.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : 0,
            body: { version: e.mode === 'edit' ? e.record.version : 0, ownerId: v.ownerId ?? null, offsetDays: v.offsetDays },
          })
        }
        savedText={() => t('gtm.steps.step.saved')}
        testId="gtm-step-form"
        saveTestId="gtm-step-save"
      />
      <HistoryDrawer
        entity="gtm_project_step"
        entityId={historyOf?.id ?? null}
        name={historyOf ? nameOf(historyOf) : ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          nameZh: t('gtm.playbook.field.nameZh'),
          nameEn: t('gtm.playbook.field.nameEn'),
          phase: t('gtm.playbook.field.phase'),
          offsetDays: t('gtm.steps.step.offsetDays'),
          ownerId: t('gtm.steps.step.owner'),
          state: t('gtm.steps.step.state'),
          plannedDay: t('gtm.steps.step.planned'),
          actualDay: t('gtm.steps.step.actual'),
          skipReason: t('gtm.steps.step.reason'),
          projectId: t('gtm.steps.column.project'),
        }}
        formatValue={(field, value) =>
          field === 'state' && typeof value === 'string' && value in GTM_STEP_MACHINE.states ? (
            <StateTag machine={GTM_STEP_MACHINE} state={value as ProjectStep['state']} />
          ) : field === 'offsetDays' && typeof value === 'number' ? (
            dayLabel(value)
          ) : field === 'ownerId' && typeof value === 'number' ? (
            (people.options.find((o) => o.value === value)?.label ?? `#${value}`)
          ) : undefined
        }
      />
    </Drawer>
  );
}
