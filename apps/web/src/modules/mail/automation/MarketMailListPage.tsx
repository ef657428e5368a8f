import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { mailAutomation as ep } from '@bo/contract';
import type { inviteRowSchema } from '@bo/contract/mail/automation';
import { Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useCan } from '../../../shared/Can';
import { AddButton } from '../../../shared/kit/AddButton';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useListQuery } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { inviteKeys, useCopyInvite, useDeleteInvite, useOperateInvite } from './automation.queries';
import { cellTags, nameColumn, RowActions, updatedColumn, useNotifiedRun } from './components/list-parts';

type Invite = z.infer<typeof inviteRowSchema>;

/** /marketMail/list: the invitation plans (filters and paging in the URL, sent as the list's body), on/off, copy, delete. */
export default function MarketMailListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const list = useListQuery(ep.listInvitePlans.body);
  const run = useNotifiedRun();
  const remove = useDeleteInvite();
  const copy = useCopyInvite();
  const operate = useOperateInvite();

  // At 1280 px: the plan, whether it is on, what it sent, when it changed and its actions; the shop when
  // room allows, the days after delivery and the SKUs / ASINs in the column chooser.
  const columns: KitColumn<Invite>[] = [
    nameColumn(t('mailAuto.invites.column.name'), (r) => r.name),
    {
      key: 'shop',
      title: t('mailAuto.invites.column.shop'),
      width: 130,
      ellipsis: true,
      render: (_, r) => r.shopName ?? r.shopId,
    },
    {
      key: 'targets',
      title: t('mailAuto.invites.column.targets'),
      priority: 'detail',
      width: 200,
      render: (_, r) => cellTags([...r.skus, ...r.asins].slice(0, 6)),
    },
    { key: 'days', title: t('mailAuto.invites.column.days'), width: 150, align: 'right', render: (_, r) => r.daysAfterDelivery },
    {
      key: 'state',
      title: t('mailAuto.invites.column.state'),
      priority: 'key',
      width: 100,
      render: (_, r) => (
        <Switch
          checked={r.enabled}
          disabled={!can('email:marketMail:edit')}
          checkedChildren={t('mailAuto.invites.enabled')}
          unCheckedChildren={t('mailAuto.invites.disabled')}
          loading={operate.isPending && operate.variables?.id === r.id}
          onChange={(on) =>
            void run(() => operate.mutateAsync({ id: r.id, enabled: on }), t(on ? 'mailAuto.invites.on' : 'mailAuto.invites.off'))
          }
          data-testid={`invite-state-${r.id}`}
        />
      ),
    },
    {
      key: 'sent',
      title: t('mailAuto.invites.column.sent'),
      priority: 'key',
      width: 80,
      align: 'right',
      render: (_, r) => r.sent,
    },
    updatedColumn(t('mailAuto.invites.column.updatedAt')),
    actionsColumn(
      t,
      280,
      (_, r) => (
        <RowActions
          links={[
            {
              key: 'detail',
              icon: <EyeOutlined />,
              label: t('mailAuto.tasks.detail'),
              onClick: () => navigate(`/marketMail/detail?id=${r.id}`),
            },
            can('email:marketMail:edit') && {
              key: 'edit',
              icon: <EditOutlined />,
              label: t('common.edit'),
              onClick: () => navigate(`/marketMail/edit?id=${r.id}`),
            },
          ]}
          copy={
            can('email:marketMail:create') && {
              run: () => copy.mutateAsync(r.id),
              name: r.name,
              copiedText: (name) => t('mailAuto.invites.copied', { name }),
            }
          }
          remove={
            can('email:marketMail:delete') && {
              run: () => remove.mutateAsync(r.id),
              question: t('mailAuto.invites.confirmDelete', { name: r.name }),
              deletedText: t('mailAuto.invites.deleted', { name: r.name }),
              testId: `invite-delete-${r.id}`,
              confirmTestId: 'invite-delete-confirm',
            }
          }
        />
      ),
      { fixed: undefined },
    ),
  ];

  return (
    <ListPage
      testId="page-market-mail"
      texts="mailAuto.invites"
      endpoint={ep.listInvitePlans}
      state={list}
      keyPrefix={inviteKeys.all}
      filters={[
        { kind: 'text', key: 'keyword', placeholder: t('mailAuto.invites.search'), maxLength: 80, width: 220 },
        { kind: 'shop', key: 'shopId', placeholder: t('mailAuto.invites.column.shop'), width: 180 },
        {
          // On or off: a yes/no the body takes as a boolean (select options are text).
          kind: 'custom',
          key: 'enabled',
          render: (value, onChange) => (
            <Select
              allowClear
              placeholder={t('mailAuto.invites.column.state')}
              value={typeof value === 'boolean' ? String(value) : undefined}
              onChange={(v?: string) => onChange(v === undefined ? undefined : v === 'true')}
              options={[
                { value: 'true', label: t('mailAuto.invites.enabled') },
                { value: 'false', label: t('mailAuto.invites.disabled') },
              ]}
              style={{ width: 120 }}
            />
          ),
        },
      ]}
      toolbar={
        <AddButton permission="email:marketMail:create" onClick={() => navigate('/marketMail/add')} testId="invite-create">
          {t('mailAuto.invites.create')}
        </AddButton>
      }
      columns={columns}
      tableId="mail.marketMail"
      rowKey="id"
      tableTestId="invites-table"
      emptyText={t('mailAuto.invites.empty')}
    />
  );
}
