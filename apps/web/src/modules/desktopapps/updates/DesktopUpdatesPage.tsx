import {
  type DesktopRelease,
  desktopReleases,
  RELEASE_MACHINE,
  type ReleaseAction,
  UPDATES_PAGE,
} from '@bo/contract/desktopapps/desktop-apps';
import { DESKTOP_CHANNELS, DESKTOP_PLATFORMS, RELEASE_STATES } from '@bo/contract/desktopapps/rollout';
import { useQuery } from '@tanstack/react-query';
import { Progress, Space, Tag, Typography } from 'antd';
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
import type { desktopAppsZhCN } from '../desktopapps.locale';
import { desktopKeys, productChoicesQuery, useDeleteRelease, useReleaseAction, useSaveRelease } from '../desktopapps.queries';
import { DeviceCheckPanel } from './DeviceCheckPanel';
import { RolloutModal } from './RolloutModal';

type Values = Omit<DesktopRelease, 'id' | 'rowVersion' | 'state' | 'percentage'>;

const ep = desktopReleases.list;

/**
 * /user-platform/desktopAppUpdate: releases filtered by product, channel, platform and state; the
 * edit drawer; the machine's moves (the rollout's percentage in a small modal); history; delete of
 * drafts; and beside the list, the update call's answer for a device typed in.
 */
