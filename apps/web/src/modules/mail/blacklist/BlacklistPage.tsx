import { LockOutlined } from '@ant-design/icons';
import { mailBlacklist as ep } from '@bo/contract';
import type { BlacklistEntry } from '@bo/contract/mail/blacklist';
import { Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/Can';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { AddButton } from '../../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { blacklistKeys, useAddToBlacklist, useRemoveFromBlacklist } from './blacklist.queries';

interface Values {
  email: string;
  reason: string;
}

/** /blacklist: buyers who get no automatic mail, with search, source filter and paging in the URL. */
export default function BlacklistPage() {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const list = useKitList(ep.list, blacklistKeys.all);
  const add = useAddToBlacklist();
  const remove = useRemoveFromBlacklist();
  const [editor, setEditor] = useState<Editor<BlacklistEntry> | null>(null);

  const del = (e: BlacklistEntry) => notify.run(() => remove.mutateAsync(e.id), t('mailBlacklist.deleted', { email: e.email }));

  const columns: KitColumn<BlacklistEntry>[] = [
    {
      key: 'email',
      sortable: true,
      priority: 'key',
      width: 260,
      title: t('mailBlacklist.column.email'),
      render: (_, e) => <Typography.Text strong>{e.email}</Typography.Text>,
    },
    { key: 'reason', width: 220, ellipsis: true, title: t('mailBlacklist.column.reason'), render: (_, e) => e.reason },
    {
      key: 'source',
      priority: 'key',
      width: 130,
      title: t('mailBlacklist.column.source'),
      render: (_, e) => (
        <Tag color={e.source === 'unsubscribe' ? 'orange' : 'default'} data-testid={`blacklist-source-${e.id}`}>
          {t(`mailBlacklist.source.${e.source}`)}
        </Tag>
      ),
    },
    {
      key: 'createdBy',
      width: 160,
      priority: 'detail',
      title: t('mailBlacklist.column.createdBy'),
      render: (_, e) => e.createdBy ?? '—',
    },
    {
      key: 'createdAt',
      sortable: true,
      width: 170,
      title: t('mailBlacklist.column.createdAt'),
      render: (_, e) => formatDateTime(e.createdAt),
    },
  ];
  if (can('email:blacklist:delete'))
    columns.push({
      key: 'actions',
      priority: 'key',
      fixed: 'right',
      width: 110,
      title: t('common.actions'),
      render: (_, e) =>
        // An unsubscribe is the buyer's own choice: it stays.
        e.source === 'unsubscribe' ? (
          <Typography.Text type="secondary" title={t('mailBlacklist.unsubscribeLocked')}>
            <LockOutlined />
          </Typography.Text>
        ) : (
          <DeleteAction
            title={t('mailBlacklist.confirmDelete', { email: e.email })}
            onConfirm={() => void del(e)}
            testId={`blacklist-delete-${e.id}`}
            confirmTestId="blacklist-delete-confirm"
          />
        ),
    });

  return (
    <>
      <ListPage
        testId="page-blacklist"
        texts="mailBlacklist"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('mailBlacklist.search'), maxLength: 200, testId: 'blacklist-search' },
          {
            kind: 'select',
            key: 'source',
            placeholder: t('mailBlacklist.allSources'),
            width: 160,
            options: ep.BLACKLIST_SOURCES.map((s) => ({ value: s, label: t(`mailBlacklist.source.${s}`) })),
            testId: 'blacklist-source',
          },
        ]}
        toolbar={
          <AddButton permission="email:blacklist:create" onClick={() => setEditor({ mode: 'create' })} testId="blacklist-create">
            {t('mailBlacklist.create')}
          </AddButton>
        }
        columns={columns}
        tableId="mail.blacklist"
        rowKey="id"
        tableTestId="blacklist-table"
        emptyText={t('mailBlacklist.empty')}
      />
      <EditDrawer<BlacklistEntry, Values, BlacklistEntry>
        editor={editor}
        onClose={() => setEditor(null)}
        title={() => t('mailBlacklist.createTitle')}
        schema={ep.create.body}
        fields={[
          {
            name: 'email',
            label: t('mailBlacklist.column.email'),
            extra: t('mailBlacklist.emailHint'),
            testId: 'blacklist-email',
          },
          { name: 'reason', label: t('mailBlacklist.column.reason'), input: 'textarea', testId: 'blacklist-reason' },
        ]}
        initialValues={() => ({ email: '', reason: '' })}
        onSubmit={(v) => add.mutateAsync({ email: v.email.trim(), reason: v.reason.trim() })}
        savedText={(e) => t('mailBlacklist.created', { email: e.email })}
        conflict={() => ({ field: 'email', text: t('mailBlacklist.taken') })}
        testId="blacklist-form"
        saveTestId="blacklist-save"
      />
    </>
  );
}
