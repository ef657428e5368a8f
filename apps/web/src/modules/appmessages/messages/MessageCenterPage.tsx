import {
  type AppMessage,
  appMessages,
  MESSAGE_MACHINE,
  MESSAGE_STATES,
  type MessageAction,
  MESSAGES_PAGE,
} from '@bo/contract/appmessages/messages';
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useCan } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { RowActions } from '../../../shared/kit/RowActions';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { useKitList } from '../../../shared/kit/use-list-query';
import { messageKeys, modelsQuery, useDeleteMessage, useMessageAction, useSaveMessage } from '../appmessages.queries';
import { AudienceEstimate } from './AudienceEstimate';
import { DeliveryCell } from './DeliveryCell';
import { type MessageValues, messageFields, PLATFORM_LABEL } from './message-fields';

const ep = appMessages.list;
/** While a message is scheduled or sending, its counts move on the server: the list asks again. */
const POLL_MS = 3000;

/**
 * /user-platform/messageCenter: messages with their audience, schedule and delivery counts
 * (a bar while sending, asked again every 3 s); the drawer (a draft edits, any other state
 * shows read-only) with the audience estimate; send, schedule, unschedule and cancel with
 * confirmation; delete of drafts and cancelled messages; history.
 */
export default function MessageCenterPage() {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const list = useKitList(ep, messageKeys.list);
  const models = useQuery(modelsQuery());
  const save = useSaveMessage();
  const move = useMessageAction();
  const del = useDeleteMessage();
  const [editor, setEditor] = useState<Editor<AppMessage> | null>(null);
  const [historyOf, setHistoryOf] = useState<AppMessage | null>(null);
  const canSend = can(`${MESSAGES_PAGE}:send`);
  const stateLabel = (s: AppMessage['state']) => MESSAGE_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'];
  const C = (k: 'name' | 'state' | 'schedule' | 'counts' | 'updatedAt') => t(`appMessages.column.${k}`);

  const run = (m: AppMessage, action: MessageAction) =>
    void notify.run(
      () => move.mutateAsync({ id: m.id, action, version: m.version }),
      (after) => t('appMessages.moved', { name: after.name, state: stateLabel(after.state) }),
    );

  const audienceText = (m: AppMessage) => {
    const g = m.targeting;
    const parts = [
      g.countries.join(' '),
      g.languages.join(' '),
      g.versionRange && `v${g.versionRange}`,
      g.platforms.map((p) => PLATFORM_LABEL[p]).join('/'),
      g.models.join(' '),
    ].filter(Boolean);
    return parts.length ? parts.join(' · ') : t('appMessages.everyone');
  };
  const titleOf = (m: AppMessage) => (lang === 'zh-CN' ? m.titleZh || m.titleEn : m.titleEn || m.titleZh);

  const columns: KitColumn<AppMessage>[] = [
    {
      key: 'name',
      priority: 'key',
      width: 220,
      ellipsis: true,
      title: C('name'),
      render: (_, m) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => setEditor({ mode: 'edit', record: m })} data-testid={`app-message-open-${m.id}`}>
            {m.name}
          </Typography.Link>
          <Typography.Text ellipsis>{titleOf(m)}</Typography.Text>
          <Typography.Text type="secondary" ellipsis data-testid={`app-message-audience-${m.id}`}>
            {audienceText(m)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'state',
      priority: 'key',
      width: 100,
      title: C('state'),
      render: (_, m) => <StateTag machine={MESSAGE_MACHINE} state={m.state} testId={`app-message-state-${m.id}`} />,
    },
    {
      key: 'sendAt',
      sortable: true,
      priority: 'key',
      width: 180,
      title: C('schedule'),
      render: (_, m) => (
        <Space orientation="vertical" size={0}>
          <span>{m.sendAt ? formatDateTime(m.sendAt) : t('appMessages.sendOnAction')}</span>
          <Typography.Text type="secondary">
            {m.quietStart && m.quietEnd
              ? t('appMessages.quiet', { start: m.quietStart, end: m.quietEnd })
              : t('appMessages.noQuiet')}
            {' · '}
            {t('appMessages.throttle', { n: m.throttlePerMinute.toLocaleString() })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {m.expiresAt ? t('appMessages.expires', { at: formatDateTime(m.expiresAt) }) : t('appMessages.never')}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'counts', priority: 'key', width: 220, title: C('counts'), render: (_, m) => <DeliveryCell m={m} /> },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 170,
      title: C('updatedAt'),
      render: (_, m) => `${formatDateTime(m.updatedAt)}${m.updatedBy ? ` · ${m.updatedBy}` : ''}`,
    },
    {
      key: 'actions',
      priority: 'key',
      fixed: 'right',
      width: 230,
      title: t('common.actions'),
      render: (_, m) => (
        <Space size={4} wrap>
          <StateActions
            machine={MESSAGE_MACHINE}
            state={m.state}
            allow={() => canSend}
            onAction={(a) => run(m, a)}
            busy={move.isPending && move.variables?.id === m.id ? move.variables.action : null}
            testIdPrefix={`app-message-${m.id}`}
          />
          <RowActions
            prefix="app-message"
            id={m.id}
            edit={
              m.state === 'draft'
                ? { permission: `${MESSAGES_PAGE}:edit`, onClick: () => setEditor({ mode: 'edit', record: m }) }
                : undefined
            }
            onHistory={() => setHistoryOf(m)}
            remove={
              m.state === 'draft' || m.state === 'cancelled'
                ? {
                    permission: `${MESSAGES_PAGE}:delete`,
                    title: t('appMessages.confirmDelete', { name: m.name }),
                    onConfirm: () => void notify.run(() => del.mutateAsync(m.id), t('appMessages.deleted', { name: m.name })),
                  }
                : undefined
            }
          />
        </Space>
      ),
    },
  ];

  const readOnly = (e: Editor<AppMessage>) =>
    (e.mode === 'edit' && e.record.state !== 'draft') || !can(`${MESSAGES_PAGE}:${e.mode === 'create' ? 'create' : 'edit'}`);

  return (
    <>
      <ListPage
        testId="page-app-messages"
        texts="appMessages"
        list={list}
        poll={(rows) => (rows.some((m) => m.state === 'sending' || m.state === 'scheduled') ? POLL_MS : false)}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('appMessages.search'), maxLength: 100, testId: 'app-messages-search' },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('appMessages.allStates'),
            width: 130,
            options: MESSAGE_STATES.map((s) => ({ value: s, label: stateLabel(s) })),
            testId: 'app-messages-state',
          },
        ]}
        toolbar={
          <AddButton
            permission={`${MESSAGES_PAGE}:create`}
            onClick={() => setEditor({ mode: 'create' })}
            testId="app-message-create"
          >
            {t('appMessages.create')}
          </AddButton>
        }
        columns={columns}
        tableId="appmessages.messages"
        rowKey="id"
        tableTestId="app-messages-table"
        emptyText={t('appMessages.empty')}
      />
      <EditDrawer<AppMessage, MessageValues, AppMessage>
        editor={editor}
        onClose={() => setEditor(null)}
        width={720}
        title={(e) =>
          e.mode === 'create'
            ? t('appMessages.createTitle')
            : readOnly(e)
              ? t('appMessages.viewTitle')
              : t('appMessages.editTitle')
        }
        schema={appMessages.create.body}
        readOnly={readOnly}
        intro={(e) =>
          e.mode === 'edit' && e.record.state !== 'draft' ? (
            <Alert type="info" showIcon title={t('appMessages.readOnlyHint', { state: stateLabel(e.record.state) })} />
          ) : null
        }
        fields={messageFields(t, {
          loading: models.isPending,
          options: (models.data ?? []).map((m) => ({
            value: m.model,
            label: `${m.model} · ${lang === 'zh-CN' ? m.name : m.nameEn}`,
          })),
        })}
        below={() => <AudienceEstimate />}
        history={{ open: (m) => setHistoryOf(m), testId: 'app-message-form-history' }}
        initialValues={(e) =>
          e.record
            ? {
                ...e.record,
                ...e.record.targeting,
                sendAtLocal: e.record.sendAt ? dayjs(e.record.sendAt) : null,
                expiresAtLocal: e.record.expiresAt ? dayjs(e.record.expiresAt) : null,
              }
            : {
                titleZh: '',
                titleEn: '',
                bodyZh: '',
                bodyEn: '',
                link: '',
                countries: [],
                languages: [],
                versionRange: '',
                platforms: [],
                models: [],
                sendAtLocal: null,
                throttlePerMinute: 1000,
                quietStart: '22:00',
                quietEnd: '08:00',
                expiresAtLocal: null,
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : undefined,
            body: {
              name: v.name,
              titleZh: v.titleZh ?? '',
              titleEn: v.titleEn ?? '',
              bodyZh: v.bodyZh ?? '',
              bodyEn: v.bodyEn ?? '',
              link: v.link ?? '',
              countries: v.countries ?? [],
              languages: v.languages ?? [],
              versionRange: v.versionRange ?? '',
              platforms: v.platforms ?? [],
              models: v.models ?? [],
              sendAt: v.sendAtLocal ? v.sendAtLocal.toISOString() : null,
              throttlePerMinute: v.throttlePerMinute ?? 1000,
              quietStart: v.quietStart || null,
              quietEnd: v.quietEnd || null,
              expiresAt: v.expiresAtLocal ? v.expiresAtLocal.toISOString() : null,
            },
          })
        }
        savedText={(m) => t('appMessages.saved', { name: m.name })}
        testId="app-message-form"
        saveTestId="app-message-save"
      />
      <HistoryDrawer
        entity="app_message"
        entityId={historyOf?.id ?? null}
        name={historyOf?.name ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          name: C('name'),
          state: C('state'),
          sendAt: t('appMessages.field.sendAt'),
          expiresAt: t('appMessages.field.expiresAt'),
          throttlePerMinute: t('appMessages.field.throttle'),
          quietStart: t('appMessages.field.quietStart'),
          quietEnd: t('appMessages.field.quietEnd'),
          titleZh: t('appMessages.field.titleZh'),
          titleEn: t('appMessages.field.titleEn'),
          bodyZh: t('appMessages.field.bodyZh'),
          bodyEn: t('appMessages.field.bodyEn'),
          link: t('appMessages.field.link'),
          targeting: t('appMessages.field.sectionAudience'),
          targeted: t('appMessages.counts.targeted'),
        }}
      />
    </>
  );
}
