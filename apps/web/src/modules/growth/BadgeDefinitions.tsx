/** The badge definitions: every staff member reads them; HR and the administrator add, change, retire, restore and delete. */
import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/growth/badges';
import * as vep from '@bo/contract/growth/values';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { call } from '../../shared/http/http-client';
import { useLang } from '../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { ActionLinks } from '../../shared/kit/RowActions';
import { StateActions, StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { BadgeIcon } from './BadgeIcon';
import { badgeKeys, useBadgeAccess, useBadgeAction, useDeleteBadge, useSaveBadge } from './badges.queries';
import { growthKeys } from './growth.queries';

interface Values {
  nameZh: string;
  nameEn: string;
  description: string;
  icon: ep.BadgeIcon;
  valueId: number | null;
}

export function BadgeDefinitions() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const notify = useNotify();
  const list = useKitList(ep.listBadges, badgeKeys.defs);
  const canManage = useBadgeAccess().data?.canManage ?? false;
  const values = useQuery({
    queryKey: [...growthKeys.values, 'choices'],
    queryFn: ({ signal }) => call(vep.listValues, { query: { pageNum: 1, pageSize: 100 } }, { signal }),
  }).data?.list;
  const save = useSaveBadge();
  const move = useBadgeAction();
  const del = useDeleteBadge();
  const [editor, setEditor] = useState<Editor<ep.Badge> | null>(null);
  const [historyOf, setHistoryOf] = useState<ep.Badge | null>(null);
  const nameOf = (b: { nameZh: string; nameEn: string }) => (zh ? b.nameZh : b.nameEn);

  const columns: KitColumn<ep.Badge>[] = [
    {
      key: 'badge',
      priority: 'key',
      width: 220,
      title: t('badges.defs.column.badge'),
      render: (_, b) => (
        <Space size={8}>
          <BadgeIcon icon={b.icon} size={14} muted={b.state === 'retired'} />
          <Space orientation="vertical" size={0}>
            <Typography.Link onClick={() => setEditor({ mode: 'edit', record: b })} data-testid={`badge-def-${b.id}`}>
              {nameOf(b)}
            </Typography.Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {zh ? b.nameEn : b.nameZh}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    {
      key: 'description',
      priority: 'normal',
      width: 260,
      ellipsis: true,
      title: t('badges.defs.column.description'),
      render: (_, b) => b.description || '—',
    },
    {
      key: 'value',
      priority: 'normal',
      width: 140,
      title: t('badges.defs.column.value'),
      render: (_, b) => (b.value ? nameOf(b.value) : '—'),
    },
    {
      key: 'awarded',
      priority: 'key',
      width: 80,
      align: 'right',
      title: t('badges.defs.column.awarded'),
      render: (_, b) => b.awarded,
    },
    {
      key: 'state',
      priority: 'key',
      width: 100,
      title: t('badges.defs.column.state'),
      render: (_, b) => <StateTag machine={ep.BADGE_MACHINE} state={b.state} testId={`badge-def-state-${b.id}`} />,
    },
    {
      key: 'updated',
      priority: 'detail',
      width: 180,
      title: t('badges.defs.column.updated'),
      render: (_, b) => `${formatDateTime(b.updatedAt)}${b.updatedBy ? ` · ${b.updatedBy}` : ''}`,
    },
    actionsColumn(t, canManage ? 220 : 90, (_, b) => (
      <Space size={4}>
        {canManage && (
          <StateActions
            machine={ep.BADGE_MACHINE}
            state={b.state}
            busy={move.isPending && move.variables?.id === b.id ? move.variables.body.action : null}
            onAction={(action) =>
              void notify.run(
                () => move.mutateAsync({ id: b.id, body: { action, version: b.version } }),
                t(`badges.defs.done.${action}`),
              )
            }
            testId={(a) => `badge-def-${a}-${b.id}`}
          />
        )}
        <ActionLinks
          actions={[
            {
              label: t('badges.history'),
              icon: <HistoryOutlined />,
              testId: `badge-def-history-${b.id}`,
              onClick: () => setHistoryOf(b),
            },
            {
              testId: `badge-def-delete-${b.id}`,
              hidden: !canManage || b.awarded > 0,
              remove: {
                title: t('badges.defs.confirmDelete', { name: nameOf(b) }),
                description: t('badges.defs.deleteHint'),
                onConfirm: () => void notify.run(() => del.mutateAsync(b.id), t('badges.defs.deleted', { name: nameOf(b) })),
                confirmTestId: 'badge-def-delete-confirm',
              },
            },
          ]}
        />
      </Space>
    )),
  ];

  return (
    <>
      <ListPage
        bare
        testId="badge-defs"
        title={t('badges.tab.badges')}
        list={list}
        filters={[
          {
            kind: 'select',
            key: 'state',
            placeholder: t('badges.defs.allStates'),
            width: 120,
            options: ep.BADGE_STATES.map((s) => ({ value: s, label: ep.BADGE_MACHINE.states[s].label[zh ? 'zh' : 'en'] })),
          },
          { kind: 'text', key: 'keyword', placeholder: t('badges.defs.search'), maxLength: 100 },
        ]}
        toolbar={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ mode: 'create' })}
              data-testid="badge-def-create"
            >
              {t('badges.defs.create')}
            </Button>
          )
        }
        columns={columns}
        tableId="growth.badges"
        rowKey="id"
        tableTestId="badge-defs-list"
        emptyText={t('badges.defs.empty')}
      />
      <EditDrawer<ep.Badge, Values, ep.Badge>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) =>
          e.mode === 'create' ? t('badges.defs.createTitle') : canManage ? t('badges.defs.editTitle') : t('badges.defs.viewTitle')
        }
        schema={ep.badgeBody}
        updateSchema={ep.badgeUpdateBody}
        readOnly={() => !canManage}
        fields={[
          {
            name: 'nameZh',
            input: 'bilingual',
            label: t('badges.defs.field.nameZh'),
            pair: { name: 'nameEn', label: t('badges.defs.field.nameEn'), testId: 'badge-def-name-en' },
            testId: 'badge-def-name-zh',
          },
          { name: 'description', input: 'textarea', label: t('badges.defs.field.description') },
          {
            name: 'icon',
            input: 'radio',
            label: t('badges.defs.field.icon'),
            options: ep.BADGE_ICONS.map((i) => ({
              value: i,
              label: (
                <span title={t(`badges.icon.${i}`)}>
                  <BadgeIcon icon={i} size={12} />
                </span>
              ),
            })),
            testId: 'badge-def-icon',
          },
          {
            name: 'valueId',
            input: 'select',
            label: t('badges.defs.field.value'),
            placeholder: t('badges.defs.field.valueNone'),
            options: (values ?? []).map((v) => ({ value: v.id, label: nameOf(v) })),
            testId: 'badge-def-value',
          },
        ]}
        initialValues={(e) =>
          e.mode === 'create' || !e.record
            ? { nameZh: '', nameEn: '', description: '', icon: 'star', valueId: null }
            : {
                nameZh: e.record.nameZh,
                nameEn: e.record.nameEn,
                description: e.record.description,
                icon: e.record.icon,
                valueId: e.record.value?.id ?? null,
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            body: {
              nameZh: v.nameZh,
              nameEn: v.nameEn,
              description: v.description ?? '',
              icon: v.icon,
              valueId: v.valueId ?? null,
              version: e.mode === 'edit' ? e.record.version : 1,
            },
          })
        }
        savedText={(b) => t('badges.defs.saved', { name: nameOf(b) })}
        testId="badge-def-form"
        saveTestId="badge-def-save"
      />
      <HistoryDrawer
        entity="growth_badge"
        entityId={historyOf?.id ?? null}
        name={historyOf ? nameOf(historyOf) : ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          nameZh: t('badges.defs.field.nameZh'),
          nameEn: t('badges.defs.field.nameEn'),
          description: t('badges.defs.field.description'),
          icon: t('badges.defs.field.icon'),
          valueId: t('badges.defs.field.value'),
          state: t('badges.defs.column.state'),
        }}
      />
    </>
  );
}
