/**
 * /user-platform/actionList: the events the app may report (docs/app-data.md "Action list"): the list
 * with its filters, the add/edit drawer with the parameters as lines, history, delete (only an action
 * never reported; a reported one keeps its key and is disabled instead: the server refuses both).
 */
import { ACTIONS_PAGE, type ActionParam, type AppAction, appActions } from '@bo/contract/appdata/actions';
import { Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { RowActions } from '../../../shared/kit/RowActions';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { appDataKeys, useDeleteAction, useSaveAction } from '../appdata.queries';
import { SpecNote } from '../SpecNote';
import { ActionParamsInput } from './ActionParamsInput';

interface Values {
  key: string;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  params: ActionParam[];
  enabled: boolean;
}

const ep = appActions.list;

export default function ActionListPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep, appDataKeys.actions);
  const save = useSaveAction();
  const del = useDeleteAction();
  const [editor, setEditor] = useState<Editor<AppAction> | null>(null);
  const [historyOf, setHistoryOf] = useState<AppAction | null>(null);
  const nameOf = (a: AppAction) => (lang === 'zh-CN' ? a.nameZh || a.nameEn : a.nameEn || a.nameZh);
  const paramText = (p: ActionParam) =>
    `${p.name}${p.required ? '*' : ''}: ${t(`appData.paramType.${p.type}`)}${p.type === 'enum' ? ` (${p.values.join(' | ')})` : ''}`;

  const columns: KitColumn<AppAction>[] = [
    {
      key: 'key',
      sortable: true,
      priority: 'key',
      width: 210,
      title: t('appData.actions.column.key'),
      render: (_, a) => <Typography.Text code>{a.key}</Typography.Text>,
    },
    {
      key: 'name',
      priority: 'key',
      width: 180,
      ellipsis: true,
      title: t('appData.actions.column.name'),
      render: (_, a) => (
        <Tooltip title={lang === 'zh-CN' ? a.descriptionZh || a.descriptionEn : a.descriptionEn || a.descriptionZh}>
          {nameOf(a)}
        </Tooltip>
      ),
    },
    {
      key: 'params',
      priority: 'normal',
      width: 260,
      title: t('appData.actions.column.params'),
      render: (_, a) => (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {a.params.map(paramText).join(' · ')}
        </Typography.Text>
      ),
    },
    {
      key: 'enabled',
      priority: 'key',
      width: 80,
      title: t('appData.actions.column.enabled'),
      render: (_, a) => (
        <Tag color={a.enabled ? 'green' : 'default'}>
          {a.enabled ? t('appData.actions.enabled') : t('appData.actions.disabled')}
        </Tag>
      ),
    },
    {
      key: 'reported',
      sortable: true,
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('appData.actions.column.reported'),
      render: (_, a) => (a.firstReportedAt ? a.reported.toLocaleString() : t('appData.actions.never')),
    },
    {
      key: 'lastDay',
      priority: 'detail',
      width: 120,
      title: t('appData.actions.column.lastDay'),
      render: (_, a) => a.lastDay ?? '—',
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 160,
      title: t('appData.actions.column.updatedAt'),
      render: (_, a) => formatDateTime(a.updatedAt),
    },
    actionsColumn(t, 180, (_, a) => (
      <RowActions
        prefix="app-action"
        id={a.id}
        edit={{ permission: `${ACTIONS_PAGE}:edit`, onClick: () => setEditor({ mode: 'edit', record: a }) }}
        onHistory={() => setHistoryOf(a)}
        remove={
          a.firstReportedAt
            ? undefined
            : {
                permission: `${ACTIONS_PAGE}:delete`,
                title: t('appData.actions.confirmDelete', { key: a.key }),
                onConfirm: () => void notify.run(() => del.mutateAsync(a.id), t('appData.actions.deleted', { key: a.key })),
              }
        }
      />
    )),
  ];

  return (
    <>
      <SpecNote which="actions" />
      <ListPage
        testId="page-app-actions"
        texts="appData.actions"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('appData.actions.search'), maxLength: 100, testId: 'app-action-search' },
          {
            kind: 'select',
            key: 'enabled',
            placeholder: t('appData.actions.allStates'),
            width: 120,
            options: [
              { value: 'true', label: t('appData.actions.enabled') },
              { value: 'false', label: t('appData.actions.disabled') },
            ],
          },
          {
            kind: 'select',
            key: 'reported',
            placeholder: t('appData.actions.allReported'),
            width: 140,
            options: [
              { value: 'true', label: t('appData.actions.reportedYes') },
              { value: 'false', label: t('appData.actions.reportedNo') },
            ],
          },
        ]}
        toolbar={
          <AddButton
            permission={`${ACTIONS_PAGE}:create`}
            onClick={() => setEditor({ mode: 'create' })}
            testId="app-action-create"
          >
            {t('appData.actions.create')}
          </AddButton>
        }
        columns={columns}
        tableId="appdata.actions"
        rowKey="id"
        tableTestId="app-actions-table"
        emptyText={t('appData.actions.empty')}
      />
      <EditDrawer<AppAction, Values, AppAction>
        editor={editor}
        onClose={() => setEditor(null)}
        width={720}
        title={(e) => (e.mode === 'edit' ? t('appData.actions.editTitle') : t('appData.actions.createTitle'))}
        schema={appActions.create.body}
        fields={(e) => [
          {
            name: 'key',
            label: t('appData.actions.column.key'),
            extra: e.mode === 'edit' && e.record.firstReportedAt ? t('appData.actions.keyLocked') : t('appData.actions.keyHint'),
            disabled: (mode) => mode === 'edit' && e.mode === 'edit' && e.record.firstReportedAt !== null,
            testId: 'app-action-key',
          },
          {
            name: 'nameZh',
            input: 'bilingual',
            label: t('appData.actions.column.nameZh'),
            pair: { name: 'nameEn', label: t('appData.actions.column.nameEn'), testId: 'app-action-name-en' },
            requireOne: true,
            testId: 'app-action-name',
          },
          {
            name: 'descriptionZh',
            input: 'bilingual',
            label: t('appData.actions.column.descriptionZh'),
            pair: { name: 'descriptionEn', label: t('appData.actions.column.descriptionEn') },
            testId: 'app-action-description',
          },
          { name: 'params', label: t('appData.actions.params'), bare: true, input: <ActionParamsInput /> },
          {
            name: 'enabled',
            input: 'switch',
            label: t('appData.actions.column.enabled'),
            extra: t('appData.actions.enabledHint'),
            testId: 'app-action-enabled',
          },
        ]}
        initialValues={(e) =>
          e.record
            ? { ...e.record, params: e.record.params.map((p) => ({ ...p })) }
            : {
                key: '',
                nameZh: '',
                nameEn: '',
                descriptionZh: '',
                descriptionEn: '',
                params: [{ name: '', type: 'string', values: [], required: false }],
                enabled: true,
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : undefined,
            body: {
              key: v.key,
              nameZh: v.nameZh ?? '',
              nameEn: v.nameEn ?? '',
              descriptionZh: v.descriptionZh ?? '',
              descriptionEn: v.descriptionEn ?? '',
              params: (v.params ?? []).map((p) => ({
                name: p.name,
                type: p.type,
                values: p.type === 'enum' ? (p.values ?? []) : [],
                required: p.required ?? false,
              })),
              enabled: v.enabled ?? true,
            },
          })
        }
        savedText={(a) => t('appData.actions.saved', { key: a.key })}
        testId="app-action-form"
        saveTestId="app-action-save"
      />
      <HistoryDrawer
        entity="app_data_action"
        entityId={historyOf?.id ?? null}
        name={historyOf?.key ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          key: t('appData.actions.column.key'),
          nameZh: t('appData.actions.column.nameZh'),
          nameEn: t('appData.actions.column.nameEn'),
          descriptionZh: t('appData.actions.column.descriptionZh'),
          descriptionEn: t('appData.actions.column.descriptionEn'),
          params: t('appData.actions.column.params'),
          enabled: t('appData.actions.column.enabled'),
        }}
      />
    </>
  );
}
