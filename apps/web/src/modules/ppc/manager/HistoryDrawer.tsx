import type { ChangeEntity } from '@bo/contract/ppc/changes';
import { App, Button, Drawer, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { formatTimestamp } from '../../../shared/format';
import { isApiError } from '../../../shared/http/api-error';
import { FitTable } from '../../../shared/table/FitTable';
import { NONE } from '../../sales/shared/sales-format';
import { useChanges, useUndo } from './manager.queries';

export interface HistoryTarget {
  shopId: number;
  campaignType: string;
  entityType?: ChangeEntity;
  entityId?: number;
  title: string;
}

const show = (v: unknown) => (v === null || v === undefined ? NONE : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The history of changes of one entity or of a list's entities, newest first, with undo. */
export function HistoryDrawer({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const query = target
    ? {
        shopId: target.shopId,
        campaignType: target.campaignType,
        ...(target.entityType ? { entityType: target.entityType } : {}),
        ...(target.entityId ? { entityId: target.entityId } : {}),
        ...page,
      }
    : {};
  const changes = useChanges(query, target !== null);
  const undo = useUndo();
  const runUndo = async (body: { changeIds?: number[]; batchId?: number }) => {
    try {
      const r = await undo.mutateAsync(body);
      void message.success(t('ppc.mgr.undone', { count: r.applied.length }));
    } catch (err) {
      modal.error({ title: t('ppc.mgr.undoRefused'), content: isApiError(err) ? err.message : String(err) });
    }
  };
  type Row = NonNullable<typeof changes.data>['list'][number];
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      width={960}
      title={t('ppc.mgr.historyOf', { name: target?.title ?? '' })}
      data-testid="ppc-history"
    >
      {/* In the 960 px drawer: when, what, the change and the undo; the source and who when room allows. */}
      <FitTable<Row>
        tableId="ppc.mgr.history"
        data-testid="ppc-history-table"
        rowKey="id"
        size="small"
        loading={changes.isFetching}
        dataSource={changes.data?.list ?? []}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: changes.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        locale={{ emptyText: t('ppc.mgr.noHistory') }}
        columns={[
          {
            key: 'at',
            title: t('ppc.mgr.when'),
            priority: 'key',
            width: 140,
            render: (_, r) => formatTimestamp(r.createdAt, 'YYYY-MM-DD HH:mm'),
          },
          {
            key: 'entity',
            title: t('ppc.mgr.entity'),
            priority: 'key',
            width: 200,
            ellipsis: true,
            render: (_, r) => r.entityName,
          },
          {
            key: 'field',
            title: t('ppc.mgr.field'),
            priority: 'key',
            width: 100,
            ellipsis: true,
            render: (_, r) => t(`ppc.mgr.fields.${r.field}`, r.field),
          },
          {
            key: 'value',
            title: t('ppc.mgr.beforeAfter'),
            priority: 'key',
            width: 170,
            ellipsis: true,
            render: (_, r) => (r.field === 'create' ? t('ppc.mgr.created') : `${show(r.before)} → ${show(r.after)}`),
          },
          {
            key: 'source',
            title: t('ppc.mgr.source'),
            width: 130,
            render: (_, r) => (
              <Space size={4} wrap>
                <Tag>{t(`ppc.mgr.sources.${r.source}`)}</Tag>
                {r.undoneBy && <Tag color="orange">{t('ppc.mgr.wasUndone')}</Tag>}
                {r.exportedAt && <Tag color="blue">{t('ppc.mgr.exported')}</Tag>}
              </Space>
            ),
          },
          { key: 'user', title: t('ppc.mgr.user'), width: 110, ellipsis: true, render: (_, r) => r.userName ?? NONE },
          {
            key: 'undo',
            title: '',
            label: t('ppc.mgr.undo'),
            priority: 'key',
            width: 170,
            render: (_, r) =>
              r.undoneBy ? null : (
                <Can permission="ppc:manager:edit">
                  <Space size={4}>
                    <Popconfirm title={t('ppc.mgr.undoConfirm')} onConfirm={() => runUndo({ changeIds: [r.id] })}>
                      <Button size="small" data-testid={`ppc-undo-${r.id}`}>
                        {t('ppc.mgr.undo')}
                      </Button>
                    </Popconfirm>
                    <Popconfirm title={t('ppc.mgr.undoBatchConfirm')} onConfirm={() => runUndo({ batchId: r.batchId })}>
                      <Button size="small" type="link">
                        {t('ppc.mgr.undoBatch')}
                      </Button>
                    </Popconfirm>
                  </Space>
                </Can>
              ),
          },
        ]}
      />
      <Typography.Text type="secondary">{t('ppc.mgr.historyHint')}</Typography.Text>
    </Drawer>
  );
}
