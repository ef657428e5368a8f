/**
 * The history of one record: who changed what, when, with each field's value before and
 * after, newest first (the server's audit log filtered by entity and id; the entity's own
 * permission and shop scope apply there). A screen opens it from its edit drawer or a row:
 *
 *   <HistoryDrawer entity="listing" entityId={link.id} name={link.asin} fieldLabels={…} onClose={…} />
 */
import { history as ep } from '@bo/contract';
import { type AuditEntity, auditActionText } from '@bo/contract/access/audit-codes';
import type { HistoryChange, HistoryEntry } from '@bo/contract/access/history';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../components/StatusPanel';
import { formatTimestamp } from '../format';
import { errorText } from '../http/error-text';
import { call } from '../http/http-client';
import { useTexts } from '../i18n/lang';
import { FitTable } from '../table/FitTable';

const PAGE_SIZE = 20;

export interface HistoryDrawerProps {
  /** null: closed. */
  entityId: number | string | null;
  entity: AuditEntity;
  /** What the title names (an ASIN, a role's name). */
  name: ReactNode;
  onClose: () => void;
  /** The screen's words for its fields; a field without one shows its code. */
  fieldLabels?: Readonly<Record<string, string>>;
  /** A field's value as the screen shows it (a status as its tag); default: the value as text. */
  formatValue?: (field: string, value: unknown) => ReactNode;
}

/** A stored value as one line of text: empty ones as a dash, lists joined, objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export const historyKeys = {
  record: (entity: string, id: string) => ['history', entity, id] as const,
};

function ChangesTable({
  changes,
  labels,
  format,
}: {
  changes: readonly HistoryChange[];
  labels?: Readonly<Record<string, string>>;
  format?: HistoryDrawerProps['formatValue'];
}) {
  const { t } = useTranslation();
  const show = (field: string, v: unknown) => (format ? (format(field, v) ?? valueText(v)) : valueText(v));
  return (
    // The field, before and after are the entry: all key, they fit the 640 px drawer beside the timeline.
    <FitTable<HistoryChange>
      tableId="kit.history.changes"
      data-testid="history-changes"
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={changes as HistoryChange[]}
      columns={[
        {
          key: 'field',
          title: t('kit.history.field'),
          priority: 'key',
          width: 140,
          ellipsis: true,
          render: (_, c) => labels?.[c.field] ?? c.field,
        },
        {
          key: 'before',
          title: t('kit.history.before'),
          priority: 'key',
          width: 190,
          ellipsis: true,
          render: (_, c) => <span className="bo-muted">{show(c.field, c.before)}</span>,
        },
        {
          key: 'after',
          title: t('kit.history.after'),
          priority: 'key',
          width: 190,
          ellipsis: true,
          render: (_, c) => show(c.field, c.after),
        },
      ]}
    />
  );
}

function EntryHead({ e }: { e: HistoryEntry }) {
  const { t, lang } = useTexts();
  const who = e.actor
    ? e.actorName && e.actorName !== e.actor
      ? `${e.actorName} (${e.actor})`
      : e.actor
    : t('kit.history.system');
  return (
    <div className="bo-history-head">
      <Tag>{auditActionText(e.action, lang)}</Tag>
      <Typography.Text>{t('kit.history.by', { who, when: formatTimestamp(e.at) })}</Typography.Text>
      {e.impersonator && (
        <Typography.Text type="warning" className="bo-history-god">
          {t('kit.history.asOther', { real: e.impersonator })}
        </Typography.Text>
      )}
    </div>
  );
}

export function HistoryDrawer({ entityId, entity, name, onClose, fieldLabels, formatValue }: HistoryDrawerProps) {
  const { t, lang } = useTexts();
  const id = entityId === null ? '' : String(entityId);
  const q = useInfiniteQuery({
    queryKey: historyKeys.record(entity, id),
    queryFn: ({ pageParam, signal }) =>
      call(
        ep.getRecordHistory,
        { params: { entity, entityId: id }, query: { pageNum: pageParam, pageSize: PAGE_SIZE } },
        { signal, silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    enabled: entityId !== null,
    staleTime: 0,
  });
  const entries = q.data?.pages.flatMap((p) => p.list) ?? [];

  let body: ReactNode;
  if (q.error) body = <StatusPanel status="error" title={t('list.loadFailed')} subTitle={errorText(q.error, lang)} />;
  else if (q.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (entries.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('kit.history.empty')} />;
  else
    body = (
      <>
        <Timeline
          items={entries.map((e) => ({
            key: e.id,
            content: (
              <div data-testid={`history-entry-${e.id}`}>
                <EntryHead e={e} />
                {e.changes.length ? (
                  <ChangesTable changes={e.changes} labels={fieldLabels} format={formatValue} />
                ) : (
                  <Typography.Text type="secondary">{t('kit.history.noChanges')}</Typography.Text>
                )}
              </div>
            ),
          }))}
        />
        {q.hasNextPage && (
          <Button block loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()} data-testid="history-more">
            {t('kit.history.more')}
          </Button>
        )}
      </>
    );

  return (
    <Drawer
      open={entityId !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={t('kit.history.title', { name: typeof name === 'string' ? name : id })}
      data-testid="history-drawer"
    >
      <div data-testid="history-drawer-body">{body}</div>
    </Drawer>
  );
}
