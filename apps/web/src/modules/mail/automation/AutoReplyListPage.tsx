import { EditOutlined } from '@ant-design/icons';
import { mailAutomation as ep } from '@bo/contract';
import type { replyPlanRowSchema } from '@bo/contract/mail/automation';
import { AUTO_REPLY_STATES } from '@bo/contract/mail/automation';
import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useCan } from '../../../shared/Can';
import { AddButton } from '../../../shared/kit/AddButton';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { automationKeys, useCopyPlan, useDeletePlan, useSetPlanState } from './automation.queries';
import { cellTags, nameColumn, RowActions, updatedColumn, useNotifiedRun } from './components/list-parts';

type Plan = z.infer<typeof replyPlanRowSchema>;

/** /autoReply: the auto-reply plans (filters and paging in the URL), on/off, copy, delete. */
export default function AutoReplyListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const list = useKitList(ep.listReplyPlans, automationKeys.plans());
  const run = useNotifiedRun();
  const remove = useDeletePlan();
  const copy = useCopyPlan();
  const setState = useSetPlanState();

  // At 1280 px: the plan, whether it is on, what it answered, when it changed and its actions; the
  // mailboxes when room allows, the keywords in the column chooser.
  const columns: KitColumn<Plan>[] = [
    nameColumn(t('mailAuto.plans.column.name'), (r) => r.name),
    { key: 'mailboxes', title: t('mailAuto.plans.column.mailboxes'), width: 190, render: (_, r) => cellTags(r.mailboxEmails) },
    {
      key: 'keywords',
      title: t('mailAuto.plans.column.keywords'),
      priority: 'detail',
      width: 180,
      render: (_, r) => (r.keywords.length ? cellTags(r.keywords, 'blue') : <Tag>{t('mailAuto.plans.allKeywords')}</Tag>),
    },
    {
      key: 'state',
      title: t('mailAuto.plans.column.state'),
      priority: 'key',
      width: 100,
      render: (_, r) => (
        <Switch
          checked={r.stateId === 1}
          disabled={!can('email:autoReply:edit')}
          checkedChildren={t('mailAuto.planState.s1')}
          unCheckedChildren={t('mailAuto.planState.s2')}
          loading={setState.isPending && setState.variables?.id === r.id}
          onChange={(on) =>
            void run(
              () => setState.mutateAsync({ id: r.id, stateId: on ? 1 : 2 }),
              t(on ? 'mailAuto.plans.turnedOn' : 'mailAuto.plans.turnedOff'),
            )
          }
          data-testid={`plan-state-${r.id}`}
        />
      ),
    },
    {
      key: 'replies',
      title: t('mailAuto.plans.column.replies'),
      priority: 'key',
      width: 90,
      align: 'right',
      render: (_, r) => r.replies,
    },
    updatedColumn(t('mailAuto.plans.column.updatedAt')),
    actionsColumn(
      t,
      220,
      (_, r) => (
        <RowActions
          links={[
            {
              key: 'edit',
              icon: <EditOutlined />,
              label: can('email:autoReply:edit') ? t('common.edit') : t('mailAuto.tasks.detail'),
              onClick: () => navigate(`/autoReply/edit?id=${r.id}`),
              testId: `plan-edit-${r.id}`,
            },
          ]}
          copy={
            can('email:autoReply:create') && {
              run: () => copy.mutateAsync(r.id),
              name: r.name,
              copiedText: (name) => t('mailAuto.plans.copied', { name }),
              testId: `plan-copy-${r.id}`,
            }
          }
          remove={
            can('email:autoReply:delete') && {
              run: () => remove.mutateAsync(r.id),
              question: t('mailAuto.plans.confirmDelete', { name: r.name }),
              deletedText: t('mailAuto.plans.deleted', { name: r.name }),
              testId: `plan-delete-${r.id}`,
              confirmTestId: 'plan-delete-confirm',
            }
          }
        />
      ),
      { fixed: undefined },
    ),
  ];

  return (
    <ListPage
      testId="page-auto-reply"
      texts="mailAuto.plans"
      list={list}
      filters={[
        {
          kind: 'text',
          key: 'keyword',
          placeholder: t('mailAuto.plans.search'),
          maxLength: 80,
          width: 220,
          testId: 'plans-search',
        },
        {
          kind: 'select',
          key: 'stateId',
          placeholder: t('mailAuto.plans.column.state'),
          width: 140,
          options: AUTO_REPLY_STATES.map((s) => ({ value: s.stateId, label: t(`mailAuto.planState.s${s.stateId}`) })),
          testId: 'plans-state',
        },
      ]}
      toolbar={
        <AddButton permission="email:autoReply:create" onClick={() => navigate('/autoReply/edit')} testId="plan-create">
          {t('mailAuto.plans.create')}
        </AddButton>
      }
      columns={columns}
      tableId="mail.autoReply"
      rowKey="id"
      tableTestId="plans-table"
      emptyText={t('mailAuto.plans.empty')}
    />
  );
}
