import { PlusOutlined } from '@ant-design/icons';
import {
  APP_KEY_LIMITS,
  APP_KEY_MACHINE,
  APP_KEY_STATES,
  type AppKey,
  type AppKeyAction,
  appKeys,
} from '@bo/contract/appcontent/app-keys';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { Can, useCan } from '../../../shared/Can';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { appKeyKeys, useAppKeyAction, useDeleteAppKey, useSaveAppKey } from './app-keys.queries';

interface Values {
  name: string;
  perMinute: number;
  note: string;
}

const PAGE = 'user:platform:appKeys:config';

/** The read API's app keys: list, a new key shown once, edits, enable/disable, delete of disabled keys. */
export default function AppKeysPage() {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const canEdit = can(`${PAGE}:edit`);
  const list = useKitList(appKeys.list, appKeyKeys.all);
  const save = useSaveAppKey();
  const move = useAppKeyAction();
  const del = useDeleteAppKey();
  const [editor, setEditor] = useState<Editor<AppKey> | null>(null);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const stateLabel = (s: AppKey['state']) => APP_KEY_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'];

  const run = async (k: AppKey, action: AppKeyAction) => {
    try {
      await move.mutateAsync({ id: k.id, action, version: k.version });
      notify.success(t(`appContent.keys.done.${action}`, { name: k.name }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
  const remove = async (k: AppKey) => {
    try {
      await del.mutateAsync(k.id);
      notify.success(t('appContent.keys.deleted', { name: k.name }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const columns: KitColumn<AppKey>[] = [
    {
      key: 'name',
      sortable: true,
      priority: 'key',
      width: 220,
      ellipsis: true,
      title: t('appContent.keys.column.name'),
      render: (_, k) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => setEditor({ mode: 'edit', record: k })} data-testid={`app-key-edit-${k.id}`}>
            {k.name}
          </Typography.Link>
          {k.note && (
            <Typography.Text type="secondary" ellipsis>
              {k.note}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'keyHint',
      priority: 'key',
      width: 140,
      title: t('appContent.keys.column.key'),
      render: (_, k) => <Typography.Text code>{k.keyHint}</Typography.Text>,
    },
    {
      key: 'state',
      priority: 'key',
      width: 100,
      title: t('appContent.keys.column.state'),
      render: (_, k) => <StateTag machine={APP_KEY_MACHINE} state={k.state} testId={`app-key-state-${k.id}`} />,
    },
    {
      key: 'perMinute',
      sortable: true,
      priority: 'key',
      width: 160,
      title: t('appContent.keys.column.perMinute'),
      render: (_, k) => k.perMinute.toLocaleString(lang),
    },
    {
      key: 'createdAt',
      sortable: true,
      priority: 'detail',
      width: 170,
      title: t('appContent.keys.column.createdAt'),
      render: (_, k) => `${formatDateTime(k.createdAt)}${k.createdBy ? ` · ${k.createdBy}` : ''}`,
    },
    actionsColumn(
      t,
      160,
      (_, k) => (
        <Space size={4} wrap>
          <StateActions
            machine={APP_KEY_MACHINE}
            state={k.state}
            allow={() => canEdit}
            onAction={(a) => void run(k, a)}
            busy={move.isPending && move.variables?.id === k.id ? move.variables.action : null}
            testIdPrefix={`app-key-${k.id}`}
          />
          {k.state === 'disabled' && (
            <Can permission={`${PAGE}:delete`}>
              <DeleteAction
                title={t('appContent.keys.confirmDelete', { name: k.name })}
                onConfirm={() => void remove(k)}
                testId={`app-key-delete-${k.id}`}
                confirmTestId="app-key-delete-confirm"
              />
            </Can>
          )}
        </Space>
      ),
      { when: canEdit || can(`${PAGE}:delete`) },
    ),
  ];

  return (
    <>
      <ListPage
        testId="page-app-keys"
        texts="appContent.keys"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('appContent.keys.search'), maxLength: 100, testId: 'app-keys-search' },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('appContent.keys.allStates'),
            width: 130,
            options: APP_KEY_STATES.map((s) => ({ value: s, label: stateLabel(s) })),
            testId: 'app-keys-state',
          },
        ]}
        toolbar={
          <Can permission={`${PAGE}:create`}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ mode: 'create' })}
              data-testid="app-key-create"
            >
              {t('appContent.keys.create')}
            </Button>
          </Can>
        }
        columns={columns}
        tableId="appcontent.keys"
        rowKey="id"
        tableTestId="app-keys-table"
        emptyText={t('appContent.keys.empty')}
      />
      <EditDrawer<AppKey, Values, { key: string | null; record: AppKey }>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('appContent.keys.editTitle') : t('appContent.keys.createTitle'))}
        schema={appKeys.create.body}
        readOnly={(e) => e.mode === 'edit' && !canEdit}
        fields={[
          {
            name: 'name',
            label: t('appContent.keys.field.name'),
            extra: t('appContent.keys.field.nameHint'),
            testId: 'app-key-name',
          },
          {
            name: 'perMinute',
            input: 'number',
            label: t('appContent.keys.field.perMinute'),
            extra: t('appContent.keys.field.perMinuteHint', {
              min: APP_KEY_LIMITS.min.toLocaleString(lang),
              max: APP_KEY_LIMITS.max.toLocaleString(lang),
            }),
            testId: 'app-key-per-minute',
          },
          { name: 'note', input: 'textarea', label: t('appContent.keys.field.note'), testId: 'app-key-note' },
        ]}
        initialValues={(e) =>
          e.record
            ? { name: e.record.name, perMinute: e.record.perMinute, note: e.record.note }
            : { perMinute: APP_KEY_LIMITS.defaultPerMinute, note: '' }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : 0,
            body: { name: v.name, perMinute: v.perMinute ?? APP_KEY_LIMITS.defaultPerMinute, note: v.note ?? '' },
          })
        }
        onSaved={(saved) => {
          setEditor(null);
          if (saved.key) setShown({ name: saved.record.name, key: saved.key });
        }}
        savedText={(s) => t('appContent.keys.saved', { name: s.record.name })}
        testId="app-key-form"
        saveTestId="app-key-save"
      />
      <Modal
        open={shown !== null}
        title={t('appContent.keys.shownTitle', { name: shown?.name ?? '' })}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)} data-testid="app-key-shown-close">
            {t('appContent.keys.shownDone')}
          </Button>
        }
        data-testid="app-key-shown"
      >
        <Alert type="warning" showIcon title={t('appContent.keys.shownOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph code copyable data-testid="app-key-value">
          {shown?.key}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('appContent.keys.shownHow')}</Typography.Text>
      </Modal>
    </>
  );
}
