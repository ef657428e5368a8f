import { PlusOutlined } from '@ant-design/icons';
import { backMgrNotices as ep } from '@bo/contract';
import { NOTICE_MACHINE, type Notice, type NoticeAction } from '@bo/contract/backmgr/notices';
import { Button, DatePicker, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { noticeKeys, useDeleteNotice, useNoticeAction, useNoticeAudience, useSaveNotice } from './notices.queries';

interface Values {
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  level: Notice['level'];
  audience: Notice['audience'];
  roleIds: number[];
  userIds: number[];
  window: [Dayjs | null, Dayjs | null];
}

export const LEVEL_COLOR: Record<Notice['level'], string> = { info: 'blue', warning: 'orange', important: 'red' };

/** /backMgr/notice: system notices shown to their audience after sign-in until acknowledged. */
export default function NoticesPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep.list, noticeKeys.all);
  const save = useSaveNotice();
  const move = useNoticeAction();
  const del = useDeleteNotice();
  const audience = useNoticeAudience();
  const [editor, setEditor] = useState<Editor<Notice> | null>(null);
  const titleOf = (n: Pick<Notice, 'titleZh' | 'titleEn'>) =>
    lang === 'zh-CN' ? n.titleZh || n.titleEn : n.titleEn || n.titleZh;

  const run = (n: Notice, action: NoticeAction) =>
    notify.run(() => move.mutateAsync({ id: n.id, action }), t(`backMgr.notices.${action}Done`, { title: titleOf(n) }));
  const remove = (n: Notice) => notify.run(() => del.mutateAsync(n.id), t('backMgr.notices.deleted', { title: titleOf(n) }));

  const audienceText = (n: Notice) => {
    if (n.audience === 'everyone') return t('backMgr.notices.audience.everyone');
    const names =
      n.audience === 'roles'
        ? n.roleIds.map((id) => audience.data?.roles.find((r) => r.id === id)?.name ?? `#${id}`)
        : n.userIds.map((id) => audience.data?.users.find((u) => u.id === id)?.loginName ?? `#${id}`);
    return `${t(`backMgr.notices.audience.${n.audience}`)}: ${names.join(', ')}`;
  };

  const columns: KitColumn<Notice>[] = [
    {
      key: 'title',
      priority: 'key',
      width: 240,
      ellipsis: true,
      title: t('backMgr.notices.column.title'),
      render: (_, n) => (
        <Typography.Link onClick={() => setEditor({ mode: 'edit', record: n })} data-testid={`notice-edit-${n.id}`}>
          {titleOf(n)}
        </Typography.Link>
      ),
    },
    {
      key: 'level',
      priority: 'key',
      width: 90,
      title: t('backMgr.notices.column.level'),
      render: (_, n) => <Tag color={LEVEL_COLOR[n.level]}>{t(`backMgr.notices.level.${n.level}`)}</Tag>,
    },
    {
      key: 'state',
      priority: 'key',
      width: 100,
      title: t('backMgr.notices.column.state'),
      render: (_, n) => <StateTag machine={NOTICE_MACHINE} state={n.state} testId={`notice-state-${n.id}`} />,
    },
    {
      key: 'publishFrom',
      sortable: true,
      priority: 'key',
      width: 300,
      title: t('backMgr.notices.column.window'),
      render: (_, n) =>
        `${formatDateTime(n.publishFrom)} – ${n.publishTo ? formatDateTime(n.publishTo) : t('backMgr.notices.noEnd')}`,
    },
    {
      key: 'audience',
      width: 200,
      ellipsis: true,
      title: t('backMgr.notices.column.audience'),
      render: (_, n) => audienceText(n),
    },
    {
      key: 'acknowledged',
      width: 90,
      title: t('backMgr.notices.column.acknowledged'),
      render: (_, n) => <span data-testid={`notice-acks-${n.id}`}>{n.acknowledged}</span>,
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 160,
      title: t('backMgr.notices.column.updatedAt'),
      render: (_, n) => `${formatDateTime(n.updatedAt)}${n.updatedBy ? ` · ${n.updatedBy}` : ''}`,
    },
    actionsColumn(t, 170, (_, n) => (
      <Space size={4}>
        <StateActions
          machine={NOTICE_MACHINE}
          state={n.state}
          onAction={(a) => void run(n, a)}
          busy={move.isPending && move.variables?.id === n.id ? move.variables.action : null}
          testIdPrefix={`notice-${n.id}`}
        />
        {n.state === 'draft' && (
          <DeleteAction
            title={t('backMgr.notices.confirmDelete', { title: titleOf(n) })}
            onConfirm={() => void remove(n)}
            testId={`notice-delete-${n.id}`}
            confirmTestId="notice-delete-confirm"
          />
        )}
      </Space>
    )),
  ];

  const roleOptions = (audience.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }));
  const userOptions = (audience.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.loginName} (${u.userName})` }));
  // The roles and the users a notice goes to are picked alike, both from the one audience query.
  const audiencePicker = (options: { value: number; label: string }[], testId: string) => (
    <Select
      mode="multiple"
      allowClear
      options={options}
      loading={audience.isPending}
      optionFilterProp="label"
      data-testid={testId}
    />
  );

  return (
    <>
      <ListPage
        testId="page-backmgr-notices"
        texts="backMgr.notices"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('backMgr.notices.search'), maxLength: 200, testId: 'notices-search' },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('backMgr.notices.allStates'),
            width: 140,
            options: ep.NOTICE_STATES.map((s) => ({
              value: s,
              label: NOTICE_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'],
            })),
            testId: 'notices-state',
          },
          {
            kind: 'select',
            key: 'level',
            placeholder: t('backMgr.notices.allLevels'),
            width: 140,
            options: ep.NOTICE_LEVELS.map((l) => ({ value: l, label: t(`backMgr.notices.level.${l}`) })),
            testId: 'notices-level',
          },
        ]}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditor({ mode: 'create' })}
            data-testid="notice-create"
          >
            {t('backMgr.notices.create')}
          </Button>
        }
        columns={columns}
        tableId="backmgr.notices"
        rowKey="id"
        tableTestId="notices-table"
        emptyText={t('backMgr.notices.empty')}
      />
      <EditDrawer<Notice, Values, Notice>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('backMgr.notices.editTitle') : t('backMgr.notices.createTitle'))}
        schema={ep.create.body}
        width={720}
        fields={[
          {
            name: 'titleZh',
            input: 'bilingual',
            label: t('backMgr.notices.titleZh'),
            pair: { name: 'titleEn', label: t('backMgr.notices.titleEn'), testId: 'notice-title-en' },
            requireOne: true,
            testId: 'notice-title-zh',
          },
          { name: 'bodyZh', input: 'textarea', label: t('backMgr.notices.bodyZh'), testId: 'notice-body-zh' },
          {
            name: 'bodyEn',
            input: 'textarea',
            label: t('backMgr.notices.bodyEn'),
            testId: 'notice-body-en',
            extra: t('backMgr.notices.bodyHint'),
          },
          {
            name: 'level',
            input: 'radio',
            label: t('backMgr.notices.column.level'),
            options: ep.NOTICE_LEVELS.map((l) => ({ value: l, label: t(`backMgr.notices.level.${l}`) })),
            testId: 'notice-level',
          },
          {
            name: 'audience',
            input: 'radio',
            label: t('backMgr.notices.column.audience'),
            options: ep.NOTICE_AUDIENCES.map((a) => ({ value: a, label: t(`backMgr.notices.audience.${a}`) })),
            extra: t('backMgr.notices.audienceHint'),
            testId: 'notice-audience',
          },
          {
            name: 'roleIds',
            label: t('backMgr.notices.roles'),
            input: audiencePicker(roleOptions, 'notice-roles'),
          },
          {
            name: 'userIds',
            label: t('backMgr.notices.users'),
            input: audiencePicker(userOptions, 'notice-users'),
          },
          {
            name: 'window',
            label: t('backMgr.notices.column.window'),
            input: (
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                allowEmpty={[false, true]}
                placeholder={[t('backMgr.notices.from'), t('backMgr.notices.noEnd')]}
                data-testid="notice-window"
              />
            ),
            rules: [
              {
                validator: (_, v: Values['window'] | undefined) =>
                  v?.[0] ? Promise.resolve() : Promise.reject(new Error(t('backMgr.notices.fromRequired'))),
              },
            ],
          },
        ]}
        initialValues={(e) =>
          e.record
            ? {
                titleZh: e.record.titleZh,
                titleEn: e.record.titleEn,
                bodyZh: e.record.bodyZh,
                bodyEn: e.record.bodyEn,
                level: e.record.level,
                audience: e.record.audience,
                roleIds: e.record.roleIds,
                userIds: e.record.userIds,
                window: [dayjs(e.record.publishFrom), e.record.publishTo ? dayjs(e.record.publishTo) : null],
              }
            : {
                titleZh: '',
                titleEn: '',
                bodyZh: '',
                bodyEn: '',
                level: 'info',
                audience: 'everyone',
                roleIds: [],
                userIds: [],
                window: [dayjs(), null],
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            body: {
              titleZh: v.titleZh ?? '',
              titleEn: v.titleEn ?? '',
              bodyZh: v.bodyZh ?? '',
              bodyEn: v.bodyEn ?? '',
              level: v.level,
              audience: v.audience,
              roleIds: v.roleIds ?? [],
              userIds: v.userIds ?? [],
              publishFrom: (v.window?.[0] ?? dayjs()).toISOString(),
              publishTo: v.window?.[1] ? v.window[1].toISOString() : null,
            },
          })
        }
        savedText={(n) => t('backMgr.notices.saved', { title: titleOf(n) })}
        testId="notice-form"
        saveTestId="notice-save"
      />
    </>
  );
}
