/**
 * The list of H5 pages of one type (the three list routes): title, type, address, state (with
 * "unpublished changes"), blocks, last change, the public URL's copy and open, the state moves,
 * History and Delete (drafts and archived pages only: the server refuses the rest).
 */
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import {
  groupOfType,
  H5_ENDPOINTS_OF,
  H5_GROUPS,
  H5_MACHINE,
  H5_STATES,
  type H5Action,
  type H5Row,
  type H5Type,
} from '@bo/contract/h5pages/h5-pages';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { RowActions } from '../../../shared/kit/RowActions';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { h5Keys, useDeletePage, usePageAction } from '../h5pages.queries';

export const publicUrlOf = (slug: string) => `${window.location.origin}/h5/${slug}`;

export function H5ListPage({ type, openEditor }: { type: H5Type; openEditor: (id: number | null) => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const group = groupOfType(type);
  const ep = H5_ENDPOINTS_OF[group];
  const page = H5_GROUPS[group].page;
  const list = useKitList(ep.list, h5Keys.list(H5_GROUPS[group].segment), { type });
  const act = usePageAction(ep);
  const del = useDeletePage(ep);
  const [busy, setBusy] = useState<{ id: number; action: H5Action } | null>(null);
  const [historyOf, setHistoryOf] = useState<H5Row | null>(null);
  const titleOf = (p: H5Row) => (lang === 'zh-CN' ? p.titleZh || p.titleEn : p.titleEn || p.titleZh);

  const copy = async (p: H5Row) => {
    await navigator.clipboard?.writeText(publicUrlOf(p.slug));
    notify.success(t('h5Pages.list.copied'));
  };

  const columns: KitColumn<H5Row>[] = [
    {
      key: 'title',
      priority: 'key',
      width: 240,
      ellipsis: true,
      title: t('h5Pages.list.column.title'),
      render: (_, p) => (
        <Typography.Link onClick={() => openEditor(p.id)} data-testid={`h5-title-${p.id}`}>
          {titleOf(p)}
        </Typography.Link>
      ),
    },
    {
      key: 'type',
      priority: 'normal',
      width: 120,
      title: t('h5Pages.list.column.type'),
      render: (_, p) => <Tag>{t(`h5Pages.type.${p.type}`)}</Tag>,
    },
    {
      key: 'slug',
      sortable: true,
      priority: 'key',
      width: 260,
      title: t('h5Pages.list.column.slug'),
      render: (_, p) => (
        <Space size={4}>
          <Typography.Text code>{p.publicPath}</Typography.Text>
          <Tooltip title={t('h5Pages.list.copy')}>
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label={t('h5Pages.list.copy')}
              onClick={() => void copy(p)}
              data-testid={`h5-copy-${p.id}`}
            />
          </Tooltip>
          {p.state === 'published' && (
            <Tooltip title={t('h5Pages.list.open')}>
              <Button
                size="small"
                type="text"
                icon={<ExportOutlined />}
                aria-label={t('h5Pages.list.open')}
                href={p.publicPath}
                target="_blank"
                rel="noopener"
                data-testid={`h5-open-${p.id}`}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'state',
      priority: 'key',
      width: 170,
      title: t('h5Pages.list.column.state'),
      render: (_, p) => (
        <Space size={4} wrap>
          <StateTag machine={H5_MACHINE} state={p.state} testId={`h5-state-${p.id}`} />
          {p.changed && <Tag color="gold">{t('h5Pages.list.changed')}</Tag>}
        </Space>
      ),
    },
    { key: 'blocks', priority: 'detail', width: 80, title: t('h5Pages.list.column.blocks'), render: (_, p) => p.blockCount },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'normal',
      width: 170,
      title: t('h5Pages.list.column.updatedAt'),
      render: (_, p) => `${formatDateTime(p.updatedAt)}${p.updatedBy ? ` · ${p.updatedBy}` : ''}`,
    },
    actionsColumn(t, 320, (_, p) => (
      <Space size={4} wrap>
        <StateActions
          machine={H5_MACHINE}
          state={p.state}
          busy={busy?.id === p.id ? busy.action : null}
          testIdPrefix={`h5-${p.id}`}
          onAction={(action) => {
            setBusy({ id: p.id, action });
            void notify
              .run(
                () => act.mutateAsync({ id: p.id, action, version: p.version }),
                (saved) => t('h5Pages.list.moved', { slug: saved.slug, state: t(`h5Pages.state.${saved.state}`) }),
              )
              .finally(() => setBusy(null));
          }}
        />
        <RowActions
          prefix="h5"
          id={p.id}
          edit={p.state === 'archived' ? undefined : { permission: `${page}:edit`, onClick: () => openEditor(p.id) }}
          onHistory={() => setHistoryOf(p)}
          remove={
            p.state === 'published'
              ? undefined
              : {
                  permission: `${page}:delete`,
                  title: t('h5Pages.list.confirmDelete', { slug: p.slug }),
                  onConfirm: () => void notify.run(() => del.mutateAsync(p.id), t('h5Pages.list.deleted', { slug: p.slug })),
                }
          }
        />
      </Space>
    )),
  ];

  return (
    <>
      <ListPage
        testId={`page-h5-${type}`}
        texts={`h5Pages.list.${type}`}
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('h5Pages.list.search'), maxLength: 100, testId: 'h5-search' },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('h5Pages.list.allStates'),
            width: 130,
            options: H5_STATES.map((s) => ({ value: s, label: t(`h5Pages.state.${s}`) })),
          },
        ]}
        toolbar={
          <AddButton permission={`${page}:create`} onClick={() => openEditor(null)} testId="h5-create">
            {t('h5Pages.list.create')}
          </AddButton>
        }
        columns={columns}
        tableId={`h5pages.${type}`}
        rowKey="id"
        tableTestId="h5-table"
        emptyText={t('h5Pages.list.empty')}
      />
      <HistoryDrawer
        entity="h5_page"
        entityId={historyOf?.id ?? null}
        name={historyOf?.slug ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          slug: t('h5Pages.list.column.slug'),
          state: t('h5Pages.list.column.state'),
          titleZh: t('h5Pages.edit.titleZh'),
          titleEn: t('h5Pages.edit.titleEn'),
          blocks: t('h5Pages.list.column.blocks'),
          draft: t('h5Pages.edit.blocks'),
          live: t('h5Pages.edit.live'),
        }}
      />
    </>
  );
}