export default function DesktopUpdatesPage() {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const list = useKitList(ep, desktopKeys.releases);
  const products = useQuery(productChoicesQuery());
  const save = useSaveRelease();
  const move = useReleaseAction();
  const del = useDeleteRelease();
  const [editor, setEditor] = useState<Editor<DesktopRelease> | null>(null);
  const [historyOf, setHistoryOf] = useState<DesktopRelease | null>(null);
  const [rolloutOf, setRolloutOf] = useState<DesktopRelease | null>(null);
  const canEdit = can(`${UPDATES_PAGE}:edit`);

  const nameOf = (p: { code: string; nameZh: string; nameEn: string }) =>
    (lang === 'zh-CN' ? p.nameZh || p.nameEn : p.nameEn || p.nameZh) || p.code;
  const productOptions = (products.data ?? []).map((p) => ({ value: p.id, label: `${nameOf(p)} (${p.code})` }));
  const platformOptions = DESKTOP_PLATFORMS.map((p) => ({ value: p, label: t(`desktopApps.platform.${p}`) }));
  const channelOptions = DESKTOP_CHANNELS.map((c) => ({ value: c, label: t(`desktopApps.channel.${c}`) }));
  const stateOptions = RELEASE_STATES.map((s) => ({
    value: s,
    label: RELEASE_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'],
  }));
  const f = (k: keyof typeof desktopAppsZhCN.updates.column) => t(`desktopApps.updates.column.${k}`);

  const run = async (r: DesktopRelease, action: ReleaseAction, percentage?: number) => {
    const done = await notify.run(
      () => move.mutateAsync({ id: r.id, action, rowVersion: r.rowVersion, percentage }),
      (after) =>
        t('desktopApps.updates.moved', {
          version: after.version,
          action:
            action === 'rollout'
              ? `${after.percentage} %`
              : RELEASE_MACHINE.states[after.state].label[lang === 'zh-CN' ? 'zh' : 'en'],
        }),
    );
    if (done) setRolloutOf(null);
  };

  const columns: KitColumn<DesktopRelease>[] = [
    {
      key: 'product',
      priority: 'key',
      width: 120,
      ellipsis: true,
      title: f('product'),
      render: (_, r) => nameOf({ code: r.productCode, nameZh: r.productNameZh, nameEn: r.productNameEn }),
    },
    {
      key: 'version',
      sortable: true,
      priority: 'key',
      width: 90,
      title: f('version'),
      render: (_, r) => <Typography.Text strong>{r.version}</Typography.Text>,
    },
    {
      key: 'channel',
      priority: 'key',
      width: 80,
      title: f('channel'),
      render: (_, r) => <Tag color={r.channel === 'beta' ? 'purple' : 'default'}>{t(`desktopApps.channel.${r.channel}`)}</Tag>,
    },
    {
      key: 'platform',
      priority: 'key',
      width: 80,
      title: f('platform'),
      render: (_, r) => t(`desktopApps.platform.${r.platform}`),
    },
    {
      key: 'state',
      priority: 'key',
      width: 100,
      title: f('state'),
      render: (_, r) => <StateTag machine={RELEASE_MACHINE} state={r.state} testId={`desktop-release-state-${r.id}`} />,
    },
    {
      key: 'percentage',
      priority: 'key',
      width: 100,
      title: f('percentage'),
      render: (_, r) =>
        r.state === 'draft' ? (
          '—'
        ) : (
          <Progress
            percent={r.percentage}
            size="small"
            format={(p) => `${p} %`}
            status={r.state === 'rolledBack' ? 'exception' : r.state === 'paused' ? 'normal' : 'active'}
            data-testid={`desktop-release-pct-${r.id}`}
          />
        ),
    },
    {
      key: 'minimumVersion',
      priority: 'normal',
      width: 110,
      title: f('minimumVersion'),
      render: (_, r) => r.minimumVersion || '—',
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 170,
      title: f('updatedAt'),
      render: (_, r) => `${formatDateTime(r.updatedAt)}${r.updatedBy ? ` · ${r.updatedBy}` : ''}`,
    },
    {
      key: 'actions',
      priority: 'key',
      fixed: 'right',
      // The widest row (a rolling release: four moves, then edit and history) in English.
      width: 360,
      title: t('common.actions'),
      render: (_, r) => (
        <Space size={4} wrap>
          <StateActions
            machine={RELEASE_MACHINE}
            state={r.state}
            allow={() => canEdit}
            onAction={(a) => (a === 'rollout' ? setRolloutOf(r) : void run(r, a))}
            busy={move.isPending && move.variables?.id === r.id ? move.variables.action : null}
            testIdPrefix={`desktop-release-${r.id}`}
          />
          <RowActions
            prefix="desktop-release"
            id={r.id}
            edit={
              r.state === 'rolledBack'
                ? undefined
                : { permission: `${UPDATES_PAGE}:edit`, onClick: () => setEditor({ mode: 'edit', record: r }) }
            }
            onHistory={() => setHistoryOf(r)}
            remove={
              r.state === 'draft'
                ? {
                    permission: `${UPDATES_PAGE}:delete`,
                    title: t('desktopApps.updates.confirmDelete', { version: r.version }),
                    onConfirm: () =>
                      void notify.run(() => del.mutateAsync(r.id), t('desktopApps.updates.deleted', { version: r.version })),
                  }
                : undefined
            }
          />
        </Space>
      ),
    },
  ];

  // Once out, a release keeps its product, version, lane and download: only notes and minimum version change.
  const frozen = (mode: string) => mode === 'edit' && editor?.mode === 'edit' && editor.record.state !== 'draft';

  return (
    <>
      <ListPage
        testId="page-desktop-updates"
        texts="desktopApps.updates"
        list={list}
        filters={[
          {
            kind: 'query-select',
            key: 'productId',
            placeholder: t('desktopApps.updates.allProducts'),
            width: 220,
            useOptions: () => ({ options: productOptions, loading: products.isLoading }),
            testId: 'desktop-release-product-filter',
          },
          {
            kind: 'select',
            key: 'channel',
            placeholder: t('desktopApps.updates.allChannels'),
            width: 120,
            options: channelOptions,
          },
          {
            kind: 'select',
            key: 'platform',
            placeholder: t('desktopApps.updates.allPlatforms'),
            width: 120,
            options: platformOptions,
          },
          { kind: 'select', key: 'state', placeholder: t('desktopApps.updates.allStates'), width: 130, options: stateOptions },
        ]}
        toolbar={
          <AddButton
            permission={`${UPDATES_PAGE}:create`}
            onClick={() => setEditor({ mode: 'create' })}
            testId="desktop-release-create"
          >
            {t('desktopApps.updates.create')}
          </AddButton>
        }
        columns={columns}
        tableId="desktopapps.releases"
        rowKey="id"
        tableTestId="desktop-releases-table"
        emptyText={t('desktopApps.updates.empty')}
      />
      <DeviceCheckPanel products={(products.data ?? []).map((p) => ({ code: p.code, label: `${nameOf(p)} (${p.code})` }))} />
      <EditDrawer<DesktopRelease, Values, DesktopRelease>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('desktopApps.updates.editTitle') : t('desktopApps.updates.createTitle'))}
        schema={desktopReleases.create.body}
        fields={[
          {
            name: 'productId',
            input: 'select',
            label: f('product'),
            options: productOptions,
            disabled: (mode) => frozen(mode),
            testId: 'desktop-release-product',
          },
          {
            name: 'version',
            label: f('version'),
            extra: frozen(editor?.mode ?? 'create') ? t('desktopApps.updates.frozenHint') : t('desktopApps.updates.versionHint'),
            span: 12,
            disabled: (mode) => frozen(mode),
            testId: 'desktop-release-version',
          },
          {
            name: 'minimumVersion',
            label: f('minimumVersion'),
            extra: t('desktopApps.updates.minimumHint'),
            span: 12,
            testId: 'desktop-release-minimum',
          },
          {
            name: 'channel',
            input: 'radio',
            label: f('channel'),
            options: channelOptions,
            span: 12,
            disabled: (mode) => frozen(mode),
            testId: 'desktop-release-channel',
          },
          {
            name: 'platform',
            input: 'radio',
            label: f('platform'),
            options: (v) => {
              const p = products.data?.find((x) => x.id === v.productId);
              return platformOptions.filter((o) => !p || p.platforms.includes(o.value));
            },
            span: 12,
            disabled: (mode) => frozen(mode),
            testId: 'desktop-release-platform',
          },
          {
            name: 'downloadUrl',
            label: f('downloadUrl'),
            extra: t('desktopApps.updates.urlHint'),
            disabled: (mode) => frozen(mode),
            testId: 'desktop-release-url',
          },
          {
            name: 'sha256',
            label: f('sha256'),
            extra: t('desktopApps.updates.shaHint'),
            disabled: (mode) => frozen(mode),
            testId: 'desktop-release-sha',
          },
          {
            name: 'notesZh',
            input: 'bilingual',
            label: f('notesZh'),
            pair: { name: 'notesEn', label: f('notesEn'), testId: 'desktop-release-notes-en' },
            requireOne: true,
            testId: 'desktop-release-notes',
          },
        ]}
        initialValues={(e) =>
          e.record
            ? { ...e.record }
            : {
                productId: list.query.productId ?? products.data?.[0]?.id,
                channel: 'stable',
                platform: 'windows',
                minimumVersion: '',
                notesZh: '',
                notesEn: '',
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            rowVersion: e.mode === 'edit' ? e.record.rowVersion : undefined,
            body: {
              productId: v.productId,
              version: v.version,
              channel: v.channel,
              platform: v.platform,
              downloadUrl: v.downloadUrl,
              sha256: v.sha256,
              notesZh: v.notesZh ?? '',
              notesEn: v.notesEn ?? '',
              minimumVersion: v.minimumVersion ?? '',
            },
          })
        }
        savedText={(r) => t('desktopApps.updates.saved', { version: r.version })}
        conflict={() => ({ field: 'version', text: t('desktopApps.updates.column.version') })}
        testId="desktop-release-form"
        saveTestId="desktop-release-save"
      />
      <RolloutModal
        release={rolloutOf}
        busy={move.isPending}
        onClose={() => setRolloutOf(null)}
        onSave={(r, pct) => void run(r, 'rollout', pct)}
      />
      <HistoryDrawer
        entity="desktop_app_release"
        entityId={historyOf?.id ?? null}
        name={historyOf ? `${historyOf.productCode} ${historyOf.version}` : ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={Object.fromEntries(
          (
            [
              'version',
              'channel',
              'platform',
              'downloadUrl',
              'sha256',
              'notesZh',
              'notesEn',
              'minimumVersion',
              'state',
              'percentage',
            ] as const
          ).map((k) => [k, f(k)]),
        )}
      />
    </>
  );
}
