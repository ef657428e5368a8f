import type { Change } from '@bo/contract/ppc/changes';
import { Button, Card, Empty, Space, Tag } from 'antd';
import { type ButtonPattern, useCan } from '../../../shared/Can';
import { ScreenHead } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { ActionLinks } from '../../../shared/kit/RowActions';
import { listPagination } from '../../../shared/list-paging';
import { FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { valueText } from './rule-text';
import { type Family, useRuleHistory, useUndoRuleChanges } from './rules.queries';

const URL_DEFAULTS = { ruleId: '', runId: '', pageNum: '1', pageSize: '20' } as const;

/** /ppcAuto/history and /ppcSmart/history: every change rules made, with undo per change and per run. */
export function RuleHistoryPage({ family }: { family: Family }) {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = {
    ...(filters.ruleId ? { ruleId: Number(filters.ruleId) } : {}),
    ...(filters.runId ? { runId: Number(filters.runId) } : {}),
    pageNum: Number(filters.pageNum) || 1,
    pageSize: Number(filters.pageSize) || 20,
  };
  const list = useRuleHistory(family, query);
  const undo = useUndoRuleChanges(family);
  const undoPermission: ButtonPattern = family === 'smart' ? 'ppc:smart:edit' : 'ppc:auto:edit';
  const doUndo = async (body: { changeIds?: number[]; runId?: number }) => {
    try {
      const out = await undo.mutateAsync(body);
      notify.success(t('ppc.rules.undone', { count: out.undone }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
  const key = family === 'smart' ? 'smart' : 'auto';
  // The filter tags name the rule and the run as the rows do (the ids stay in the URL).
  const rows = list.data?.list ?? [];
  const filteredRule = rows.find((c) => String(c.ruleId) === filters.ruleId);
  const filteredRun = rows.find((c) => String(c.ruleRunId) === filters.runId);
  const runText = (c: Pick<Change, 'ruleRunAt'> | undefined) =>
    c?.ruleRunAt ? t('ppc.rules.runOf', { time: formatDateTime(c.ruleRunAt) }) : t('ppc.rules.runs');
  return (
    <div className="bo-page" data-testid={`page-rule-history-${key}`}>
      <ScreenHead title={t(`ppc.rules.historyTitle.${key}`)} subtitle={t('ppc.rules.historySubtitle')} />
      <Card>
        {(filters.ruleId || filters.runId) && (
          <Space style={{ marginBottom: 12 }}>
            {filters.ruleId && (
              <Tag closable onClose={() => setFilters({ ruleId: '', pageNum: '1' })}>
                {t('ppc.rules.ruleFilter', { name: filteredRule?.ruleName ?? `#${filters.ruleId}` })}
              </Tag>
            )}
            {filters.runId && (
              <Tag closable onClose={() => setFilters({ runId: '', pageNum: '1' })}>
                {runText(filteredRun)}
              </Tag>
            )}
          </Space>
        )}
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          {/* At 1280 px: when, the rule, what changed, before, after and the undo; the shop and field when room allows. */}
          <FitTable<Change>
            tableId="ppc.rules.history"
            rowKey="id"
            size="middle"
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            locale={{ emptyText: <Empty description={t('ppc.rules.historyEmpty')} /> }}
            pagination={listPagination(query, list.data?.total ?? 0, t)}
            onChange={(p) => setFilters({ pageNum: String(p.current ?? 1), pageSize: String(p.pageSize ?? 20) })}
            data-testid="rule-history-table"
            columns={[
              {
                key: 'when',
                title: t('ppc.rules.when_'),
                priority: 'key',
                width: 150,
                render: (_, c) => formatDateTime(c.createdAt),
              },
              {
                key: 'rule',
                title: t('ppc.rules.rule'),
                priority: 'key',
                width: 160,
                ellipsis: true,
                render: (_, c) => (
                  <Space direction="vertical" size={0}>
                    <Button
                      type="link"
                      size="small"
                      style={{ padding: 0 }}
                      onClick={() => setFilters({ ruleId: String(c.ruleId), pageNum: '1' })}
                    >
                      {c.ruleName ?? `#${c.ruleId}`}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      style={{ padding: 0 }}
                      onClick={() => setFilters({ runId: String(c.ruleRunId), pageNum: '1' })}
                    >
                      {runText(c)}
                    </Button>
                  </Space>
                ),
              },
              {
                key: 'entity',
                title: t('ppc.rules.entity'),
                priority: 'key',
                width: 200,
                ellipsis: true,
                render: (_, c) => c.entityName,
              },
              { key: 'shop', title: t('ppc.rules.shop'), width: 120, ellipsis: true, render: (_, c) => c.shopName },
              {
                key: 'field',
                title: t('ppc.rules.field'),
                width: 100,
                render: (_, c) => t(`ppc.rules.fields.${c.field as 'bid'}`),
              },
              {
                key: 'before',
                title: t('ppc.rules.before'),
                priority: 'key',
                width: 90,
                align: 'right',
                render: (_, c) => valueText(c.before, t),
              },
              {
                key: 'after',
                title: t('ppc.rules.after'),
                priority: 'key',
                width: 90,
                align: 'right',
                render: (_, c) => valueText(c.after, t),
              },
              {
                key: 'undo',
                title: '',
                label: t('ppc.rules.undo'),
                priority: 'key',
                width: 200,
                render: (_, c) =>
                  c.undoneBy ? (
                    <Tag>{t('ppc.rules.undoneBy')}</Tag>
                  ) : can(undoPermission) ? (
                    <ActionLinks
                      actions={[
                        {
                          testId: `change-undo-${c.id}`,
                          label: t('ppc.rules.undo'),
                          confirm: { title: t('ppc.rules.undoConfirm') },
                          onClick: () => doUndo({ changeIds: [c.id] }),
                        },
                        {
                          testId: `change-undo-run-${c.id}`,
                          hidden: c.ruleRunId === null,
                          label: t('ppc.rules.undoRun'),
                          confirm: { title: t('ppc.rules.undoRunConfirm', { count: '' }) },
                          onClick: () => doUndo({ runId: c.ruleRunId ?? 0 }),
                        },
                      ]}
                    />
                  ) : null,
              },
            ]}
          />
        </QueryStates>
      </Card>
    </div>
  );
}
