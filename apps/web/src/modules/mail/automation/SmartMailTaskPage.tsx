import { EditOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { mailAutomation as ep } from '@bo/contract';
import { AUTO_MAIL_KINDS, AUTO_MAIL_STATES, type AutoMailDetail, type AutoMailRow } from '@bo/contract/mail/automation';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { call } from '../../../shared/http/http-client';
import { AddButton } from '../../../shared/kit/AddButton';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { automationKeys, useCopyTask, useDeleteTask, useResetTask } from './automation.queries';
import { RowActions, updatedColumn, useNotifiedRun } from './components/list-parts';
import { TaskModal } from './components/TaskModal';

const STATE_COLOR: Record<number, string | undefined> = { 0: undefined, 1: 'green', 2: 'orange' };

/** /smartMail/task: the auto-mail tasks (filters, sort and paging in the URL), create/edit, activate/pause, copy, delete. */
export default function SmartMailTaskPage() {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const list = useKitList(ep.listAutoMails, automationKeys.tasks());
  const run = useNotifiedRun();
  const remove = useDeleteTask();
  const copy = useCopyTask();
  const reset = useResetTask();
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ task: AutoMailDetail | null } | null>(null);

  const edit = async (r: AutoMailRow) => {
    try {
      setEditing({ task: await call(ep.getAutoMail, { params: { autoMailId: r.autoMailId } }, { silent: true }) });
    } catch (err) {
      notify.failure(err);
    }
  };
  const turn = (r: AutoMailRow, state: 1 | 2) =>
    void run(
      () => reset.mutateAsync({ autoMailId: r.autoMailId, state }),
      t(state === 1 ? 'mailAuto.tasks.activated' : 'mailAuto.tasks.paused'),
    );

  // At 1280 px: the task, its state, what it sent, when it changed and its actions; the shop when room
  // allows, the kind, the days after delivery and the send window in the column chooser.
  const columns: KitColumn<AutoMailRow>[] = [
    {
      key: 'autoMailName',
      sortable: true,
      title: t('mailAuto.tasks.column.name'),
      priority: 'key',
      width: 200,
      ellipsis: true,
      render: (_, r) => (
        <Link to={`/smartMail/taskInfo?id=${r.autoMailId}`} data-testid={`task-link-${r.autoMailId}`}>
          {r.autoMailName}
        </Link>
      ),
    },
    { key: 'shop', title: t('mailAuto.tasks.column.shop'), width: 130, ellipsis: true, render: (_, r) => r.shopName ?? r.shopId },
    { key: 'kind', title: t('mailAuto.tasks.column.kind'), width: 130, render: (_, r) => t(`mailAuto.kind.${r.kind}`) },
    {
      key: 'days',
      title: t('mailAuto.tasks.column.days'),
      priority: 'detail',
      width: 150,
      align: 'right',
      render: (_, r) => r.daysAfterDelivery,
    },
    {
      key: 'window',
      title: t('mailAuto.tasks.column.window'),
      priority: 'detail',
      width: 120,
      render: (_, r) => `${String(r.sendHourFrom).padStart(2, '0')}:00–${String(r.sendHourTo).padStart(2, '0')}:00`,
    },
    {
      key: 'state',
      title: t('mailAuto.tasks.column.state'),
      priority: 'key',
      width: 100,
      render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t(`mailAuto.state.s${r.state as 0 | 1 | 2}`)}</Tag>,
    },
    {
      key: 'sent',
      sortable: true,
      title: t('mailAuto.tasks.column.sent'),
      priority: 'key',
      width: 90,
      align: 'right',
      render: (_, r) => r.sent,
    },
    updatedColumn(t('mailAuto.tasks.column.updatedAt'), true),
    actionsColumn(
      t,
      260,
      (_, r) => {
        const editable = can('email:smartMail:edit');
        return (
          <RowActions
            links={[
              editable &&
                (r.state === 1
                  ? {
                      key: 'pause',
                      icon: <PauseCircleOutlined />,
                      label: t('mailAuto.tasks.pause'),
                      onClick: () => turn(r, 2),
                      testId: `task-pause-${r.autoMailId}`,
                    }
                  : {
                      key: 'activate',
                      icon: <PlayCircleOutlined />,
                      label: t('mailAuto.tasks.activate'),
                      onClick: () => turn(r, 1),
                      testId: `task-activate-${r.autoMailId}`,
                    }),
              editable && {
                key: 'edit',
                icon: <EditOutlined />,
                label: t('common.edit'),
                onClick: () => void edit(r),
                testId: `task-edit-${r.autoMailId}`,
              },
            ]}
            copy={
              can('email:smartMail:create') && {
                run: () => copy.mutateAsync(r.autoMailId),
                name: r.autoMailName,
                copiedText: (name) => t('mailAuto.tasks.copied', { name }),
                testId: `task-copy-${r.autoMailId}`,
              }
            }
            remove={
              can('email:smartMail:delete') && {
                run: () => remove.mutateAsync(r.autoMailId),
                question: t('mailAuto.tasks.confirmDelete', { name: r.autoMailName }),
                deletedText: t('mailAuto.tasks.deleted', { name: r.autoMailName }),
                testId: `task-delete-${r.autoMailId}`,
                confirmTestId: 'task-delete-confirm',
              }
            }
          />
        );
      },
      { fixed: undefined },
    ),
  ];

  return (
    <>
      <ListPage
        testId="page-smart-mail"
        texts="mailAuto.tasks"
        list={list}
        filters={[
          {
            kind: 'text',
            key: 'keyword',
            placeholder: t('mailAuto.tasks.search'),
            maxLength: 80,
            width: 220,
            testId: 'tasks-search',
          },
          { kind: 'shop', key: 'shopId', placeholder: t('mailAuto.tasks.column.shop'), width: 180, testId: 'tasks-shop' },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('mailAuto.tasks.column.state'),
            width: 130,
            options: AUTO_MAIL_STATES.map((s) => ({ value: s.stateId, label: t(`mailAuto.state.s${s.stateId}`) })),
            testId: 'tasks-state',
          },
          {
            kind: 'select',
            key: 'kind',
            placeholder: t('mailAuto.tasks.column.kind'),
            width: 140,
            options: AUTO_MAIL_KINDS.map((k) => ({ value: k, label: t(`mailAuto.kind.${k}`) })),
            testId: 'tasks-kind',
          },
        ]}
        toolbar={
          <AddButton permission="email:smartMail:create" onClick={() => setEditing({ task: null })} testId="task-create">
            {t('mailAuto.tasks.create')}
          </AddButton>
        }
        columns={columns}
        tableId="mail.smartMail.tasks"
        rowKey="autoMailId"
        tableTestId="tasks-table"
        emptyText={t('mailAuto.tasks.empty')}
      />
      {editing && (
        <TaskModal
          task={editing.task}
          onClose={() => setEditing(null)}
          onReload={() => client.invalidateQueries({ queryKey: automationKeys.tasks() })}
        />
      )}
    </>
  );
}
