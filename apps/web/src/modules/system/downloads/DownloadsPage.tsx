import { ALL_ROUTES, type Lang } from '@bo/contract';
import type { StoredExport } from '@bo/contract/files/exports';
import * as ep from '@bo/contract/files/exports';
import { Space, Typography } from 'antd';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { ExportButton } from '../../../shared/components/ExportButton';
import { useNotify } from '../../../shared/components/use-notify';
import { formatBytes, formatDateTime, formatInteger } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { downloadsKeys, fetchStoredExport, useDeleteStoredExport } from './downloads.queries';

/**
 * The screen an export was run from, by its permission: the built route whose permission is
 * the longest prefix of the export's (`product:manage:export` → /productMgr/list); the
 * endpoint's summary when no screen matches.
 */
export function exportTitle(e: Pick<StoredExport, 'permission' | 'summary'>, lang: Lang): string {
  let best: { title: string; len: number } | null = null;
  for (const r of ALL_ROUTES) {
    if (!r.built || r.menu === false) continue;
    const p = r.permission;
    if (e.permission !== p && !e.permission.startsWith(`${p}:`)) continue;
    if (!best || p.length > best.len) best = { title: r.title[lang], len: p.length };
  }
  return best?.title ?? e.summary;
}

/** The filters an export ran with, as `key: value` pairs (paging left out). */
export function filtersText(filters: Record<string, unknown>): string {
  return Object.entries(filters)
    .filter(([k, v]) => v !== undefined && v !== null && v !== '' && k !== 'pageNum' && k !== 'pageSize')
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('; ');
}

/** /assets/download: the caller's own stored exports (kept 7 days), downloaded again or deleted. */
export default function DownloadsPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep.listStoredExports, downloadsKeys.all);
  const remove = useDeleteStoredExport();

  const del = (e: StoredExport) => notify.run(() => remove.mutateAsync(e.id), t('downloads.deleted', { name: e.fileName }));

  const columns: KitColumn<StoredExport>[] = [
    {
      key: 'fileName',
      priority: 'key',
      width: 200,
      ellipsis: true,
      title: t('downloads.column.fileName'),
      render: (_, e) => (
        <Typography.Text strong title={e.fileName} data-testid={`download-name-${e.id}`}>
          {e.fileName}
        </Typography.Text>
      ),
    },
    {
      key: 'what',
      priority: 'key',
      width: 140,
      ellipsis: true,
      title: t('downloads.column.what'),
      render: (_, e) => <span title={e.summary}>{exportTitle(e, lang)}</span>,
    },
    {
      key: 'filters',
      width: 180,
      ellipsis: true,
      title: t('downloads.column.filters'),
      render: (_, e) => {
        const text = filtersText(e.filters);
        return text ? (
          <span title={text}>{text}</span>
        ) : (
          <Typography.Text type="secondary">{t('downloads.noFilters')}</Typography.Text>
        );
      },
    },
    {
      key: 'rows',
      width: 80,
      align: 'right',
      title: t('downloads.column.rows'),
      render: (_, e) => (e.rows === null ? '—' : formatInteger(e.rows)),
    },
    { key: 'size', width: 90, align: 'right', title: t('downloads.column.size'), render: (_, e) => formatBytes(e.size) },
    {
      key: 'createdAt',
      priority: 'key',
      width: 150,
      title: t('downloads.column.createdAt'),
      render: (_, e) => formatDateTime(e.createdAt),
    },
    {
      key: 'expiresAt',
      width: 150,
      priority: 'detail',
      title: t('downloads.column.expiresAt'),
      render: (_, e) => formatDateTime(e.expiresAt),
    },
    {
      key: 'actions',
      priority: 'key',
      fixed: 'right',
      // The export button (default size, with its icon) and the delete link side by side.
      width: 230,
      title: t('common.actions'),
      render: (_, e) => (
        <Space size={4}>
          <ExportButton
            label={t('downloads.download')}
            fetchFile={(options) => fetchStoredExport(e.id, options)}
            testId={`download-again-${e.id}`}
          />
          <DeleteAction
            title={t('downloads.confirmDelete', { name: e.fileName })}
            onConfirm={() => void del(e)}
            testId={`download-delete-${e.id}`}
            confirmTestId="download-delete-confirm"
          />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      testId="page-downloads"
      texts="downloads"
      list={list}
      filters={[]}
      columns={columns}
      tableId="files.downloads"
      rowKey="id"
      tableTestId="downloads-table"
      emptyText={t('downloads.empty')}
    />
  );
}
