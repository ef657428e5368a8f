/** The runs of a schedule (with an undo of a run's batch) and every change it made. */
import type { Schedule } from '@bo/contract/ppc/schedules';
import { Button, Drawer, Popconfirm, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { type ButtonPattern, useCan } from '../../../shared/Can';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { dayKey } from './grid';
import { useScheduleChanges, useScheduleRuns, useUndoScheduleBatch } from './schedules.queries';

/** One tab's rows, a page at a time (the runs, the changes). */
function PagedRows<T extends { id: number }>({
  query,
  page,
  pageSize,
  onPage,
  table,
  columns,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown; data?: { list: T[]; total: number } };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  table: 'runs' | 'changes';
  columns: FitColumnType<T>[];
}) {
  return (
    <QueryStates pending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
      <FitTable<T>
        tableId={`ppc.schedule.${table}`}
        rowKey="id"
        size="small"
        dataSource={query.data?.list ?? []}
        pagination={{ current: page, pageSize, total: query.data?.total ?? 0, onChange: onPage, showSizeChanger: false }}
        data-testid={`schedule-${table}`}
        columns={columns}
      />
    </QueryStates>
  );
}

export function ScheduleHistoryDrawer({ schedule, onClose }: { schedule: Schedule; onClose: () => void }) {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const [runPage, setRunPage] = useState(1);
  const [changePage, setChangePage] = useState(1);
  const runs = useScheduleRuns(schedule.id, runPage);
  const changes = useScheduleChanges(schedule.id, changePage);
  const undo = useUndoScheduleBatch();
  const undone = new Set((changes.data?.list ?? []).filter((c) => c.undoneBy !== null).map((c) => c.batchId));

  return (
    <Drawer
      open
      // antd 6 takes the width from size (a width beside size="large" was ignored: the drawer was 736 px).
      size={980}
      title={t('ppc.schedule.historyTitle', { name: schedule.name })}
      onClose={onClose}
      data-testid="schedule-history"
    >
      <Tabs
        items={[
          {
            key: 'runs',
            label: t('ppc.schedule.runs'),
            children: (
              <PagedRows
                query={runs}
                page={runPage}
                pageSize={10}
                onPage={setRunPage}
                table="runs"
                columns={[
                  {
                    key: 'at',
                    title: t('ppc.schedule.ranAt'),
                    priority: 'key',
                    width: 150,
                    render: (_, r) => formatDateTime(r.startedAt),
                  },
                  {
                    key: 'trigger',
                    title: t('ppc.schedule.trigger_'),
                    width: 110,
                    render: (_, r) => t(`ppc.schedule.trigger.${r.trigger}`),
                  },
                  {
                    key: 'slot',
                    title: t('ppc.schedule.slot'),
                    priority: 'key',
                    width: 170,
                    render: (_, r) =>
                      r.weekday !== null && r.hour !== null
                        ? `${t(`ppc.schedule.weekday.${dayKey(r.weekday)}`)} ${String(r.hour).padStart(2, '0')}:00 · ${r.pct} %`
                        : '-',
                  },
                  {
                    key: 'entities',
                    title: t('ppc.schedule.entities'),
                    width: 90,
                    align: 'right',
                    render: (_, r) => r.entities,
                  },
                  {
                    key: 'changed',
                    title: t('ppc.schedule.changed'),
                    priority: 'key',
                    width: 90,
                    align: 'right',
                    render: (_, r) => r.changed,
                  },
                  {
                    key: 'rebased',
                    label: t('ppc.schedule.rebased'),
                    width: 90,
                    title: (
                      <Tooltip title={t('ppc.schedule.rebasedHelp')}>
                        <span>{t('ppc.schedule.rebased')}</span>
                      </Tooltip>
                    ),
                    align: 'right',
                    render: (_, r) => r.rebased,
                  },
                  {
                    key: 'status',
                    title: t('ppc.schedule.status'),
                    priority: 'key',
                    width: 100,
                    render: (_, r) => (
                      <Tooltip title={r.message ?? undefined}>
                        <Tag color={r.status === 'failed' ? 'red' : 'green'}>{t(`ppc.schedule.runStatus.${r.status}`)}</Tag>
                      </Tooltip>
                    ),
                  },
                  {
                    key: 'undo',
                    title: '',
                    label: t('ppc.schedule.undo'),
                    priority: 'key',
                    width: 90,
                    render: (_, r) =>
                      r.batchId && r.changed > 0 && !undone.has(r.batchId) && can('ppc:report:edit' as ButtonPattern) ? (
                        <Popconfirm
                          title={t('ppc.schedule.undoConfirm', { count: r.changed })}
                          okButtonProps={{ 'data-testid': 'schedule-undo-confirm' }}
                          onConfirm={async () => {
                            try {
                              const out = await undo.mutateAsync({ id: schedule.id, batchId: r.batchId as number });
                              notify.success(t('ppc.schedule.undone', { count: out.applied.length }));
                            } catch (err) {
                              notify.error(errorText(err, lang));
                            }
                          }}
                        >
                          <Button size="small" type="link" data-testid={`schedule-undo-${r.id}`}>
                            {t('ppc.schedule.undo')}
                          </Button>
                        </Popconfirm>
                      ) : null,
                  },
                ]}
              />
            ),
          },
          {
            key: 'changes',
            label: t('ppc.schedule.changes'),
            children: (
              <PagedRows
                query={changes}
                page={changePage}
                pageSize={20}
                onPage={setChangePage}
                table="changes"
                columns={[
                  {
                    key: 'at',
                    title: t('ppc.schedule.ranAt'),
                    priority: 'key',
                    width: 160,
                    render: (_, c) => formatDateTime(c.createdAt),
                  },
                  {
                    key: 'entity',
                    title: t('ppc.schedule.entity'),
                    priority: 'key',
                    width: 250,
                    ellipsis: true,
                    render: (_, c) => c.entityName,
                  },
                  {
                    key: 'field',
                    title: t('ppc.schedule.field'),
                    priority: 'key',
                    width: 110,
                    render: (_, c) =>
                      c.field === 'bid' || c.field === 'daily_budget' ? t(`ppc.schedule.fields.${c.field}`) : c.field,
                  },
                  {
                    key: 'change',
                    title: t('ppc.schedule.beforeAfter'),
                    priority: 'key',
                    width: 160,
                    render: (_, c) => (
                      <span data-testid={`schedule-change-${c.entityType}-${c.entityId}`}>
                        {String(c.before)} → {String(c.after)}
                      </span>
                    ),
                  },
                  {
                    key: 'note',
                    title: t('ppc.schedule.note'),
                    width: 200,
                    ellipsis: true,
                    render: (_, c) => (
                      <Typography.Text type="secondary">
                        {c.source === 'undo' ? t('ppc.schedule.trigger.undo') : c.note}
                        {c.undoneBy !== null && <Tag style={{ marginLeft: 6 }}>{t('ppc.schedule.undoneTag')}</Tag>}
                      </Typography.Text>
                    ),
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
