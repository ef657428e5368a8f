/**
 * A project's warnings: those the job raised (an overdue todo or node) and those the team wrote
 * (a KPI behind target). Open ones first; each moves through its status (the contract's
 * WARNING_MACHINE, the same the server applies); a written one may be changed or deleted.
 */
import { projects as ep } from '@bo/contract';
import { type Project, type ProjectWarning, WARNING_MACHINE } from '@bo/contract/projects/projects';
import { Button, Flex, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { formatDateTime } from '../../../shared/format';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { useDeleteWarning, useSaveWarning, useWarningStatus, useWarnings } from '../projects.queries';
import { DayInput } from './DayInput';
import { AddButton, useRun } from './panel-parts';

const LEVEL_COLOR = { info: 'blue', warning: 'orange', critical: 'red' } as const;

interface Values {
  kind: 'kpi' | 'other';
  level: ProjectWarning['level'];
  message: string;
  dueDate: string | null;
}

export function WarningsPanel({ project, canWork }: { project: Project; canWork: boolean }) {
  const { t } = useTranslation();
  const warnings = useWarnings(project.id);
  const save = useSaveWarning();
  const status = useWarningStatus();
  const remove = useDeleteWarning();
  const [editor, setEditor] = useState<Editor<ProjectWarning> | null>(null);

  const act = useRun();
  const text = (w: ProjectWarning) =>
    w.kind === 'todo'
      ? t('projects.warning.todoOverdue', { title: w.message, day: w.dueDate })
      : w.kind === 'node'
        ? t('projects.warning.nodeOverdue', { stage: w.message, day: w.dueDate })
        : w.message;

  return (
    <Flex vertical gap={12} data-testid="project-warnings">
      <AddButton
        show={canWork}
        label={t('projects.warning.add')}
        onClick={() => setEditor({ mode: 'create' })}
        testId="warning-add"
      />
      <Table<ProjectWarning>
        rowKey="id"
        size="small"
        loading={warnings.isLoading}
        dataSource={warnings.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('projects.warning.empty') }}
        columns={[
          {
            key: 'level',
            width: 90,
            title: t('projects.warning.level'),
            render: (_, w) => <Tag color={LEVEL_COLOR[w.level]}>{t(`projects.warning.levels.${w.level}`)}</Tag>,
          },
          {
            key: 'kind',
            width: 110,
            title: t('projects.warning.kind'),
            render: (_, w) => t(`projects.warning.kinds.${w.kind}`),
          },
          {
            key: 'message',
            title: t('projects.warning.message'),
            render: (_, w) => <Typography.Text data-testid={`warning-text-${w.id}`}>{text(w)}</Typography.Text>,
          },
          {
            key: 'status',
            width: 100,
            title: t('projects.warning.status'),
            render: (_, w) => <StateTag machine={WARNING_MACHINE} state={w.status} testId={`warning-status-${w.id}`} />,
          },
          {
            key: 'by',
            width: 170,
            title: t('projects.warning.by'),
            render: (_, w) => (
              <Flex vertical>
                <span>{w.createdBy?.name ?? t('projects.warning.auto')}</span>
                <Typography.Text type="secondary">{formatDateTime(w.createdAt)}</Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'actions',
            width: 230,
            title: t('projects.warning.actions'),
            render: (_, w) =>
              canWork && (
                <Space size={4} wrap>
                  <StateActions
                    machine={WARNING_MACHINE}
                    state={w.status}
                    busy={status.isPending && status.variables?.id === w.id ? 'resolve' : null}
                    onAction={(a) => {
                      const to = WARNING_MACHINE.transitions.find((x) => x.action === a)?.to ?? w.status;
                      void act(() => status.mutateAsync({ id: w.id, version: w.version, status: to }));
                    }}
                    testIdPrefix={`warning-${w.id}`}
                  />
                  {!w.auto && (
                    <>
                      <Button
                        size="small"
                        onClick={() => setEditor({ mode: 'edit', record: w })}
                        data-testid={`warning-edit-${w.id}`}
                      >
                        {t('projects.edit')}
                      </Button>
                      <DeleteAction
                        title={t('projects.warning.confirmDelete')}
                        onConfirm={() => void act(() => remove.mutateAsync(w.id))}
                        testId={`warning-delete-${w.id}`}
                      />
                    </>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <EditDrawer<ProjectWarning, Values, ProjectWarning>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('projects.warning.editTitle') : t('projects.warning.createTitle'))}
        schema={ep.warningBody}
        fields={[
          {
            name: 'kind',
            label: t('projects.warning.kind'),
            input: 'select',
            options: ep.WRITTEN_KINDS.map((k) => ({ value: k, label: t(`projects.warning.kinds.${k}`) })),
            span: 12,
          },
          {
            name: 'level',
            label: t('projects.warning.level'),
            input: 'select',
            options: ep.WARNING_LEVELS.map((l) => ({ value: l, label: t(`projects.warning.levels.${l}`) })),
            span: 12,
          },
          { name: 'message', label: t('projects.warning.message'), input: 'textarea', testId: 'warning-message' },
          { name: 'dueDate', label: t('projects.warning.dueDate'), input: <DayInput /> },
        ]}
        initialValues={(e) =>
          e.mode === 'create'
            ? { kind: 'kpi', level: 'warning', dueDate: null }
            : {
                kind: e.record.kind === 'other' ? 'other' : 'kpi',
                level: e.record.level,
                message: e.record.message,
                dueDate: e.record.dueDate,
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            ...(e.mode === 'edit' ? { id: e.record.id, version: e.record.version } : {}),
            projectId: project.id,
            kind: v.kind,
            level: v.level,
            message: v.message?.trim() ?? '',
            dueDate: v.dueDate ?? null,
          })
        }
        savedText={() => t('projects.warning.saved')}
        onSaved={() => setEditor(null)}
        width={520}
        testId="warning-form"
        saveTestId="warning-save"
      />
    </Flex>
  );
}
